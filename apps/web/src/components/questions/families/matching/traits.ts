import type { FamilyTraits } from '../../family-ui.ts';

/** The matching family's traits: the screens show the question's image above its player. */
export const matchingTraits: FamilyTraits = { playerShowsImage: false };

import type { FamilyTraits } from '../../family-ui.ts';

/** The open family's traits: the screens show the question's image above its player. */
export const openTraits: FamilyTraits = { playerShowsImage: false };

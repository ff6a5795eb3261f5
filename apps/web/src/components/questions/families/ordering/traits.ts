import type { FamilyTraits } from '../../family-ui.ts';

/** The ordering family's traits: the screens show the question's image above its player. */
export const orderingTraits: FamilyTraits = { playerShowsImage: false };

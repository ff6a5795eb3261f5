import type { FamilyTraits } from '../../family-ui.ts';

/** The trueFalse family's traits: the screens show the question's image above its player. */
export const trueFalseTraits: FamilyTraits = { playerShowsImage: false };

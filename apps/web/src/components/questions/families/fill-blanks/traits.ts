import type { FamilyTraits } from '../../family-ui.ts';

/** The fillBlanks family's traits: the screens show the question's image above its player. */
export const fillBlanksTraits: FamilyTraits = { playerShowsImage: false };

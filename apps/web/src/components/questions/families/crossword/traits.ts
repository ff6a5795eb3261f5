import type { FamilyTraits } from '../../family-ui.ts';

/** The crossword family's traits: the screens show the question's image above its player. */
export const crosswordTraits: FamilyTraits = { playerShowsImage: false };

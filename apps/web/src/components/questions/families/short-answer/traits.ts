import type { FamilyTraits } from '../../family-ui.ts';

/** The shortAnswer family's traits: the screens show the question's image above its player. */
export const shortAnswerTraits: FamilyTraits = { playerShowsImage: false };

import type { FamilyTraits } from '../../family-ui.ts';

/** The choice family: its player shows the question's image next to the options. */
export const choiceTraits: FamilyTraits = { playerShowsImage: true };

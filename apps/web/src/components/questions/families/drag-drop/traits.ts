import type { FamilyTraits } from '../../family-ui.ts';

/** The dragDrop family's traits: the screens show the question's image above its player. */
export const dragDropTraits: FamilyTraits = { playerShowsImage: false };

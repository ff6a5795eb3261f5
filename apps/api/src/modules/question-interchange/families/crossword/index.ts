import type { FamilyInterchange } from '../registry.ts';

/**
 * The crossword family in each file format (one file per format here); null is a decision, written
 * down: No format has a crossword question.
 */
export const crosswordInterchange: FamilyInterchange<'crossword'> = {
  converters: {
    moodle: null,
    gift: null,
    qti: null,
    aiken: null,
  },
  losses: null,
  images: null,
};

import type { FamilyInterchange } from '../registry.ts';
import { fillBlanksGift } from './gift.ts';
import { fillBlanksMoodle } from './moodle.ts';
import { fillBlanksQti } from './qti.ts';

/**
 * The fillBlanks family in each file format (one file per format here); null is a decision,
 * written down: Aiken is lettered multiple choice only.
 */
export const fillBlanksInterchange: FamilyInterchange<'fillBlanks'> = {
  converters: {
    moodle: fillBlanksMoodle,
    gift: fillBlanksGift,
    qti: fillBlanksQti,
    aiken: null,
  },
  losses: null,
  images: null,
};

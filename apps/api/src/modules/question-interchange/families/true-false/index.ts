import type { FamilyInterchange } from '../registry.ts';
import { trueFalseGift } from './gift.ts';
import { trueFalseMoodle } from './moodle.ts';
import { trueFalseQti } from './qti.ts';

/**
 * The trueFalse family in each file format (one file per format here); null is a decision, written
 * down: Aiken is lettered multiple choice only.
 */
export const trueFalseInterchange: FamilyInterchange<'trueFalse'> = {
  converters: {
    moodle: trueFalseMoodle,
    gift: trueFalseGift,
    qti: trueFalseQti,
    aiken: null,
  },
  losses: null,
  images: null,
};

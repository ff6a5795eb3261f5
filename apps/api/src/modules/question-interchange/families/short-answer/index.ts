import type { FamilyInterchange } from '../registry.ts';
import { shortAnswerGift } from './gift.ts';
import { shortAnswerLosses } from './losses.ts';
import { shortAnswerMoodle } from './moodle.ts';
import { shortAnswerQti } from './qti.ts';

/**
 * The shortAnswer family in each file format (one file per format here), and what an export loses
 * of it (losses.ts); null is a decision, written down: Aiken is lettered multiple choice only.
 */
export const shortAnswerInterchange: FamilyInterchange<'shortAnswer'> = {
  converters: {
    moodle: shortAnswerMoodle,
    gift: shortAnswerGift,
    qti: shortAnswerQti,
    aiken: null,
  },
  losses: shortAnswerLosses,
  images: null,
};

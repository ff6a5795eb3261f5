import type { FamilyInterchange } from '../registry.ts';
import { matchingGift } from './gift.ts';
import { matchingMoodle } from './moodle.ts';
import { matchingQti } from './qti.ts';

/**
 * The matching family in each file format (one file per format here); null is a decision, written
 * down: Aiken is lettered multiple choice only.
 */
export const matchingInterchange: FamilyInterchange<'matching'> = {
  converters: {
    moodle: matchingMoodle,
    gift: matchingGift,
    qti: matchingQti,
    aiken: null,
  },
  losses: null,
  images: null,
};

import type { FamilyInterchange } from '../registry.ts';
import { openGift } from './gift.ts';
import { openLosses } from './losses.ts';
import { openMoodle } from './moodle.ts';
import { openQti } from './qti.ts';

/**
 * The open family in each file format (one file per format here), and what an export loses of it
 * (losses.ts); null is a decision, written down: Aiken is lettered multiple choice only.
 */
export const openInterchange: FamilyInterchange<'open'> = {
  converters: {
    moodle: openMoodle,
    gift: openGift,
    qti: openQti,
    aiken: null,
  },
  losses: openLosses,
  images: null,
};

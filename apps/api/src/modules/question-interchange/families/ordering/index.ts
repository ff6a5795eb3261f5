import type { FamilyInterchange } from '../registry.ts';
import { orderingMoodle } from './moodle.ts';
import { orderingQti } from './qti.ts';

/**
 * The ordering family in each file format (one file per format here); null is a decision, written
 * down: GIFT has no ordering question; Aiken is lettered multiple choice only.
 */
export const orderingInterchange: FamilyInterchange<'ordering'> = {
  converters: {
    moodle: orderingMoodle,
    gift: null,
    qti: orderingQti,
    aiken: null,
  },
  losses: null,
  images: null,
};

import type { FamilyInterchange } from '../registry.ts';
import { dragDropQti } from './qti.ts';

/**
 * The dragDrop family in each file format (one file per format here); null is a decision, written
 * down: Moodle and GIFT have no categorisation question (Moodle's ddwtos and ddimageortext drop
 * words into text or an image, skipped on import with their type); Aiken is lettered multiple
 * choice only.
 */
export const dragDropInterchange: FamilyInterchange<'dragDrop'> = {
  converters: {
    moodle: null,
    gift: null,
    qti: dragDropQti,
    aiken: null,
  },
  losses: null,
  images: null,
};

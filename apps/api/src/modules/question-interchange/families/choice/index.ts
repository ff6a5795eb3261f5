import type { FamilyInterchange } from '../registry.ts';
import { choiceAiken } from './aiken.ts';
import { choiceGift } from './gift.ts';
import { choiceLosses } from './losses.ts';
import { choiceMoodle } from './moodle.ts';
import { choiceQti } from './qti.ts';

/**
 * The choice family in each file format (one file per format here), and what an export loses of it
 * (losses.ts).
 */
export const choiceInterchange: FamilyInterchange<'choice'> = {
  converters: {
    moodle: choiceMoodle,
    gift: choiceGift,
    qti: choiceQti,
    aiken: choiceAiken,
  },
  losses: choiceLosses,
  images: (config) => (config.options ?? []).map((option) => option.imageUrl),
};

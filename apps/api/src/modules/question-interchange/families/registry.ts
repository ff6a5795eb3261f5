import type { FamilyConfig, FamilyId } from '@vbuilder/shared';
import type { FamilyConverter } from '../convert.ts';
import type { AikenItem, GiftItem, MoodleItem, QtiItem } from '../formats/models.ts';
import { choiceAiken } from './choice/aiken.ts';
import { choiceGift } from './choice/gift.ts';
import { choiceMoodle } from './choice/moodle.ts';
import { choiceQti } from './choice/qti.ts';
import { dragDropQti } from './drag-drop/qti.ts';
import { fillBlanksGift } from './fill-blanks/gift.ts';
import { fillBlanksMoodle } from './fill-blanks/moodle.ts';
import { fillBlanksQti } from './fill-blanks/qti.ts';
import { matchingGift } from './matching/gift.ts';
import { matchingMoodle } from './matching/moodle.ts';
import { matchingQti } from './matching/qti.ts';
import { openGift } from './open/gift.ts';
import { openMoodle } from './open/moodle.ts';
import { openQti } from './open/qti.ts';
import { orderingMoodle } from './ordering/moodle.ts';
import { orderingQti } from './ordering/qti.ts';
import { shortAnswerGift } from './short-answer/gift.ts';
import { shortAnswerMoodle } from './short-answer/moodle.ts';
import { shortAnswerQti } from './short-answer/qti.ts';
import { trueFalseGift } from './true-false/gift.ts';
import { trueFalseMoodle } from './true-false/moodle.ts';
import { trueFalseQti } from './true-false/qti.ts';

/** The intermediate item of each format family (QTI 3.0, 2.x and 1.2 share one). */
export interface FormatItems {
  moodle: MoodleItem;
  gift: GiftItem;
  qti: QtiItem;
  aiken: AikenItem;
}
export type ConverterFormat = keyof FormatItems;

/**
 * Every family's converter for every format, server-side only (XML and zip code stay out of the
 * web bundle). A family or format missing here is a compile error; `null` is a decision that
 * the format cannot carry the family, written down:
 * - trueFalse / Aiken: Aiken is lettered multiple choice only.
 * - shortAnswer, fillBlanks, matching, ordering, dragDrop, open / Aiken: same.
 * - ordering / GIFT: GIFT has no ordering question.
 * - dragDrop / Moodle, GIFT: neither has a categorisation question (Moodle's ddwtos and
 *   ddimageortext drop words into text or an image, skipped on import with their type).
 * - crossword / all: no format has a crossword question.
 * Import tries the family a vbuilder export names first, then the families in this order.
 */
export const CONVERTERS: {
  [F in FamilyId]: { [K in ConverterFormat]: FamilyConverter<FormatItems[K], FamilyConfig<F>> | null };
} = {
  trueFalse: { moodle: trueFalseMoodle, gift: trueFalseGift, qti: trueFalseQti, aiken: null },
  choice: { moodle: choiceMoodle, gift: choiceGift, qti: choiceQti, aiken: choiceAiken },
  shortAnswer: { moodle: shortAnswerMoodle, gift: shortAnswerGift, qti: shortAnswerQti, aiken: null },
  fillBlanks: { moodle: fillBlanksMoodle, gift: fillBlanksGift, qti: fillBlanksQti, aiken: null },
  matching: { moodle: matchingMoodle, gift: matchingGift, qti: matchingQti, aiken: null },
  ordering: { moodle: orderingMoodle, gift: null, qti: orderingQti, aiken: null },
  dragDrop: { moodle: null, gift: null, qti: dragDropQti, aiken: null },
  crossword: { moodle: null, gift: null, qti: null, aiken: null },
  open: { moodle: openMoodle, gift: openGift, qti: openQti, aiken: null },
};

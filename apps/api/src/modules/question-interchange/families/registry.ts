import type { FamilyConfig, FamilyId } from '@vbuilder/shared';
import type { FamilyConverter, Note } from '../convert.ts';
import type { AikenItem, GiftItem, MoodleItem, QtiItem } from '../formats/models.ts';
import type { ExportFormat } from '../types.ts';
import { choiceInterchange } from './choice/index.ts';
import { crosswordInterchange } from './crossword/index.ts';
import { dragDropInterchange } from './drag-drop/index.ts';
import { fillBlanksInterchange } from './fill-blanks/index.ts';
import { matchingInterchange } from './matching/index.ts';
import { openInterchange } from './open/index.ts';
import { orderingInterchange } from './ordering/index.ts';
import { shortAnswerInterchange } from './short-answer/index.ts';
import { trueFalseInterchange } from './true-false/index.ts';

/** The intermediate item of each format family (QTI 3.0, 2.x and 1.2 share one). */
export interface FormatItems {
  moodle: MoodleItem;
  gift: GiftItem;
  qti: QtiItem;
  aiken: AikenItem;
}
export type ConverterFormat = keyof FormatItems;

/** One family's converter for each format; null where the format cannot carry the family. */
export type FamilyConverters<F extends FamilyId> = {
  [K in ConverterFormat]: FamilyConverter<FormatItems[K], FamilyConfig<F>> | null;
};

/** A family in the interchange module: the folder families/<family>/, gathered in its index.ts. */
export interface FamilyInterchange<F extends FamilyId> {
  converters: FamilyConverters<F>;
  /**
   * The parts of the family's own config an export to `format` loses (../losses.ts adds the parts
   * every question has); null when a format that carries the family carries all of them.
   */
  losses: ((config: FamilyConfig<F>, format: ExportFormat) => Note[]) | null;
  /**
   * The images of the family's config besides the question's own (choice: its options'), which
   * an export loads and embeds; null when the config holds none.
   */
  images: ((config: FamilyConfig<F>) => (string | null | undefined)[]) | null;
}

/**
 * Every family of the interchange module, server-side only (XML and zip code stay out of the web
 * bundle). Each family's folder here says in its index.ts which formats carry it, and why a
 * format that does not cannot (`null`); a family or format missing is a compile error.
 * Import tries the family a vbuilder export names first, then the families in this order.
 */
export const FAMILY_INTERCHANGE: { [F in FamilyId]: FamilyInterchange<F> } = {
  trueFalse: trueFalseInterchange,
  choice: choiceInterchange,
  shortAnswer: shortAnswerInterchange,
  fillBlanks: fillBlanksInterchange,
  matching: matchingInterchange,
  ordering: orderingInterchange,
  dragDrop: dragDropInterchange,
  crossword: crosswordInterchange,
  open: openInterchange,
};

const byFamily = <T>(pick: <F extends FamilyId>(family: FamilyInterchange<F>) => T): { [F in FamilyId]: T } =>
  Object.fromEntries(
    Object.entries(FAMILY_INTERCHANGE).map(([id, family]) => [
      id,
      pick(family as FamilyInterchange<FamilyId>),
    ]),
  ) as { [F in FamilyId]: T };

/** Every family's converter for every format, in FAMILY_INTERCHANGE's order. */
export const CONVERTERS = byFamily((family) => family.converters) as { [F in FamilyId]: FamilyConverters<F> };

/** The images of each family's config an export carries. */
export const FAMILY_IMAGES = byFamily((family) => family.images) as {
  [F in FamilyId]: FamilyInterchange<F>['images'];
};

/** What an export loses of each family's own config (losses.ts). */
export const FAMILY_LOSSES = byFamily((family) => family.losses) as {
  [F in FamilyId]: FamilyInterchange<F>['losses'];
};

import {
  QUESTION_SCORE_MAX,
  QUESTION_SCORE_MIN,
  getQuestionType,
  isQuestionTypeId,
  type FamilyId,
  type Question,
  type QuestionTypeId,
} from '@vbuilder/shared';
import type { RichText } from './rich-text.ts';
import type { ReasonCode } from './types.ts';

/**
 * What a family's converter (families/<family>/<format>.ts) exchanges with a format's reader and
 * writer (formats/<format>.ts): the format's small intermediate item on one side, a draft
 * question on the other. Readers and writers know the file syntax; converters know the types.
 */

/** A reason without its translation (index.ts translates). */
export interface Note {
  code: ReasonCode;
  params?: Record<string, string | number | undefined>;
}

/** A question read from an item, before the format resolves images into media. */
export interface Draft {
  type: QuestionTypeId;
  text: RichText;
  /** From the item (Moodle defaultgrade, QTI normal-maximum); null: the format has none. */
  score: number | null;
  config: unknown;
  /** Choice options' image references, by option id. */
  optionImages?: Record<string, string>;
  /** What the converter could keep only in part. */
  notes: Note[];
}

/** A converter's answer to an item: a draft, a reason to skip it, or null (not this family's). */
export type ReadOutcome = Draft | { skip: Note } | null;

export type WriteOutcome<Item> = Item | { skip: Note };

/** A question whose config is its family's. */
export type QuestionOf<Config> = Omit<Question, 'config'> & { config: Config };

export interface FamilyConverter<Item, Config> {
  /** The foreign item as this family's question; null when the item is not of this family. */
  read(item: Item, hint: QuestionTypeId | null): ReadOutcome;
  /** This family's question as the format's item (imageUrl is handled by the format). */
  write(question: QuestionOf<Config>): WriteOutcome<Item>;
}

export const isSkip = (value: unknown): value is { skip: Note } =>
  typeof value === 'object' && value !== null && 'skip' in value;

/**
 * The vbuilder type of a family a foreign item becomes: the hint the file carries (a vbuilder
 * export names its type) when it is of this family and fits, else the family's first type.
 */
export function typeFor(
  family: FamilyId,
  hint: QuestionTypeId | null,
  fallback: QuestionTypeId,
  fits: (type: QuestionTypeId) => boolean = () => true,
): QuestionTypeId {
  if (hint && isQuestionTypeId(hint) && getQuestionType(hint).family === family && fits(hint)) return hint;
  return fallback;
}

/** A foreign score as the item gives it (null when absent or not a number); index.ts fits it to vbuilder's steps. */
export function toScore(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value) ? null : value;
}

/** A score in vbuilder's range and steps (0.5..100 by 0.5); null (no score in the format) is 1. */
export function fitScore(value: number | null): number {
  if (value === null) return 1;
  return Math.min(QUESTION_SCORE_MAX, Math.max(QUESTION_SCORE_MIN, Math.round(value * 2) / 2));
}

/** Option/part ids for imported parts: 'a'..'z' then 'o27'... */
export const letterId = (index: number): string =>
  index < 26 ? String.fromCharCode(97 + index) : `o${index + 1}`;

/** The hint a vbuilder export leaves in a tag: 'vbuilder-type:case-studies'. */
export const TYPE_TAG_PREFIX = 'vbuilder-type:';
export function typeHintFromTags(tags: string[]): { hint: QuestionTypeId | null; tags: string[] } {
  let hint: QuestionTypeId | null = null;
  const rest: string[] = [];
  for (const tag of tags) {
    const value = tag.startsWith(TYPE_TAG_PREFIX) ? tag.slice(TYPE_TAG_PREFIX.length) : null;
    if (value !== null && isQuestionTypeId(value)) hint = value;
    else rest.push(tag);
  }
  return { hint, tags: rest };
}

import type { z } from 'zod';
import type { JsonValue, QuestionExample } from './example-format.ts';
import type { OpenResponseKind, QuestionTypeId } from './types.ts';

/** What marking one answer gives. `details` lets a player show which parts were right. */
export interface MarkResult {
  /** Points earned, 0..max, rounded to two decimals. */
  score: number;
  max: number;
  /** true when every part is right; false when not; null when a person must mark it. */
  correct: boolean | null;
  /** 'auto': marked here; 'manual': waiting for a teacher; 'unscored': counts for nothing (surveys). */
  status: 'auto' | 'manual' | 'unscored';
  /** Family-specific breakdown, e.g. per gap or per pair: { key: boolean }. */
  details?: Record<string, boolean>;
}

/** What a family knows of the question type it serves (a QuestionTypeInfo fits). */
export interface FamilyTypeInfo {
  id: QuestionTypeId;
  /** The docs/product/limits.md name, also the `type` of its example. */
  name: string;
  responseKind: OpenResponseKind | null;
  withImage: boolean;
}

/** What an example gives a question besides id, type, score and instructions. */
export interface ExampleQuestionParts<Config> {
  /** Not validated: parse the whole question with QuestionSchema. */
  config: Config;
  /** When the example's options add to what a student reads (open types); else the example's question. */
  text?: string;
  imageUrl?: string | null;
}

/** What a question gives its example besides type, score and instructions. */
export interface QuestionExampleParts {
  options: JsonValue;
  answer: JsonValue;
  maxWords?: number;
}

/** The attempt a student view is made for: the question's id and the attempt's secret seed. */
export interface StudentViewContext {
  questionId: string;
  seed: string;
}

/**
 * What a student may see of a family's questions (student-view.ts explains the masking): the
 * config without its answers, and how answers and marking details cross between the question's
 * own part ids and the ids the view shows.
 */
export interface FamilyStudentView<Config, StudentConfig> {
  config(config: Config, context: StudentViewContext): StudentConfig;
  /** A student's answer (not null) in the view's ids → in the question's own ids. */
  answerFromView(config: Config, context: StudentViewContext, answer: unknown): unknown;
  /** An answer in the question's own ids (not null) → in the view's ids. */
  answerToView(config: Config, context: StudentViewContext, answer: unknown): unknown;
  /** Marking details keyed by the question's own part ids → keyed as the view shows them. */
  detailsToView(
    config: Config,
    context: StudentViewContext,
    details: Record<string, boolean>,
  ): Record<string, boolean>;
}

/**
 * A question family owns all its behaviour: the shape of a question's configuration and of an
 * answer, how an answer is marked, a new question's starting config, the conversion between its
 * questions and docs/product/data.md examples, and what a student may see. A question type (registry.ts) is
 * data that names a family; registry.ts, examples.ts and student-view.ts only dispatch to the
 * family (families/index.ts, FAMILIES), so a family missing a member is a compile error.
 * `mark` is pure and total: a malformed answer scores 0 with correct=false, never throws.
 */
export interface QuestionFamily<Config, Answer, StudentConfig = unknown> {
  id: FamilyId;
  config: z.ZodType<Config>;
  answer: z.ZodType<Answer>;
  /** The answer a teacher would give (for previews and the "expected answer" display). */
  expectedAnswer(config: Config): Answer | null;
  mark(config: Config, answer: unknown, maxScore: number): MarkResult;
  /**
   * A new question's config: the family's shape with empty teacher fields, so it fails
   * QuestionSchema only on what a teacher must fill (see registry.ts defaultConfig).
   */
  defaultConfig(type: FamilyTypeInfo): Partial<Config>;
  /** Reads an example's options and answer; throws ExampleFormatError when they do not fit. */
  fromExample(example: QuestionExample, type: FamilyTypeInfo): ExampleQuestionParts<Config>;
  /** Writes a question as an example's options and answer (fromExample reads them back). */
  toExample(
    question: { text: string; imageUrl?: string | null; config: Config },
    type: FamilyTypeInfo,
  ): QuestionExampleParts;
  studentView: FamilyStudentView<Config, StudentConfig>;
  /**
   * Whether a language model can read a type's answers as they are (written text, code), so the
   * marking queue may ask it for a suggested mark (docs/product/marking.md#the-marking-queue); not recordings,
   * files or links.
   */
  readsAsText(type: FamilyTypeInfo): boolean;
  /**
   * The options the item analysis counts choices of (docs/product/marking.md#item-analysis), each with whether
   * it is correct; null for a family whose answers are not a choice among options. Reads a
   * stored config, which may no longer fit the family: whatever does not fit gives null.
   */
  analysisOptions(config: unknown): AnalysisOption[] | null;
}

/** One option of a question as the item analysis counts it; `text` null when its label is fixed (True/False). */
export interface AnalysisOption {
  id: string;
  text: string | null;
  correct: boolean;
}

/** The family members of a family whose answers are no choice among options, and not text a model reads. */
export const NOT_READ_NOR_ANALYSED = {
  readsAsText: (): boolean => false,
  analysisOptions: (): AnalysisOption[] | null => null,
};

export const FAMILY_IDS = [
  'choice',
  'trueFalse',
  'shortAnswer',
  'fillBlanks',
  'matching',
  'ordering',
  'dragDrop',
  'crossword',
  'open',
] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];

export function defineFamily<Config, Answer, StudentConfig>(
  family: QuestionFamily<Config, Answer, StudentConfig>,
): QuestionFamily<Config, Answer, StudentConfig> {
  return family;
}

/** Points rounded to two decimals so partial credit never shows 0.3333333. */
export const roundScore = (value: number): number => Math.round(value * 100) / 100;

/** The result for an answer that does not fit the family's answer schema. */
export const malformed = (max: number): MarkResult => ({ score: 0, max, correct: false, status: 'auto' });

/** The student view's answers and details of a family whose view shows the question's own ids. */
export const UNMASKED = {
  answerFromView: (_config: unknown, _context: StudentViewContext, answer: unknown): unknown => answer,
  answerToView: (_config: unknown, _context: StudentViewContext, answer: unknown): unknown => answer,
  detailsToView: (
    _config: unknown,
    _context: StudentViewContext,
    details: Record<string, boolean>,
  ): Record<string, boolean> => details,
};

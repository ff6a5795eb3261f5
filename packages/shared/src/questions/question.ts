import { z } from 'zod';
import { defaultConfig, familyOf, getQuestionType, isQuestionTypeId } from './registry.ts';
import { QuestionTypeIdSchema } from './question-type-id.ts';
import type { QuestionTypeId } from './types.ts';

export const QUESTION_TEXT_MAX = 5000;
export const QUESTION_SCORE_MIN = 0.5;
export const QUESTION_SCORE_MAX = 100;
export const QUESTION_INSTRUCTIONS_MAX = 2000;

export { QuestionTypeIdSchema };

/**
 * Where a question's image may come from: an upload of ours (a site-relative path such as
 * '/api/question-images/…'), an http(s) address, or an inline image (data:image/…), which the
 * examples use so they show without any network.
 */
export const QuestionImageUrlSchema = z
  .string('questions.errors.imageUrlInvalid')
  .max(8192, 'questions.errors.imageUrlInvalid')
  .refine(
    (url) =>
      /^\/(?!\/)/.test(url) ||
      /^https?:\/\/[^\s]+$/i.test(url) ||
      /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(url),
    'questions.errors.imageUrlInvalid',
  );

const QuestionFieldsSchema = z.object({
  id: z
    .string('questions.errors.idInvalid')
    .min(1, 'questions.errors.idInvalid')
    .max(64, 'questions.errors.idInvalid'),
  type: QuestionTypeIdSchema,
  text: z
    .string('questions.errors.textRequired')
    .max(QUESTION_TEXT_MAX, 'questions.errors.textTooLong')
    .refine((text) => text.trim().length > 0, 'questions.errors.textRequired'),
  score: z
    .number('questions.errors.scoreRequired')
    .min(QUESTION_SCORE_MIN, 'questions.errors.scoreInvalid')
    .max(QUESTION_SCORE_MAX, 'questions.errors.scoreInvalid')
    .multipleOf(0.5, 'questions.errors.scoreInvalid'),
  instructions: z.string().max(QUESTION_INSTRUCTIONS_MAX, 'questions.errors.textTooLong').optional(),
  imageUrl: QuestionImageUrlSchema.nullable().optional(),
  /** Shaped by the type's family; checked below against that family's config schema. */
  config: z.unknown(),
  /**
   * Set on a question of an assessment used from the question bank by reference: the
   * bank question's id. The server keeps the content equal to the bank's; an attempt keeps its
   * snapshot whatever the bank does later. Absent on copies and on the assessment's own questions.
   */
  bankRef: z.uuid('questions.errors.bankRefInvalid').optional(),
});

/**
 * One question as teachers write it and the API stores it (the contract). `config` is checked
 * with the config schema of the type's family; its issues have paths under 'config'. For open
 * types, config.responseKind must be the type's own (an essay is not answered with a video).
 * The config check runs even when other fields fail, so an editor sees every problem at once.
 */
export const QuestionSchema = QuestionFieldsSchema.superRefine(
  (question, ctx) => {
    const type = (question as { type?: unknown }).type;
    if (!isQuestionTypeId(type)) return;
    const config = (question as { config?: unknown }).config;
    const result = familyOf(type).config.safeParse(config);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['config', ...issue.path] });
      }
    }
    const { responseKind } = getQuestionType(type);
    if (responseKind && typeof config === 'object' && config !== null) {
      const given = (config as { responseKind?: unknown }).responseKind;
      if (result.success && given !== responseKind) {
        ctx.addIssue({
          code: 'custom',
          message: 'questions.errors.responseKindInvalid',
          path: ['config', 'responseKind'],
        });
      }
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

/** A valid question. `config` is unknown here; narrow it with the family's config type. */
export type Question = z.infer<typeof QuestionSchema>;
/** What a client sends (same as Question: the schema has no defaults or transforms). */
export type QuestionInput = z.input<typeof QuestionSchema>;

/** One problem with a question: where (e.g. ['config', 'options', '1', 'text']) and an i18n key. */
export interface QuestionIssue {
  path: string[];
  /** A key such as 'questions.errors.textRequired'; the web shows i18n key 'questions:errors.textRequired'. */
  message: string;
}

const ORDER = ['text', 'score'];

/**
 * The docs/product/validation.md checks before a question is saved, as a list an editor can show: question text and
 * score filled first, then the family's checks (all options filled, a correct answer chosen, an
 * answer provided, True or False chosen, prompts and matches provided, pairs provided...).
 * Empty when the question can be saved.
 */
export function validateQuestion(question: unknown): QuestionIssue[] {
  const result = QuestionSchema.safeParse(question);
  if (result.success) return [];
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map((part) => String(part)),
    message: issue.message,
  }));
  const rank = (issue: QuestionIssue) => {
    const index = ORDER.indexOf(issue.path[0] ?? '');
    return index === -1 ? ORDER.length : index;
  };
  // Stable sort: text and score first, everything else in the schema's order.
  return issues
    .map((issue, i) => ({ issue, i }))
    .sort((a, b) => rank(a.issue) - rank(b.issue) || a.i - b.i)
    .map((x) => x.issue);
}

/**
 * Issues as the `errors` prop of an editor: path joined with '.' → message key. The first issue
 * at a path wins, so a field shows one message.
 */
export function questionErrors(issues: readonly QuestionIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** A short random id for a new question or part (not security-sensitive). */
export function newPartId(): string {
  return Math.random().toString(36).slice(2, 10);
}

/**
 * A new, unsaved question of this type: empty text, a score of 1 and the type's default config
 * (see `defaultConfig` for what a teacher still has to fill). `instructions` is left out: absent
 * instructions mean the type's default ones, which the web shows translated
 * (QuestionTypeInfo.instructionsKey) and the API reads in English (QuestionTypeInfo.instructions).
 */
export function newQuestion(typeId: QuestionTypeId, id: string = newPartId()): Question {
  return {
    id,
    type: typeId,
    text: '',
    score: 1,
    imageUrl: null,
    config: defaultConfig(typeId),
  };
}

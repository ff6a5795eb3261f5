import { z } from 'zod';
import { QUESTION_SCORE_MAX, QUESTION_SCORE_MIN, QuestionTypeIdSchema } from '../questions/question.ts';

/**
 * The question bank's tags and an assessment's draw rules. Messages are i18n keys of the
 * web's `questionBank` namespace ('questionBank.errors.tagInvalid' → 'questionBank:errors.tagInvalid').
 */
export const BANK_LIMITS = {
  categoryNameMax: 120,
  /** Nesting of categories below the top level. */
  categoryDepthMax: 10,
  tagMax: 40,
  tagsMax: 20,
  /** Draw rules of one assessment, and questions one rule may draw. */
  drawRulesMax: 20,
  drawCountMax: 100,
  drawTagsMax: 10,
} as const;

/** A tag: trimmed, inner blanks folded, compared and stored in lower case. */
export const BankTagSchema = z
  .string('questionBank.errors.tagInvalid')
  .transform((tag) => tag.trim().replace(/\s+/g, ' ').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, 'questionBank.errors.tagInvalid')
      .max(BANK_LIMITS.tagMax, 'questionBank.errors.tagInvalid'),
  );

/** Tags without repeats, in the order given. */
export const BankTagsSchema = (max: number) =>
  z
    .array(BankTagSchema)
    .max(max, 'questionBank.errors.tooManyTags')
    .transform((tags) => [...new Set(tags)]);

/**
 * A draw rule of an assessment: "`count` questions from category `categoryId` (and its
 * subcategories), with all of `tags`, of `types` (none: any type the plan allows)", drawn per
 * student when the attempt starts, each worth `score`. It sits among the assessment's own
 * questions at `position` (how many of them come before it).
 */
export const DrawRuleSchema = z.object({
  id: z
    .string('assessments.errors.drawInvalid')
    .min(1, 'assessments.errors.drawInvalid')
    .max(32, 'assessments.errors.drawInvalid')
    .regex(/^[A-Za-z0-9_-]+$/, 'assessments.errors.drawInvalid'),
  position: z.number().int().min(0, 'assessments.errors.drawInvalid'),
  categoryId: z.uuid('assessments.errors.drawCategoryRequired'),
  includeSubcategories: z.boolean().default(true),
  tags: BankTagsSchema(BANK_LIMITS.drawTagsMax).default([]),
  types: z
    .array(QuestionTypeIdSchema)
    .max(64)
    .transform((types) => [...new Set(types)])
    .default([]),
  count: z
    .number('assessments.errors.drawCountInvalid')
    .int('assessments.errors.drawCountInvalid')
    .min(1, 'assessments.errors.drawCountInvalid')
    .max(BANK_LIMITS.drawCountMax, 'assessments.errors.drawCountInvalid'),
  /** Marks of each drawn question (the bank question's own score is not used: every student has the same total). */
  score: z
    .number('assessments.errors.drawScoreInvalid')
    .min(QUESTION_SCORE_MIN, 'assessments.errors.drawScoreInvalid')
    .max(QUESTION_SCORE_MAX, 'assessments.errors.drawScoreInvalid')
    .multipleOf(0.5, 'assessments.errors.drawScoreInvalid'),
});
export type DrawRule = z.output<typeof DrawRuleSchema>;
export type DrawRuleInput = z.input<typeof DrawRuleSchema>;

/** A draw rule as the API answers it (no transforms: responses are encoded, not parsed). */
export const DrawRuleViewSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  categoryId: z.string(),
  includeSubcategories: z.boolean(),
  tags: z.array(z.string()),
  types: z.array(QuestionTypeIdSchema),
  count: z.number().int(),
  score: z.number(),
});

export type DrawRuleView = z.infer<typeof DrawRuleViewSchema>;

/** The id a question drawn from the bank has in an attempt: one per bank question, whoever drew it. */
export const drawnQuestionId = (bankQuestionId: string) => `bank-${bankQuestionId}`;

/** Marks and questions an assessment's draw rules add to each attempt. */
export const drawTotals = (draws: readonly Pick<DrawRule, 'count' | 'score'>[]) => ({
  questions: draws.reduce((n, d) => n + d.count, 0),
  marks: draws.reduce((sum, d) => sum + d.count * d.score, 0),
});

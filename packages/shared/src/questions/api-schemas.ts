import { z } from 'zod';
import { FAMILY_IDS } from './family.ts';
import { OPEN_RESPONSE_KINDS } from './families/open/index.ts';
import { QuestionExampleSchema } from './examples.ts';
import { QuestionTypeIdSchema } from './question.ts';
import { TIERS } from './types.ts';

/**
 * GET /api/question-types: one entry per question type, in the order of docs/product/limits.md's plan lists.
 * Plans are not stored yet, so no entry says whether the caller's plan allows it: the tier is
 * given and a later issue adds `allowed` once organizations have a plan.
 */
export const QuestionTypeSummarySchema = z.object({
  id: QuestionTypeIdSchema,
  /** The docs/product/limits.md name (English); the web shows the translated label instead. */
  name: z.string(),
  family: z.enum(FAMILY_IDS),
  /** The lowest plan tier that includes the type. */
  tier: z.enum(TIERS),
  /** Open-response types: how the student answers; null for the other families. */
  responseKind: z.enum(OPEN_RESPONSE_KINDS).nullable(),
  /** Choice types that show an image students answer about. */
  withImage: z.boolean(),
  /** Default student instructions, in English. */
  instructions: z.string(),
});
export type QuestionTypeSummary = z.infer<typeof QuestionTypeSummarySchema>;

export const QuestionTypesResponseSchema = z.object({ types: z.array(QuestionTypeSummarySchema) });
export type QuestionTypesResponse = z.infer<typeof QuestionTypesResponseSchema>;

/** GET /api/question-types/examples: one example per type (docs/product/data.md "Question example"). */
export const QuestionExampleEntrySchema = z.object({
  typeId: QuestionTypeIdSchema,
  example: QuestionExampleSchema,
});
export type QuestionExampleEntry = z.infer<typeof QuestionExampleEntrySchema>;

export const QuestionExamplesResponseSchema = z.object({ examples: z.array(QuestionExampleEntrySchema) });
export type QuestionExamplesResponse = z.infer<typeof QuestionExamplesResponseSchema>;

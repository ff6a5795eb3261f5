import { z } from 'zod';

/**
 * Item analysis of an assessment (issue 18): GET /api/assessments/:id/item-analysis, also printed
 * in the PDF report. Computed by the API (apps/api/src/modules/submissions/item-analysis.ts, where
 * the formulas and thresholds are written down) over each student's latest fully marked attempt.
 * Shares (facility, discrimination) are 0..1 / −1..1; the summary is in percent of full marks.
 */

export const ITEM_FLAGS = [
  'negativeDiscrimination',
  'lowDiscrimination',
  'veryHard',
  'veryEasy',
  'distractorAttractsTop',
] as const;
export type ItemFlagId = (typeof ITEM_FLAGS)[number];

const nullableNumber = z.number().nullable();

export const ItemOptionFrequencySchema = z.object({
  /** The option's id; for a True/False question 'true' or 'false'. */
  id: z.string(),
  /** The option's text; null for True/False (clients show the translated word). */
  text: z.string().nullable(),
  correct: z.boolean(),
  upper: z.number().int(),
  lower: z.number().int(),
  all: z.number().int(),
});
export type ItemOptionFrequency = z.infer<typeof ItemOptionFrequencySchema>;

export const ItemQuestionStatisticsSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  text: z.string(),
  type: z.string(),
  max: z.number(),
  responses: z.number().int(),
  facility: nullableNumber,
  discrimination: nullableNumber,
  upperLower: nullableNumber,
  flags: z.array(z.enum(ITEM_FLAGS)),
  options: z.array(ItemOptionFrequencySchema).nullable(),
  unanswered: z
    .object({ upper: z.number().int(), lower: z.number().int(), all: z.number().int() })
    .nullable(),
});
export type ItemQuestionStatistics = z.infer<typeof ItemQuestionStatisticsSchema>;

export const ItemAnalysisSchema = z.object({
  /** Attempts analysed: each student's latest fully marked submitted attempt. */
  responses: z.number().int(),
  /** Students whose latest attempt still waits for a teacher (left out). */
  pendingLeftOut: z.number().int(),
  /** Earlier attempts of the same students (left out: one attempt a student). */
  earlierAttemptsLeftOut: z.number().int(),
  /** Size of each of the upper and lower 27 % groups. */
  groupSize: z.number().int(),
  summary: z.object({
    mean: nullableNumber,
    median: nullableNumber,
    standardDeviation: nullableNumber,
    lowest: nullableNumber,
    highest: nullableNumber,
  }),
  reliability: z
    .object({
      method: z.enum(['kr20', 'alpha']),
      value: nullableNumber,
      responses: z.number().int(),
      items: z.number().int(),
    })
    .nullable(),
  questions: z.array(ItemQuestionStatisticsSchema),
});
export type ItemAnalysisResult = z.infer<typeof ItemAnalysisSchema>;

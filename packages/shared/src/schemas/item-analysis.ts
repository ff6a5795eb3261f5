import { z } from 'zod';

/**
 * Item analysis of an assessment: GET /api/assessments/:id/item-analysis, also printed
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

/** Why an assessment has no reliability figure (the screen and the report say it in words). */
export const RELIABILITY_REASONS = [
  /** Fewer than 2 fully marked students. */
  'tooFewResponses',
  /** The assessment has fewer than 2 scored questions. */
  'tooFewQuestions',
  /** Fewer than 2 scored questions were given to every student (random draws from the bank). */
  'tooFewCommonQuestions',
  /** Every student has the same total over those questions. */
  'noSpread',
] as const;
export type ReliabilityReason = (typeof RELIABILITY_REASONS)[number];

/**
 * KR-20 (every mark right or wrong) or Cronbach's α, over the scored questions every analysed
 * student was given: all of them, or with random draws those common to all students.
 */
export const ReliabilitySchema = z.object({
  /** Null when nothing could be computed (see reason). */
  method: z.enum(['kr20', 'alpha']).nullable(),
  value: nullableNumber,
  /** Set when value is null. */
  reason: z.enum(RELIABILITY_REASONS).nullable(),
  /** Students (attempts) it is computed over. */
  responses: z.number().int(),
  /** Numbers of the questions it is computed over: those every student was given. */
  questions: z.array(z.number().int()),
  /** Scored questions in all; more than questions.length when some were drawn at random. */
  scoredQuestions: z.number().int(),
});
export type ReliabilityResult = z.infer<typeof ReliabilitySchema>;

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
  reliability: ReliabilitySchema,
  questions: z.array(ItemQuestionStatisticsSchema),
});
export type ItemAnalysisResult = z.infer<typeof ItemAnalysisSchema>;

/**
 * Question numbers as runs for a sentence: [1, 2, 3, 7, 9, 10] → [[1, 3], [7, 7], [9, 10]] (the
 * caller writes "1–3, 7, 9–10" in the reader's digits).
 */
export function numberRuns(numbers: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const n of [...numbers].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else if (!last || n !== last[1]) runs.push([n, n]);
  }
  return runs;
}

/** The sentence under the reliability figure: what it was computed over, or why it was not. */
export type ReliabilityNoteKey =
  | 'all'
  | 'common'
  | 'tooFewResponses'
  | 'tooFewQuestions'
  | 'noCommonQuestions'
  | 'oneCommonQuestion'
  | 'noSpread';

/**
 * Which sentence explains `reliability` (the key under `itemAnalysis.reliabilityInfo` in the web
 * and report words), with the count and the question numbers it names.
 */
export function reliabilityNote(reliability: ReliabilityResult): {
  key: ReliabilityNoteKey;
  n: number;
  runs: [number, number][];
} {
  const n = reliability.questions.length;
  const runs = numberRuns(reliability.questions);
  const key: ReliabilityNoteKey =
    reliability.reason === null
      ? n < reliability.scoredQuestions
        ? 'common'
        : 'all'
      : reliability.reason === 'tooFewCommonQuestions'
        ? n === 1
          ? 'oneCommonQuestion'
          : 'noCommonQuestions'
        : reliability.reason;
  return { key, n, runs };
}

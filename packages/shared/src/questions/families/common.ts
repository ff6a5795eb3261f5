import { z } from 'zod';
import { malformed, roundScore, type MarkResult } from '../family.ts';

/**
 * Building blocks shared by the family files. Messages are i18n keys of the web's `questions`
 * namespace so an editor can show a translated message straight from a zod issue.
 */

/** Part ids (options, pairs, items...) are short strings an editor generates. */
export const PartIdSchema = z
  .string('questions.errors.idInvalid')
  .min(1, 'questions.errors.idInvalid')
  .max(64, 'questions.errors.idInvalid');

/** Teacher text that must not be blank (a space is not an option). */
export const filledText = (emptyKey: string, max = 1000) =>
  z
    .string(emptyKey)
    .max(max, 'questions.errors.textTooLong')
    .refine((value) => value.trim().length > 0, emptyKey);

/** What a student may type into one field; generous but bounded so a huge payload is rejected. */
export const AnswerTextSchema = z.string().max(10_000);

/** Adds a 'questions.errors.duplicateId' issue at every repeated id (paths point at the part). */
export function checkUniqueIds(
  ctx: z.RefinementCtx,
  ids: readonly string[],
  pathOf: (index: number) => PropertyKey[],
  seen: Set<string> = new Set(),
): Set<string> {
  ids.forEach((id, index) => {
    if (seen.has(id))
      ctx.addIssue({ code: 'custom', message: 'questions.errors.duplicateId', path: pathOf(index) });
    seen.add(id);
  });
  return seen;
}

/**
 * Reads an answer record without falling into Object.prototype: a part id such as 'constructor'
 * must find the student's own entry or nothing.
 */
export function own<V>(record: Record<string, V>, key: string): V | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** A non-finite or negative max would poison totals; treat it as 0. */
export const safeMax = (maxScore: number): number =>
  typeof maxScore === 'number' && Number.isFinite(maxScore) && maxScore > 0 ? maxScore : 0;

/**
 * Wraps a family's marking so it is total: the config and the answer are both checked against
 * their schemas first (a stored config may predate a rule change), and anything unexpected gives
 * `malformed(max)` instead of an exception.
 */
export function totalMark<Config, Answer>(
  configSchema: z.ZodType<Config>,
  answerSchema: z.ZodType<Answer>,
  mark: (config: Config, answer: Answer, max: number) => MarkResult,
): (config: Config, answer: unknown, maxScore: number) => MarkResult {
  return (config, answer, maxScore) => {
    const max = safeMax(maxScore);
    try {
      const parsedConfig = configSchema.safeParse(config);
      const parsedAnswer = answerSchema.safeParse(answer);
      if (!parsedConfig.success || !parsedAnswer.success) return malformed(max);
      return mark(parsedConfig.data, parsedAnswer.data, max);
    } catch {
      return malformed(max);
    }
  };
}

/** Partial credit: `fraction` of max (clamped to 0..1), rounded; correct only when everything is. */
export function partial(fraction: number, max: number, details: Record<string, boolean>): MarkResult {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  return {
    score: roundScore(clamped * max),
    max,
    correct: clamped === 1,
    status: 'auto',
    details,
  };
}

import { z } from 'zod';
import { defineFamily } from '../../family.ts';
import { normaliseAnswerText } from '../../text-normalise.ts';
import { PartIdSchema, checkUniqueIds, filledText, own, partial, totalMark } from '../common.ts';
import { fromExample, toExample } from './example.ts';
import { studentView, type StudentMatchingConfig } from './student-view.ts';

export type { StudentMatchingConfig } from './student-view.ts';

export const MatchingPairSchema = z.object({
  id: PartIdSchema,
  prompt: filledText('questions.errors.promptEmpty'),
  match: filledText('questions.errors.matchEmpty'),
});
export type MatchingPair = z.infer<typeof MatchingPairSchema>;

/**
 * How a player names distractor i in an answer value. Any value that is not a pair id is wrong,
 * so this is a convention for players, not something marking depends on.
 */
export const matchingDistractorId = (index: number): string => `distractor-${index}`;

export const MatchingConfigSchema = z
  .object({
    pairs: z
      .array(MatchingPairSchema)
      .min(2, 'questions.errors.pairsTooFew')
      .max(30, 'questions.errors.pairsTooMany'),
    distractors: z
      .array(filledText('questions.errors.distractorEmpty'))
      .max(10, 'questions.errors.distractorsTooMany'),
  })
  .superRefine((config, ctx) => {
    checkUniqueIds(
      ctx,
      config.pairs.map((p) => p.id),
      (i) => ['pairs', i, 'id'],
    );
    // Two identical matches (or a distractor equal to a match) would make a right answer look wrong.
    // Empty texts are reported as empty by their own check, not as duplicates of each other.
    const seen = new Set<string>();
    config.pairs.forEach((pair, i) => {
      const key = normaliseAnswerText(pair.match, false);
      if (key !== '' && seen.has(key))
        ctx.addIssue({
          code: 'custom',
          message: 'questions.errors.matchDuplicate',
          path: ['pairs', i, 'match'],
        });
      seen.add(key);
    });
    config.distractors.forEach((text, i) => {
      const key = normaliseAnswerText(text, false);
      if (key !== '' && seen.has(key))
        ctx.addIssue({
          code: 'custom',
          message: 'questions.errors.matchDuplicate',
          path: ['distractors', i],
        });
      seen.add(key);
    });
  });
export type MatchingConfig = z.infer<typeof MatchingConfigSchema>;

/** Prompt (pair id) → the match chosen (its pair id, or a distractor's id). */
export const MatchingAnswerSchema = z.record(z.string().max(64), z.string().max(64));
export type MatchingAnswer = z.infer<typeof MatchingAnswerSchema>;

/**
 * Partial credit per pair, equal weight: score = prompts given their own match / pairs × max.
 * Each pair is a separate piece of knowledge; picking a distractor or another pair's match, or
 * leaving a prompt empty, loses only that pair. Unknown prompt ids are ignored.
 * details: pair id → right.
 */
export const matching = defineFamily<MatchingConfig, MatchingAnswer, StudentMatchingConfig>({
  id: 'matching',
  config: MatchingConfigSchema,
  answer: MatchingAnswerSchema,
  /** 2 pairs with empty prompt and match (promptEmpty, matchEmpty). */
  defaultConfig: () => ({
    pairs: ['1', '2'].map((id) => ({ id, prompt: '', match: '' })),
    distractors: [],
  }),
  fromExample,
  toExample,
  studentView,
  expectedAnswer: (config) => Object.fromEntries(config.pairs.map((p) => [p.id, p.id])),
  mark: totalMark(MatchingConfigSchema, MatchingAnswerSchema, (config, answer, max) => {
    const details: Record<string, boolean> = {};
    let right = 0;
    for (const pair of config.pairs) {
      const ok = own(answer, pair.id) === pair.id;
      details[pair.id] = ok;
      if (ok) right += 1;
    }
    return partial(right / config.pairs.length, max, details);
  }),
});

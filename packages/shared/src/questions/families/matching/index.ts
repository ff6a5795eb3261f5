import { z } from 'zod';
import { defineFamily, NOT_READ_NOR_ANALYSED } from '../../family.ts';
import { PartIdSchema, checkUniqueIds, filledText, own, partial, totalMark } from '../common.ts';
import { matchingAnswerIds, matchingKey } from './answers.ts';
import { fromExample, toExample } from './example.ts';
import { studentView, type StudentMatchingConfig } from './student-view.ts';

export type { StudentMatchingConfig } from './student-view.ts';
export { matchingAnswerIds, matchingChoices, matchingDistractorId, matchingKey } from './answers.ts';

export const MatchingPairSchema = z.object({
  id: PartIdSchema,
  prompt: filledText('questions.errors.promptEmpty'),
  match: filledText('questions.errors.matchEmpty'),
});
export type MatchingPair = z.infer<typeof MatchingPairSchema>;

const MatchingConfigShape = z.object({
  pairs: z
    .array(MatchingPairSchema)
    .min(2, 'questions.errors.pairsTooFew')
    .max(30, 'questions.errors.pairsTooMany'),
  distractors: z
    .array(filledText('questions.errors.distractorEmpty'))
    .max(10, 'questions.errors.distractorsTooMany'),
});

const uniquePairIds = (config: z.infer<typeof MatchingConfigShape>, ctx: z.RefinementCtx): void => {
  checkUniqueIds(
    ctx,
    config.pairs.map((p) => p.id),
    (i) => ['pairs', i, 'id'],
  );
};

/**
 * What marking needs of a saved config: its shape and distinct pair ids. The authoring rules
 * below came later than some saved questions (distinct prompts did not use to be required), and a
 * question saved before a rule must still be marked as it was, not as malformed.
 */
const MatchingSavedConfigSchema = MatchingConfigShape.superRefine(uniquePairIds);

export const MatchingConfigSchema = MatchingConfigShape.superRefine((config, ctx) => {
  uniquePairIds(config, ctx);
  // Prompts may share a match (frog and newt both go with "amphibian"), but two identical
  // prompts would ask the same thing twice. Empty texts are reported as empty by their own
  // check, not as duplicates of each other.
  const prompts = new Set<string>();
  config.pairs.forEach((pair, i) => {
    const key = matchingKey(pair.prompt);
    if (key !== '' && prompts.has(key))
      ctx.addIssue({
        code: 'custom',
        message: 'questions.errors.promptDuplicate',
        path: ['pairs', i, 'prompt'],
      });
    prompts.add(key);
  });
  // A distractor that reads like a match (or like another distractor) would make a right
  // answer look wrong.
  const answers = new Set(config.pairs.map((p) => matchingKey(p.match)));
  config.distractors.forEach((text, i) => {
    const key = matchingKey(text);
    if (key !== '' && answers.has(key))
      ctx.addIssue({
        code: 'custom',
        message: 'questions.errors.distractorDuplicate',
        path: ['distractors', i],
      });
    answers.add(key);
  });
  // Every prompt sharing one match and nothing else to choose from leaves no question.
  const filled = [...answers].filter((key) => key !== '');
  if (config.pairs.length >= 2 && config.pairs.every((p) => matchingKey(p.match) !== '') && filled.length < 2)
    ctx.addIssue({ code: 'custom', message: 'questions.errors.choicesTooFew', path: ['pairs'] });
});
export type MatchingConfig = z.infer<typeof MatchingConfigSchema>;

/** Prompt (pair id) → the match chosen (its pair id, or a distractor's id). */
export const MatchingAnswerSchema = z.record(z.string().max(64), z.string().max(64));
export type MatchingAnswer = z.infer<typeof MatchingAnswerSchema>;

/**
 * Partial credit per pair, equal weight: score = prompts given their answer / pairs × max.
 * Each pair is a separate piece of knowledge; picking a distractor or another answer, or
 * leaving a prompt empty, loses only that pair. Prompts that share a match share its answer
 * (matchingAnswerIds): any pair id of that match counts, so the same answer chosen for two
 * prompts that share it is right twice. Unknown prompt ids are ignored. details: pair id → right.
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
  ...NOT_READ_NOR_ANALYSED,
  expectedAnswer: (config) => Object.fromEntries(matchingAnswerIds(config.pairs)),
  mark: totalMark(MatchingSavedConfigSchema, MatchingAnswerSchema, (config, answer, max) => {
    const answerOf = matchingAnswerIds(config.pairs);
    const details: Record<string, boolean> = {};
    let right = 0;
    for (const pair of config.pairs) {
      const chosen = own(answer, pair.id);
      const ok = chosen !== undefined && answerOf.get(chosen) === answerOf.get(pair.id);
      details[pair.id] = ok;
      if (ok) right += 1;
    }
    return partial(right / config.pairs.length, max, details);
  }),
});

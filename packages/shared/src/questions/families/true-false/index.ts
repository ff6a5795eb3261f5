import { z } from 'zod';
import { defineFamily } from '../../family.ts';
import { partial, totalMark } from '../common.ts';
import { fromExample, toExample } from './example.ts';
import { studentView, type StudentTrueFalseConfig } from './student-view.ts';

export type { StudentTrueFalseConfig } from './student-view.ts';

export const TrueFalseConfigSchema = z.object({
  correct: z.boolean('questions.errors.trueFalseRequired'),
});
export type TrueFalseConfig = z.infer<typeof TrueFalseConfigSchema>;

export const TrueFalseAnswerSchema = z.boolean();
export type TrueFalseAnswer = z.infer<typeof TrueFalseAnswerSchema>;

/** All or nothing: with two choices there is no part to credit. details.answer: whether right. */
export const trueFalse = defineFamily<TrueFalseConfig, TrueFalseAnswer, StudentTrueFalseConfig>({
  id: 'trueFalse',
  config: TrueFalseConfigSchema,
  answer: TrueFalseAnswerSchema,
  expectedAnswer: (config) => config.correct,
  /** `correct` unset (trueFalseRequired): editors read it as boolean | undefined. */
  defaultConfig: () => ({}),
  fromExample,
  toExample,
  studentView,
  readsAsText: () => false,
  // The answers are true and false; their labels are the screen's own words.
  analysisOptions: (config) => {
    const correct = (config as { correct?: unknown } | null)?.correct;
    if (typeof correct !== 'boolean') return null;
    return [
      { id: 'true', text: null, correct },
      { id: 'false', text: null, correct: !correct },
    ];
  },
  mark: totalMark(TrueFalseConfigSchema, TrueFalseAnswerSchema, (config, answer, max) => {
    const right = answer === config.correct;
    return partial(right ? 1 : 0, max, { answer: right });
  }),
});

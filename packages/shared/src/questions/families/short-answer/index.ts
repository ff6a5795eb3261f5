import { z } from 'zod';
import { defineFamily, NOT_READ_NOR_ANALYSED } from '../../family.ts';
import { countWords, matchesAccepted } from '../../text-normalise.ts';
import { AnswerTextSchema, filledText, partial, totalMark } from '../common.ts';
import { fromExample, toExample } from './example.ts';
import { studentView, type StudentShortAnswerConfig } from './student-view.ts';

export type { StudentShortAnswerConfig } from './student-view.ts';

/** docs/product/data.md, docs/product/limits.md: Short Answers allow 50 words unless the teacher says otherwise. */
export const SHORT_ANSWER_DEFAULT_MAX_WORDS = 50;

export const ShortAnswerConfigSchema = z.object({
  acceptedAnswers: z
    .array(filledText('questions.errors.answerEmpty', 500))
    .min(1, 'questions.errors.answerRequired')
    .max(50, 'questions.errors.answersTooMany'),
  caseSensitive: z.boolean(),
  maxWords: z
    .number('questions.errors.maxWordsInvalid')
    .int('questions.errors.maxWordsInvalid')
    .min(1, 'questions.errors.maxWordsInvalid')
    .max(500, 'questions.errors.maxWordsInvalid')
    .default(SHORT_ANSWER_DEFAULT_MAX_WORDS),
});
export type ShortAnswerConfig = z.infer<typeof ShortAnswerConfigSchema>;

export const ShortAnswerAnswerSchema = AnswerTextSchema;
export type ShortAnswerAnswer = z.infer<typeof ShortAnswerAnswerSchema>;

/**
 * All or nothing: the answer is right when, normalised (NFKC, spaces, case unless case-sensitive,
 * a closing . ! ?), it equals one normalised accepted answer. An answer over maxWords scores 0
 * (details.tooLong) because the word limit is part of the task.
 * details: { answer: right, tooLong }.
 */
export const shortAnswer = defineFamily<ShortAnswerConfig, ShortAnswerAnswer, StudentShortAnswerConfig>({
  id: 'shortAnswer',
  config: ShortAnswerConfigSchema,
  answer: ShortAnswerAnswerSchema,
  expectedAnswer: (config) => config.acceptedAnswers[0] ?? null,
  /** One empty accepted answer (answerEmpty), maxWords 50. */
  defaultConfig: () => ({
    acceptedAnswers: [''],
    caseSensitive: false,
    maxWords: SHORT_ANSWER_DEFAULT_MAX_WORDS,
  }),
  fromExample,
  toExample,
  studentView,
  ...NOT_READ_NOR_ANALYSED,
  mark: totalMark(ShortAnswerConfigSchema, ShortAnswerAnswerSchema, (config, answer, max) => {
    const tooLong = countWords(answer) > config.maxWords;
    const right = !tooLong && matchesAccepted(answer, config.acceptedAnswers, config.caseSensitive);
    return partial(right ? 1 : 0, max, { answer: right, tooLong });
  }),
});

import { EXAMPLE_SHORT_ANSWER_MAX_WORDS, exampleStrings, oneOrMany } from '../../example-format.ts';
import type { QuestionFamily } from '../../family.ts';
import type { ShortAnswerConfig } from './index.ts';

type Family = QuestionFamily<ShortAnswerConfig, unknown>;

/** options: null; answer: the accepted answer (or a list of them); maxWords: the word limit. */
export const fromExample: Family['fromExample'] = ({ answer, maxWords }) => ({
  config: {
    acceptedAnswers: typeof answer === 'string' ? [answer] : exampleStrings(answer, 'answer'),
    caseSensitive: false,
    maxWords: maxWords ?? EXAMPLE_SHORT_ANSWER_MAX_WORDS,
  },
});

export const toExample: Family['toExample'] = ({ config }) => ({
  options: null,
  answer: oneOrMany(config.acceptedAnswers),
  maxWords: config.maxWords,
});

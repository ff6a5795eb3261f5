import { ExampleFormatError, exampleText } from '../../example-format.ts';
import type { QuestionFamily } from '../../family.ts';
import type { TrueFalseConfig } from './index.ts';

type Family = QuestionFamily<TrueFalseConfig, unknown>;

/** options: ['True', 'False']; answer: 'True' or 'False' (a boolean is read too). */
export const fromExample: Family['fromExample'] = ({ answer }) => {
  const value = typeof answer === 'boolean' ? answer : exampleText(answer, 'answer').trim().toLowerCase();
  if (value !== true && value !== false && value !== 'true' && value !== 'false') {
    throw new ExampleFormatError('The answer must be True or False');
  }
  return { config: { correct: value === true || value === 'true' } };
};

export const toExample: Family['toExample'] = ({ config }) => ({
  options: ['True', 'False'],
  answer: config.correct ? 'True' : 'False',
});

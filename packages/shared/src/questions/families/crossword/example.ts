import { generateCrosswordLayout } from '../../crossword-layout.ts';
import { ExampleFormatError, exampleStrings } from '../../example-format.ts';
import type { QuestionFamily } from '../../family.ts';
import type { CrosswordConfig } from './index.ts';

type Family = QuestionFamily<CrosswordConfig, unknown>;

/** options: the clues; answer: the words in the same order (ids 1, 2…, the layout generated). */
export const fromExample: Family['fromExample'] = ({ options, answer }) => {
  const clues = exampleStrings(options, 'options');
  const words = exampleStrings(answer, 'answer');
  if (clues.length !== words.length) throw new ExampleFormatError('Give one word for each clue');
  const entries = words.map((word, i) => ({ id: String(i + 1), answer: word, clue: clues[i]! }));
  return { config: { entries, layout: generateCrosswordLayout(entries) } };
};

export const toExample: Family['toExample'] = ({ config }) => ({
  options: config.entries.map((e) => e.clue),
  answer: config.entries.map((e) => e.answer),
});

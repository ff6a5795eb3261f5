import {
  ExampleFormatError,
  exampleStringRecord,
  exampleStrings,
  isJsonRecord,
} from '../../example-format.ts';
import type { QuestionFamily } from '../../family.ts';
import { matchingChoices } from './answers.ts';
import type { MatchingConfig } from './index.ts';

type Family = QuestionFamily<MatchingConfig, unknown>;

/**
 * options: { prompts, matches } (a match no prompt uses is a distractor); answer: { prompt: match },
 * where prompts may share a match. Pairs are numbered 1, 2… in the order of the prompts.
 */
export const fromExample: Family['fromExample'] = ({ options, answer }) => {
  if (!isJsonRecord(options)) throw new ExampleFormatError('options must be { prompts, matches }');
  const prompts = exampleStrings(options.prompts, 'options.prompts');
  const matches = exampleStrings(options.matches, 'options.matches');
  const pairs = exampleStringRecord(answer, 'answer');
  for (const prompt of prompts) {
    if (!(prompt in pairs)) throw new ExampleFormatError(`The answer has no match for "${prompt}"`);
  }
  const used = new Set(Object.values(pairs));
  for (const match of used) {
    if (!matches.includes(match)) throw new ExampleFormatError(`"${match}" is not one of the matches`);
  }
  return {
    config: {
      pairs: prompts.map((prompt, i) => ({ id: String(i + 1), prompt, match: pairs[prompt]! })),
      distractors: matches.filter((m) => !used.has(m)),
    },
  };
};

/** The matches are the pairs' own, each once (a shared match too), then the distractors. */
export const toExample: Family['toExample'] = ({ config }) => ({
  options: {
    prompts: config.pairs.map((p) => p.prompt),
    matches: matchingChoices(config).map((m) => m.text),
  },
  answer: Object.fromEntries(config.pairs.map((p) => [p.prompt, p.match])),
});

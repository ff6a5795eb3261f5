import { ExampleFormatError, exampleStrings } from '../../example-format.ts';
import type { QuestionFamily } from '../../family.ts';
import { GAP_MARKER, type FillBlanksConfig } from './index.ts';

type Family = QuestionFamily<FillBlanksConfig, unknown>;

/** A blank in an example's passage: three or more underscores. */
const BLANK = /_{3,}/g;
const HAS_BLANK = /_{3,}/;

/**
 * options: the passage with a blank (___) per gap (a question that carries the blanks itself
 * works too); answer: one text per blank, in order. Gaps are numbered 1, 2… in reading order.
 */
export const fromExample: Family['fromExample'] = ({ options, answer, question }) => {
  const source = typeof options === 'string' && HAS_BLANK.test(options) ? options : question;
  const accepted = exampleStrings(answer, 'answer');
  let gap = 0;
  const passage = source.replace(BLANK, () => `[[${(gap += 1)}]]`);
  if (gap !== accepted.length) {
    throw new ExampleFormatError(`The passage has ${gap} blanks but the answer has ${accepted.length}`);
  }
  return {
    config: {
      passage,
      gaps: accepted.map((a, i) => ({ id: String(i + 1), accepted: [a] })),
      caseSensitive: false,
    },
  };
};

/** Each marker becomes a blank; the answer gives each blank its gap's first accepted answer. */
export const toExample: Family['toExample'] = ({ config }) => {
  const answer: string[] = [];
  const passage = config.passage.replace(GAP_MARKER, (_marker, id: string) => {
    answer.push(config.gaps.find((g) => g.id === id)?.accepted[0] ?? '');
    return '___';
  });
  return { options: passage, answer };
};

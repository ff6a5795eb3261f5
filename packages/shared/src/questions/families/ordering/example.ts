import { ExampleFormatError, exampleStrings } from '../../example-format.ts';
import type { QuestionFamily } from '../../family.ts';
import type { OrderingConfig } from './index.ts';

type Family = QuestionFamily<OrderingConfig, unknown>;

/** options: the items in a jumbled order; answer: the items in the correct order (ids 1, 2…). */
export const fromExample: Family['fromExample'] = ({ options, answer }) => {
  const order = exampleStrings(answer, 'answer');
  const shown = exampleStrings(options, 'options');
  if (shown.length !== order.length || !shown.every((item) => order.includes(item))) {
    throw new ExampleFormatError('The answer must list exactly the options, in the correct order');
  }
  return { config: { items: order.map((item, i) => ({ id: String(i + 1), text: item })) } };
};

/**
 * The options jumble the items the same way every time: alphabetically, or moved on by one
 * when that is the correct order already.
 */
export const toExample: Family['toExample'] = ({ config }) => {
  const order = config.items.map((item) => item.text);
  let jumbled = [...order].sort((a, b) => a.localeCompare(b));
  if (jumbled.every((item, i) => item === order[i])) jumbled = [...order.slice(1), ...order.slice(0, 1)];
  return { options: jumbled, answer: order };
};

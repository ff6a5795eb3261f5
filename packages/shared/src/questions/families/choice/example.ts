import { ExampleFormatError, exampleStrings, isJsonRecord, oneOrMany } from '../../example-format.ts';
import type { QuestionFamily } from '../../family.ts';
import type { ChoiceConfig } from './index.ts';

type Family = QuestionFamily<ChoiceConfig, unknown>;

const optionId = (i: number) => String.fromCharCode(97 + i);

/** options: the choices' texts (Image-Based: { imageUrl, choices }); answer: the right text(s). */
export const fromExample: Family['fromExample'] = ({ options, answer }) => {
  const withImage = isJsonRecord(options);
  const choices = exampleStrings(
    withImage ? options.choices : options,
    withImage ? 'options.choices' : 'options',
  );
  const right = typeof answer === 'string' ? [answer] : exampleStrings(answer, 'answer');
  const correct = right.map((r) => {
    const index = choices.indexOf(r);
    if (index === -1) throw new ExampleFormatError(`The answer "${r}" is not one of the options`);
    return optionId(index);
  });
  return {
    imageUrl: withImage && typeof options.imageUrl === 'string' ? options.imageUrl : null,
    config: {
      options: choices.map((choice, i) => ({ id: optionId(i), text: choice, imageUrl: null })),
      correct,
      multiple: correct.length > 1,
      shuffle: false,
    },
  };
};

export const toExample: Family['toExample'] = ({ config, imageUrl }) => {
  const choices = config.options.map((o) => o.text);
  const right = config.options.filter((o) => config.correct.includes(o.id)).map((o) => o.text);
  return {
    options: typeof imageUrl === 'string' && imageUrl ? { imageUrl, choices } : choices,
    answer: oneOrMany(right),
  };
};

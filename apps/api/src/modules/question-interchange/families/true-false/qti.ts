import type { TrueFalseConfig } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { QtiItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';

const TRUE = /^(true|t|yes|wahr|vrai|verdadero|benar|tama|kweli)$/i;
const FALSE = /^(false|f|no|falsch|faux|falso|salah|mali|si kweli)$/i;

/**
 * QTI has no true/false interaction: a single-answer choice between exactly two choices
 * identified or labelled true and false (Canvas true_false_question reads into this shape) is
 * one. Export writes choices identified 'true' and 'false'.
 */
export const trueFalseQti: FamilyConverter<QtiItem, TrueFalseConfig> = {
  read(item, hint) {
    const interaction = item.interactions[0];
    if (item.interactions.length !== 1 || interaction?.kind !== 'choice' || interaction.choices.length !== 2)
      return null;
    if (interaction.maxChoices !== 1 || interaction.correct.length !== 1) return null;
    const label = (c: { id: string; text: { text: string } }) =>
      TRUE.test(c.id) || TRUE.test(c.text.text.trim())
        ? true
        : FALSE.test(c.id) || FALSE.test(c.text.text.trim())
          ? false
          : null;
    const values = interaction.choices.map(label);
    if (values[0] === null || values[1] === null || values[0] === values[1]) return null;
    const right = interaction.choices.findIndex((c) => c.id === interaction.correct[0]);
    if (right < 0) return { skip: { code: 'noCorrectAnswer' } };
    return {
      type: typeFor('trueFalse', hint, 'true-false'),
      text: item.text,
      score: toScore(item.score),
      config: { correct: values[right] === true },
      notes: item.hasFeedback ? [{ code: 'feedbackDropped' }] : [],
    };
  },
  write(question) {
    return {
      identifier: '',
      title: '',
      text: plain(question.text),
      passage: '',
      interactions: [
        {
          kind: 'choice',
          choices: [
            { id: 'true', text: plain('True') },
            { id: 'false', text: plain('False') },
          ],
          correct: [question.config.correct ? 'true' : 'false'],
          maxChoices: 1,
          shuffle: false,
          mapping: {},
        },
      ],
      score: question.score,
      hasFeedback: false,
      typeHint: question.type,
    };
  },
};

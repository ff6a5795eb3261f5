import type { ChoiceConfig } from '@vbuilder/shared';
import { letterId, toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { QtiItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { choiceDraft } from './common.ts';

/**
 * QTI choiceInteraction ↔ choice: correct response identifiers are the correct options;
 * max-choices 1 is single answer. Choices keep their QTI identifiers' order, ids become a, b, c…
 * (true/false items are read by the true-false family first).
 */
export const choiceQti: FamilyConverter<QtiItem, ChoiceConfig> = {
  read(item, hint) {
    const interaction = item.interactions[0];
    if (item.interactions.length !== 1 || interaction?.kind !== 'choice') return null;
    const ids = interaction.choices.map((c) => c.id);
    let correctIds = interaction.correct;
    if (correctIds.length === 0)
      correctIds = Object.entries(interaction.mapping)
        .filter(([, v]) => v > 0)
        .map(([k]) => k);
    const mapped = Object.values(interaction.mapping).filter((v) => v > 0);
    return choiceDraft({
      type: typeFor('choice', hint, 'multiple-choice'),
      text: item.text,
      score: toScore(item.score),
      options: interaction.choices.map((c) => c.text),
      correct: correctIds.filter((id) => ids.includes(id)).map((id) => letterId(ids.indexOf(id))),
      multiple: interaction.maxChoices !== 1,
      shuffle: interaction.shuffle,
      unequalWeights: new Set(mapped).size > 1,
      feedback: item.hasFeedback,
    });
  },
  write(question) {
    const { config } = question;
    return {
      identifier: '',
      title: '',
      text: plain(question.text),
      passage: '',
      interactions: [
        {
          kind: 'choice',
          choices: config.options.map((o) => ({
            id: o.id,
            text: { text: o.text, images: o.imageUrl ? [o.imageUrl] : [], flattened: false },
          })),
          correct: [...config.correct],
          maxChoices: config.multiple ? 0 : 1,
          shuffle: config.shuffle,
          mapping: {},
        },
      ],
      score: question.score,
      hasFeedback: false,
      typeHint: question.type,
    };
  },
};

import type { OrderingConfig } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { QtiItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { orderingDraft } from './common.ts';

/** QTI orderInteraction ↔ ordering: the correct response is the right order. */
export const orderingQti: FamilyConverter<QtiItem, OrderingConfig> = {
  read(item, hint) {
    const interaction = item.interactions[0];
    if (item.interactions.length !== 1 || interaction?.kind !== 'order') return null;
    if (interaction.correct.length === 0) return { skip: { code: 'noCorrectAnswer' } };
    const text = new Map(interaction.choices.map((c) => [c.id, c.text]));
    return orderingDraft({
      type: typeFor('ordering', hint, 'interactive-games'),
      text: item.text,
      score: toScore(item.score),
      items: interaction.correct.map((id) => text.get(id) ?? ''),
      feedback: item.hasFeedback,
    });
  },
  write(question) {
    const items = question.config.items;
    return {
      identifier: '',
      title: '',
      text: plain(question.text),
      passage: '',
      interactions: [
        {
          kind: 'order',
          choices: items.map((i) => ({ id: `O${i.id}`, text: i.text })),
          correct: items.map((i) => `O${i.id}`),
        },
      ],
      score: question.score,
      hasFeedback: false,
      typeHint: question.type,
    };
  },
};

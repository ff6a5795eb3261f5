import type { ShortAnswerConfig } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { QtiItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { shortAnswerDraft } from './common.ts';

/**
 * QTI: one textEntryInteraction on its own (no passage around it) ↔ short answer. The correct
 * response and mapped entries with a positive score are accepted answers; the string match's
 * case-sensitive attribute is the case rule. vbuilder's word limit has no QTI place and is 50.
 */
export const shortAnswerQti: FamilyConverter<QtiItem, ShortAnswerConfig> = {
  read(item, hint) {
    const interaction = item.interactions[0];
    if (item.interactions.length !== 1 || interaction?.kind !== 'textEntry' || item.passage !== '')
      return null;
    return shortAnswerDraft({
      type: typeFor('shortAnswer', hint, 'short-answers'),
      text: item.text,
      score: toScore(item.score),
      answers: [
        ...interaction.correct.map((text) => ({ text, fraction: 100 })),
        ...(interaction.partial ?? []).map((text) => ({ text, fraction: 50 })),
      ],
      caseSensitive: interaction.caseSensitive,
      feedback: item.hasFeedback,
    });
  },
  write(question) {
    return {
      identifier: '',
      title: '',
      text: plain(question.text),
      passage: '',
      interactions: [
        {
          kind: 'textEntry',
          correct: [...question.config.acceptedAnswers],
          caseSensitive: question.config.caseSensitive,
        },
      ],
      score: question.score,
      hasFeedback: false,
      typeHint: question.type,
    };
  },
};

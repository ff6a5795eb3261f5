import type { ShortAnswerConfig } from '@vbuilder/shared';
import { typeFor, type FamilyConverter } from '../../convert.ts';
import type { GiftItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { shortAnswerDraft } from './common.ts';

/**
 * GIFT short answer {=a =b =%50%c} ↔ short answer (case-insensitive, as Moodle reads GIFT).
 * A numeric question {#n} with exact values (no range, no tolerance) is a short answer too.
 * Missing-word short answers (text after the block) belong to fill in the blanks.
 */
export const shortAnswerGift: FamilyConverter<GiftItem, ShortAnswerConfig> = {
  read(item, hint) {
    if (item.textAfter !== '') return null;
    const type = typeFor('shortAnswer', hint, 'short-answers');
    if (item.kind === 'numeric') {
      if (item.numeric.some((n) => n.weight >= 99.9 && n.min !== n.max))
        return { skip: { code: 'doesNotFit', params: { rule: 'interchange.numericRange' } } };
      return shortAnswerDraft({
        type,
        text: item.text,
        score: null,
        answers: item.numeric.map((n) => ({ text: String(n.min), fraction: n.weight })),
        caseSensitive: false,
        feedback: item.hasFeedback,
      });
    }
    if (item.kind !== 'short') return null;
    return shortAnswerDraft({
      type,
      text: item.text,
      score: null,
      answers: item.answers.map((a) => ({ text: a.text, fraction: a.weight })),
      caseSensitive: false,
      feedback: item.hasFeedback,
    });
  },
  write(question) {
    if (question.config.caseSensitive)
      return { skip: { code: 'doesNotFit', params: { rule: 'interchange.caseSensitiveGift' } } };
    return {
      title: '',
      text: plain(question.text),
      textAfter: '',
      kind: 'short',
      answers: question.config.acceptedAnswers.map((text) => ({ text, weight: 100, feedback: '' })),
      trueFalse: null,
      matches: [],
      numeric: [],
      hasFeedback: false,
      generalFeedback: '',
      tags: [],
    };
  },
};

import type { TrueFalseConfig } from '@vbuilder/shared';
import { typeFor, type FamilyConverter } from '../../convert.ts';
import type { GiftItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';

/** GIFT {T} / {TRUE} / {F} / {FALSE} ↔ true/false. */
export const trueFalseGift: FamilyConverter<GiftItem, TrueFalseConfig> = {
  read(item, hint) {
    if (item.kind !== 'trueFalse' || item.trueFalse === null) return null;
    return {
      type: typeFor('trueFalse', hint, 'true-false'),
      text: item.text,
      score: null,
      config: { correct: item.trueFalse },
      notes: item.hasFeedback ? [{ code: 'feedbackDropped' }] : [],
    };
  },
  write(question) {
    return {
      title: '',
      text: plain(question.text),
      textAfter: '',
      kind: 'trueFalse',
      answers: [],
      trueFalse: question.config.correct,
      matches: [],
      numeric: [],
      hasFeedback: false,
      generalFeedback: '',
      tags: [],
    };
  },
};

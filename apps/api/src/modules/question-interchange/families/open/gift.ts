import { getQuestionType, type OpenConfig } from '@vbuilder/shared';
import { typeFor, type FamilyConverter } from '../../convert.ts';
import type { GiftItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';

/**
 * GIFT essay {} ↔ open response with rich text and nothing else: GIFT carries no rubric, model
 * answer, word limit or upload, so questions that have them, and other response kinds, do not
 * export. A vbuilder export's type tag brings back which rich-text type it was.
 */
export const openGift: FamilyConverter<GiftItem, OpenConfig> = {
  read(item, hint) {
    if (item.kind !== 'essay') return null;
    const type = typeFor('open', hint, 'essay', (t) => getQuestionType(t).responseKind === 'richText');
    return {
      type,
      text: item.text,
      score: null,
      config: { responseKind: 'richText' },
      notes: item.hasFeedback ? [{ code: 'feedbackDropped' }] : [],
    };
  },
  write(question) {
    const { config } = question;
    if (config.responseKind !== 'richText')
      return { skip: { code: 'typeNotCarried', params: { type: question.type } } };
    if (config.rubric || config.modelAnswer || config.maxWords)
      return { skip: { code: 'doesNotFit', params: { rule: 'rubric, model answer or word limit' } } };
    return {
      title: '',
      text: plain(question.text),
      textAfter: '',
      kind: 'essay' as const,
      answers: [],
      trueFalse: null,
      matches: [],
      numeric: [],
      hasFeedback: false,
      generalFeedback: '',
      tags: [],
    };
  },
};

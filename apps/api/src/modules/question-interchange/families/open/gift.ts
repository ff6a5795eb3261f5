import { getQuestionType, type OpenConfig } from '@vbuilder/shared';
import { typeFor, type FamilyConverter } from '../../convert.ts';
import type { GiftItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';

/**
 * GIFT essay {} ↔ open response with rich text: other response kinds do not export. GIFT has no
 * place for a rubric, model answer or word limit: the essay is written without them and the export
 * lists them as not carried (losses.ts). A vbuilder export's type tag brings back which rich-text
 * type it was.
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

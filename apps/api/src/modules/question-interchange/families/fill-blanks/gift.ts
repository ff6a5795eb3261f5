import type { FillBlanksConfig } from '@vbuilder/shared';
import { typeFor, type FamilyConverter } from '../../convert.ts';
import type { GiftItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { fillBlanksDraft } from './common.ts';

/**
 * GIFT missing-word short answer (text {=a =b} more text) ↔ fill in the blanks with one blank.
 * The question's title is the question text (the passage with ___ when there is no title).
 * GIFT has one answer block per question, so more blanks, or case-sensitive ones, do not export.
 */
export const fillBlanksGift: FamilyConverter<GiftItem, FillBlanksConfig> = {
  read(item, hint) {
    if (item.kind !== 'short' || item.textAfter === '') return null;
    const passage = [item.text.text, '[[1]]', item.textAfter].filter(Boolean).join(' ');
    const partial = item.answers.filter((a) => a.weight > 0 && a.weight < 100);
    return fillBlanksDraft({
      type: typeFor('fillBlanks', hint, 'fill-in-the-blanks'),
      text: { ...item.text, text: item.title || passage.replace('[[1]]', '___') },
      score: null,
      passage,
      gaps: [item.answers.filter((a) => a.weight >= 99.9).map((a) => a.text)],
      caseSensitive: false,
      notes: [
        ...(partial.length
          ? [
              {
                code: 'weightsNotKept' as const,
                params: { weights: partial.map((a) => `${a.weight}%`).join(', ') },
              },
            ]
          : []),
        ...(item.hasFeedback ? [{ code: 'feedbackDropped' as const }] : []),
      ],
    });
  },
  write(question) {
    const { config } = question;
    const parts = config.passage.split(/\[\[[1-9][0-9]{0,2}\]\]/);
    if (config.gaps.length !== 1 || parts.length !== 2)
      return { skip: { code: 'doesNotFit', params: { rule: 'interchange.giftOneBlank' } } };
    if (config.caseSensitive)
      return { skip: { code: 'doesNotFit', params: { rule: 'interchange.caseSensitiveGift' } } };
    if (question.text.includes('\n'))
      return { skip: { code: 'doesNotFit', params: { rule: 'interchange.giftOneLine' } } };
    return {
      title: question.text,
      text: plain(parts[0]!.trim()),
      textAfter: parts[1]!.trim() || '.',
      kind: 'short',
      answers: config.gaps[0]!.accepted.map((text) => ({ text, weight: 100, feedback: '' })),
      trueFalse: null,
      matches: [],
      numeric: [],
      hasFeedback: false,
      generalFeedback: '',
      tags: [],
    };
  },
};

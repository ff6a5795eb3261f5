import type { MatchingConfig } from '@vbuilder/shared';
import { typeFor, type FamilyConverter } from '../../convert.ts';
import type { GiftItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { matchingDraft } from './common.ts';

/** GIFT matching {=prompt -> match …} ↔ matching; GIFT has no distractors, so those do not export. */
export const matchingGift: FamilyConverter<GiftItem, MatchingConfig> = {
  read(item, hint) {
    if (item.kind !== 'matching') return null;
    return matchingDraft({
      type: typeFor('matching', hint, 'matching-pairs'),
      text: item.text,
      score: null,
      pairs: item.matches.filter((m) => m.left.trim()).map((m) => ({ prompt: m.left, match: m.right })),
      distractors: item.matches.filter((m) => !m.left.trim()).map((m) => m.right),
      notes: item.hasFeedback ? [{ code: 'feedbackDropped' }] : [],
    });
  },
  write(question) {
    if (question.config.distractors.length)
      return { skip: { code: 'doesNotFit', params: { rule: 'no distractors in GIFT matching' } } };
    return {
      title: '',
      text: plain(question.text),
      textAfter: '',
      kind: 'matching',
      answers: [],
      trueFalse: null,
      matches: question.config.pairs.map((p) => ({ left: p.prompt, right: p.match })),
      numeric: [],
      hasFeedback: false,
      generalFeedback: '',
      tags: [],
    };
  },
};

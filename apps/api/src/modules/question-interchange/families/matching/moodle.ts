import type { MatchingConfig } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { MoodleItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { matchingDraft } from './common.ts';

/** Moodle matching ↔ matching: subquestions are pairs; a subquestion with no text is a distractor. */
export const matchingMoodle: FamilyConverter<MoodleItem, MatchingConfig> = {
  read(item, hint) {
    if (item.type !== 'matching') return null;
    return matchingDraft({
      type: typeFor('matching', hint, 'matching-pairs'),
      text: item.text,
      score: toScore(item.defaultGrade),
      pairs: item.subquestions
        .filter((s) => s.text.text.trim())
        .map((s) => ({ prompt: s.text.text, match: s.answer })),
      distractors: item.subquestions.filter((s) => !s.text.text.trim()).map((s) => s.answer),
      notes: item.hasFeedback || item.generalFeedback ? [{ code: 'feedbackDropped' }] : [],
    });
  },
  write(question) {
    const { config } = question;
    return {
      type: 'matching',
      name: '',
      text: plain(question.text),
      generalFeedback: '',
      defaultGrade: question.score,
      fields: { shuffleanswers: 'true' },
      answers: [],
      subquestions: [
        ...config.pairs.map((p) => ({ text: plain(p.prompt), answer: p.match })),
        ...config.distractors.map((d) => ({ text: plain(''), answer: d })),
      ],
      gaps: [],
      hasFeedback: false,
      tags: [],
    };
  },
};

import type { TrueFalseConfig } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter, type Note } from '../../convert.ts';
import type { MoodleItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';

/** Moodle truefalse ↔ true/false: the answer 'true' or 'false' with fraction 100 is the right one. */
export const trueFalseMoodle: FamilyConverter<MoodleItem, TrueFalseConfig> = {
  read(item, hint) {
    if (item.type !== 'truefalse') return null;
    const right = item.answers.find((a) => a.fraction >= 99.9);
    const value = right?.text.text.trim().toLowerCase();
    if (value !== 'true' && value !== 'false') return { skip: { code: 'noCorrectAnswer' } };
    const notes: Note[] = item.hasFeedback || item.generalFeedback ? [{ code: 'feedbackDropped' }] : [];
    return {
      type: typeFor('trueFalse', hint, 'true-false'),
      text: item.text,
      score: toScore(item.defaultGrade),
      config: { correct: value === 'true' },
      notes,
    };
  },
  write(question) {
    return {
      type: 'truefalse',
      name: '',
      text: plain(question.text),
      generalFeedback: '',
      defaultGrade: question.score,
      fields: {},
      answers: [
        { fraction: question.config.correct ? 100 : 0, text: plain('true'), feedback: '' },
        { fraction: question.config.correct ? 0 : 100, text: plain('false'), feedback: '' },
      ],
      subquestions: [],
      gaps: [],
      hasFeedback: false,
      tags: [],
    };
  },
};

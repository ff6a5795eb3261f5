import type { ShortAnswerConfig } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { MoodleItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { shortAnswerDraft } from './common.ts';

/**
 * Moodle shortanswer ↔ short answer (answers at 100% are accepted; usecase is case-sensitivity;
 * Moodle's * wildcard is kept as written). Moodle numerical with tolerance 0 is a short answer
 * whose accepted answers are the numbers; a tolerance is a range vbuilder cannot mark (skipped).
 */
export const shortAnswerMoodle: FamilyConverter<MoodleItem, ShortAnswerConfig> = {
  read(item, hint) {
    if (item.type === 'numerical') {
      if (item.answers.some((a) => a.fraction >= 99.9 && (a.tolerance ?? 0) !== 0))
        return { skip: { code: 'doesNotFit', params: { rule: 'interchange.numericTolerance' } } };
    } else if (item.type !== 'shortanswer') return null;
    return shortAnswerDraft({
      type: typeFor('shortAnswer', hint, 'short-answers'),
      text: item.text,
      score: toScore(item.defaultGrade),
      answers: item.answers.map((a) => ({ text: a.text.text, fraction: a.fraction })),
      caseSensitive: item.fields.usecase === '1' || item.fields.usecase === 'true',
      feedback: item.hasFeedback || item.generalFeedback !== '',
    });
  },
  write(question) {
    return {
      type: 'shortanswer',
      name: '',
      text: plain(question.text),
      generalFeedback: '',
      defaultGrade: question.score,
      fields: { usecase: question.config.caseSensitive ? '1' : '0' },
      answers: question.config.acceptedAnswers.map((text) => ({
        fraction: 100,
        text: plain(text),
        feedback: '',
      })),
      subquestions: [],
      gaps: [],
      hasFeedback: false,
      tags: [],
    };
  },
};

import type { OrderingConfig } from '@vbuilder/shared';
import { toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { MoodleItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { orderingDraft } from './common.ts';

/** Moodle ordering (qtype_ordering; answers in their right order) ↔ ordering. */
export const orderingMoodle: FamilyConverter<MoodleItem, OrderingConfig> = {
  read(item, hint) {
    if (item.type !== 'ordering') return null;
    return orderingDraft({
      type: typeFor('ordering', hint, 'interactive-games'),
      text: item.text,
      score: toScore(item.defaultGrade),
      items: item.answers.map((a) => a.text.text),
      feedback: item.hasFeedback || item.generalFeedback !== '',
    });
  },
  write(question) {
    return {
      type: 'ordering',
      name: '',
      text: plain(question.text),
      generalFeedback: '',
      defaultGrade: question.score,
      fields: {
        layouttype: 'VERTICAL',
        selecttype: 'ALL',
        selectcount: '0',
        gradingtype: 'ABSOLUTE_POSITION',
      },
      answers: question.config.items.map((item, i) => ({
        fraction: i + 1,
        text: plain(item.text),
        feedback: '',
      })),
      subquestions: [],
      gaps: [],
      hasFeedback: false,
      tags: [],
    };
  },
};

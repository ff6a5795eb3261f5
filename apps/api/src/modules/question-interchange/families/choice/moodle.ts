import type { ChoiceConfig } from '@vbuilder/shared';
import { letterId, toScore, typeFor, type FamilyConverter } from '../../convert.ts';
import type { MoodleItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { choiceDraft } from './common.ts';

/**
 * Moodle multichoice ↔ choice. Single-answer: the answer with fraction 100 is correct. Multiple
 * answers (single=false): answers with a positive fraction are correct; vbuilder marks multiple
 * answers with its own equal-share rule, so unequal positive weights are noted. Export writes
 * equal shares (100/n for correct, -100/n for wrong, which is vbuilder's rule).
 */
export const choiceMoodle: FamilyConverter<MoodleItem, ChoiceConfig> = {
  read(item, hint) {
    if (item.type !== 'multichoice') return null;
    const multiple = item.fields.single === 'false' || item.fields.single === '0';
    const correct = item.answers.flatMap((a, i) =>
      (multiple ? a.fraction > 0 : a.fraction >= 99.9) ? [letterId(i)] : [],
    );
    return choiceDraft({
      type: typeFor('choice', hint, 'multiple-choice'),
      text: item.text,
      score: toScore(item.defaultGrade),
      options: item.answers.map((a) => a.text),
      correct,
      multiple,
      shuffle: item.fields.shuffleanswers !== 'false' && item.fields.shuffleanswers !== '0',
      unequalWeights: multiple
        ? new Set(item.answers.filter((a) => a.fraction > 0).map((a) => a.fraction)).size > 1
        : item.answers.some((a) => a.fraction > 0 && a.fraction < 99.9),
      feedback: item.hasFeedback || item.generalFeedback !== '',
    });
  },
  write(question) {
    const { config } = question;
    const correct = new Set(config.correct);
    const share = 100 / correct.size;
    return {
      type: 'multichoice',
      name: '',
      text: plain(question.text),
      generalFeedback: '',
      defaultGrade: question.score,
      fields: {
        single: config.multiple ? 'false' : 'true',
        shuffleanswers: config.shuffle ? 'true' : 'false',
        answernumbering: 'abc',
      },
      answers: config.options.map((option) => ({
        fraction: correct.has(option.id) ? (config.multiple ? share : 100) : config.multiple ? -share : 0,
        text: { text: option.text, images: option.imageUrl ? [option.imageUrl] : [], flattened: false },
        feedback: '',
      })),
      subquestions: [],
      gaps: [],
      hasFeedback: false,
      tags: [],
    };
  },
};

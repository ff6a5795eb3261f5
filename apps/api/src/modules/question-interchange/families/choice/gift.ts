import type { ChoiceConfig } from '@vbuilder/shared';
import { letterId, typeFor, type FamilyConverter } from '../../convert.ts';
import type { GiftItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { choiceDraft } from './common.ts';

/**
 * GIFT multiple choice ↔ choice. `=` marks the one correct answer; `~%n%` weights make a
 * multiple-answer question (positive weights correct). Missing-word choice questions
 * (text {~a =b} text) keep their text with '___' where the block was.
 */
export const choiceGift: FamilyConverter<GiftItem, ChoiceConfig> = {
  read(item, hint) {
    if (item.kind !== 'choice') return null;
    // Moodle's rule: an answer worth 100% makes a one-answer question (others may earn part);
    // without one, the positive weights share the marks between several right answers.
    const multiple = !item.answers.some((a) => a.weight === 100);
    const correct = item.answers.flatMap((a, i) =>
      (multiple ? a.weight > 0 : a.weight === 100) ? [letterId(i)] : [],
    );
    const text = item.textAfter
      ? { ...item.text, text: `${item.text.text} ___ ${item.textAfter}`.trim() }
      : item.text;
    return choiceDraft({
      type: typeFor('choice', hint, 'multiple-choice'),
      text,
      score: null,
      options: item.answers.map((a) => plain(a.text)),
      correct,
      multiple,
      shuffle: true,
      unequalWeights: multiple
        ? new Set(item.answers.filter((a) => a.weight > 0).map((a) => a.weight)).size > 1
        : item.answers.some((a) => a.weight > 0 && a.weight < 100),
      feedback: item.hasFeedback,
    });
  },
  write(question) {
    const { config } = question;
    if (config.options.some((o) => o.imageUrl)) return { skip: { code: 'imageNotCarried' } };
    const correct = new Set(config.correct);
    const share = Math.round((100 / correct.size) * 100000) / 100000;
    return {
      title: '',
      text: plain(question.text),
      textAfter: '',
      kind: 'choice',
      answers: config.options.map((o) => ({
        text: o.text,
        weight: correct.has(o.id) ? (config.multiple ? share : 100) : config.multiple ? -share : 0,
        feedback: '',
      })),
      trueFalse: null,
      matches: [],
      numeric: [],
      hasFeedback: false,
      generalFeedback: '',
      tags: [],
    };
  },
};

import type { ChoiceConfig } from '@vbuilder/shared';
import { letterId, typeFor, type FamilyConverter } from '../../convert.ts';
import type { AikenItem } from '../../formats/models.ts';
import { plain } from '../../rich-text.ts';
import { choiceDraft } from './common.ts';

/** Aiken is single-answer multiple choice only: one question, lettered options, ANSWER: letter. */
export const choiceAiken: FamilyConverter<AikenItem, ChoiceConfig> = {
  read(item, hint) {
    const index = item.options.findIndex((o) => o.letter === item.answer);
    return choiceDraft({
      type: typeFor('choice', hint, 'multiple-choice'),
      text: plain(item.text),
      score: null,
      options: item.options.map((o) => plain(o.text)),
      correct: index >= 0 ? [letterId(index)] : [],
      multiple: false,
      shuffle: false,
    });
  },
  write(question) {
    const { config } = question;
    if (config.multiple)
      return { skip: { code: 'doesNotFit', params: { rule: 'interchange.aikenOneCorrect' } } };
    if (config.options.some((o) => o.imageUrl)) return { skip: { code: 'imageNotCarried' } };
    if (/\n/.test(question.text) || config.options.some((o) => /\n/.test(o.text)))
      return { skip: { code: 'doesNotFit', params: { rule: 'interchange.aikenOneLine' } } };
    const letters = config.options.map((_, i) => String.fromCharCode(65 + i));
    return {
      text: question.text,
      options: config.options.map((o, i) => ({ letter: letters[i]!, text: o.text })),
      answer: letters[config.options.findIndex((o) => o.id === config.correct[0])]!,
    };
  },
};

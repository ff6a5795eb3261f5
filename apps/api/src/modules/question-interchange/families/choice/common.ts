import type { QuestionTypeId } from '@vbuilder/shared';
import { letterId, type Draft, type Note, type ReadOutcome } from '../../convert.ts';
import type { RichText } from '../../rich-text.ts';

/** A choice draft from options read by any format, with the checks every format shares. */
export function choiceDraft(input: {
  type: QuestionTypeId;
  text: RichText;
  score: number | null;
  options: RichText[];
  correct: string[];
  multiple: boolean;
  shuffle: boolean;
  unequalWeights?: boolean;
  feedback?: boolean;
}): ReadOutcome {
  if (input.correct.length === 0) return { skip: { code: 'noCorrectAnswer' } };
  if (input.options.length < 2 || input.options.length > 10)
    return {
      skip: {
        code: 'doesNotFit',
        params: { rule: `questions.errors.${input.options.length < 2 ? 'optionsTooFew' : 'optionsTooMany'}` },
      },
    };
  const notes: Note[] = [];
  if (input.unequalWeights) notes.push({ code: 'weightsNotKept', params: { weights: 'partial credit' } });
  if (input.feedback) notes.push({ code: 'feedbackDropped' });
  const optionImages: Record<string, string> = {};
  const options = input.options.map((option, i) => {
    const id = letterId(i);
    if (option.images[0]) optionImages[id] = option.images[0];
    if (option.images.length > 1)
      notes.push({ code: 'imagesDropped', params: { count: option.images.length - 1 } });
    if (option.flattened) notes.push({ code: 'formattingFlattened' });
    // An image-only option still needs text: its alt is lost, so it is named by its letter.
    return { id, text: option.text || id.toUpperCase(), imageUrl: null };
  });
  const draft: Draft = {
    type: input.type,
    text: input.text,
    score: input.score,
    config: {
      options,
      correct: input.correct,
      multiple: input.multiple || input.correct.length > 1,
      shuffle: input.shuffle,
    },
    optionImages,
    notes,
  };
  return draft;
}

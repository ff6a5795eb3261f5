import { SHORT_ANSWER_DEFAULT_MAX_WORDS, type QuestionTypeId } from '@vbuilder/shared';
import type { Note, ReadOutcome } from '../../convert.ts';
import type { RichText } from '../../rich-text.ts';

/** A short-answer draft: accepted answers are the fully right ones (partial ones are noted). */
export function shortAnswerDraft(input: {
  type: QuestionTypeId;
  text: RichText;
  score: number | null;
  answers: { text: string; fraction: number }[];
  caseSensitive: boolean;
  feedback?: boolean;
  maxWords?: number | null;
}): ReadOutcome {
  const accepted = [
    ...new Set(
      input.answers
        .filter((a) => a.fraction >= 99.9)
        .map((a) => a.text.trim())
        .filter(Boolean),
    ),
  ];
  if (accepted.length === 0) return { skip: { code: 'noCorrectAnswer' } };
  if (accepted.length > 50)
    return { skip: { code: 'doesNotFit', params: { rule: 'questions.errors.answersTooMany' } } };
  const notes: Note[] = [];
  const partial = input.answers.filter((a) => a.fraction > 0 && a.fraction < 99.9);
  if (partial.length)
    notes.push({
      code: 'weightsNotKept',
      params: { weights: partial.map((a) => `${a.fraction}%`).join(', ') },
    });
  if (input.feedback) notes.push({ code: 'feedbackDropped' });
  return {
    type: input.type,
    text: input.text,
    score: input.score,
    config: {
      acceptedAnswers: accepted,
      caseSensitive: input.caseSensitive,
      maxWords: input.maxWords ?? SHORT_ANSWER_DEFAULT_MAX_WORDS,
    },
    notes,
  };
}

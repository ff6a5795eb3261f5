import type { SubmissionQuestion } from '@vbuilder/shared';

/** How one answer stands, in the words the screens use. */
export type AnswerOutcome = 'correct' | 'partial' | 'incorrect' | 'pending' | 'unscored';

export function answerOutcome(
  question: Pick<SubmissionQuestion, 'markStatus' | 'correct' | 'score'>,
): AnswerOutcome {
  if (question.markStatus === 'manual') return 'pending';
  if (question.markStatus === 'unscored') return 'unscored';
  if (question.correct) return 'correct';
  return question.score > 0 ? 'partial' : 'incorrect';
}

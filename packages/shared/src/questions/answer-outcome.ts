/**
 * How one marked answer stands, the same for the teacher's marking screens and the student's
 * result, review and result PDF: correct, partly correct (some of the points), incorrect, waiting
 * for a teacher's marking, or not scored (surveys).
 */
export const ANSWER_OUTCOMES = ['correct', 'partial', 'incorrect', 'pending', 'unscored'] as const;
export type AnswerOutcome = (typeof ANSWER_OUTCOMES)[number];

/** What the rule reads of a marked answer (a result's question, a submission's answer). */
export interface AnswerMarking {
  markStatus: 'auto' | 'manual' | 'unscored' | 'marked';
  correct: boolean | null;
  score: number;
}

/**
 * The outcome of an answer from its marking: 'manual' waits for a teacher, 'unscored' counts for
 * nothing; a marked answer is correct, partly correct when it earned some points without being
 * right in full (an essay given 4 of 5, drag and drop with 3 of 4 places), incorrect otherwise.
 */
export function answerOutcome({ markStatus, correct, score }: AnswerMarking): AnswerOutcome {
  if (markStatus === 'manual') return 'pending';
  if (markStatus === 'unscored') return 'unscored';
  if (correct) return 'correct';
  return score > 0 ? 'partial' : 'incorrect';
}

import { answerFromStudentView, markQuestion, roundScore, type Question } from '@vbuilder/shared';
import type { AnswerMark } from './attempts.repository.ts';

export interface AttemptTotals {
  score: number;
  maxScore: number;
  percentage: number;
  /** null while a teacher still has to mark an open answer. */
  passed: boolean | null;
  markingStatus: 'auto' | 'pending';
}

/**
 * Marks every question of a submitted attempt against the FULL snapshot question (the student
 * answered in the view's ids, translated back first). An unanswered question is marked like an
 * empty answer: 0, or for a survey nothing at all.
 */
export function markAnswers(
  questions: readonly Question[],
  answers: ReadonlyMap<string, unknown>,
  seed: string,
): AnswerMark[] {
  return questions.map((question) => {
    const given = answers.get(question.id) ?? null;
    const result = markQuestion(question, answerFromStudentView(question, seed, given));
    return {
      questionId: question.id,
      score: result.score,
      maxScore: result.max,
      correct: result.correct,
      markStatus: result.status,
      markDetails: result.details ?? null,
    };
  });
}

/**
 * Totals of the marks. Pending (an open answer waits for a teacher): the score is the provisional
 * score of what was marked automatically and `passed` stays null. An assessment that can score
 * nothing (only surveys) cannot be failed: 100%.
 */
export function totalsOf(
  marks: readonly Pick<AnswerMark, 'score' | 'maxScore' | 'markStatus'>[],
  passMark: number,
): AttemptTotals {
  const score = roundScore(marks.reduce((sum, m) => sum + m.score, 0));
  const maxScore = roundScore(marks.reduce((sum, m) => sum + m.maxScore, 0));
  const percentage = maxScore > 0 ? roundScore((score / maxScore) * 100) : 100;
  const pending = marks.some((m) => m.markStatus === 'manual');
  return {
    score,
    maxScore,
    percentage,
    passed: pending ? null : percentage >= passMark,
    markingStatus: pending ? 'pending' : 'auto',
  };
}

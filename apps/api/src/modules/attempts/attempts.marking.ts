import { answerFromStudentView, markQuestion, type Question } from '@vbuilder/shared';
import type { AnswerMark } from './attempts.repository.ts';

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

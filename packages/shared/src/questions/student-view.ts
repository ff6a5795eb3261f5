import type { StudentQuestion } from '../schemas/attempts.ts';
import type { FamilyStudentView, StudentViewContext } from './family.ts';
import type { Question } from './question.ts';
import { familyOf } from './registry.ts';

export { maskPartId } from './student-masking.ts';

/**
 * What a student receives of a question while taking an assessment: everything a player needs,
 * nothing that gives the answer away. Each family says what that is (families/<family>/
 * student-view.ts, its config type in StudentConfigs); this file only dispatches to the family.
 * Each student config is a structural subset of the family's full config, so players typed with
 * them accept both a student view (attempts) and a full question (previews).
 *
 * Where ids or order alone would reveal the answer, the view hides them with a secret seed (the
 * attempt's shuffleSeed, never sent to the student):
 * - matching: every match gets an opaque id (a prompt's own match shares its id otherwise) and the
 *   matches come in a secret order;
 * - ordering: item ids are opaque (editors number them in the right order) and the items come
 *   scrambled;
 * - drag and drop: zone ids are opaque (default ids pair 'i1' with 'z1') and items are shuffled;
 * - choice: options are shuffled when the teacher asked for it.
 * Answers a player gives in the view's ids go back to the question's own ids with
 * `answerFromStudentView` before marking; `answerToStudentView` does the reverse (the expected
 * answer shown in a review).
 */

/** The student-view behaviour of a question's family (the question's config is already valid). */
function viewOf(question: Pick<Question, 'type'>): FamilyStudentView<unknown, unknown> {
  return familyOf(question.type).studentView;
}

const contextOf = (question: Question, seed: string): StudentViewContext => ({
  questionId: question.id,
  seed,
});

/** A question as a student receives it in an attempt seeded with `seed` (the attempt's shuffleSeed). */
export function studentViewOf(question: Question, seed: string): StudentQuestion {
  const view: StudentQuestion = {
    id: question.id,
    type: question.type,
    text: question.text,
    score: question.score,
    config: viewOf(question).config(question.config, contextOf(question, seed)) as Record<string, unknown>,
  };
  if (question.instructions !== undefined) view.instructions = question.instructions;
  if (question.imageUrl !== undefined) view.imageUrl = question.imageUrl;
  return view;
}

/**
 * A student's answer (in the view's ids) in the question's own ids, ready for markQuestion.
 * An id the view never showed (a guessed original id, say) maps to nothing, so it cannot score.
 */
export function answerFromStudentView(question: Question, seed: string, answer: unknown): unknown {
  if (answer === null || answer === undefined) return answer;
  return viewOf(question).answerFromView(question.config, contextOf(question, seed), answer);
}

/** An answer in the question's own ids (the expected answer) in the student view's ids. */
export function answerToStudentView(question: Question, seed: string, answer: unknown): unknown {
  if (answer === null || answer === undefined) return answer;
  return viewOf(question).answerToView(question.config, contextOf(question, seed), answer);
}

/** A marker's per-part details (keyed by the question's own part ids) keyed as the student view shows them. */
export function detailsToStudentView(
  question: Question,
  seed: string,
  details: Record<string, boolean> | null | undefined,
): Record<string, boolean> | null {
  if (!details) return null;
  return viewOf(question).detailsToView(question.config, contextOf(question, seed), details);
}

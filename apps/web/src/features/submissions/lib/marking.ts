import { SUBMISSION_LIMITS, type SubmissionMark, type SubmissionQuestion } from '@vbuilder/shared';

/** One question's entry in the marking form: the score as typed ('' when empty) and the feedback. */
export interface MarkEntry {
  score: number | '';
  feedback: string;
}
export type MarkEntries = Record<string, MarkEntry>;

/** What a field error says: an i18n key of the `submissions` namespace and its values. */
export interface MarkError {
  key: string;
  values?: Record<string, string | number>;
}
export type MarkErrors = Record<string, { score?: MarkError; feedback?: MarkError }>;

/**
 * Questions a person marks on this screen: answers waiting for a teacher, and answers a teacher
 * already marked (marking again replaces the mark). Surveys (max 0) never need a score.
 */
export const needsPerson = (question: SubmissionQuestion) =>
  question.markStatus !== 'unscored' && (question.needsMarking || question.markStatus === 'marked');

/** Automatically marked questions a teacher may override. */
export const isOverridable = (question: SubmissionQuestion) =>
  question.markStatus === 'auto' && question.max > 0;

/** The form's starting values: empty scores where nobody has marked yet, the current marks elsewhere. */
export function initialEntries(questions: readonly SubmissionQuestion[]): MarkEntries {
  const entries: MarkEntries = {};
  for (const question of questions) {
    entries[question.id] = {
      score: question.needsMarking ? '' : question.score,
      feedback: question.feedback ?? '',
    };
  }
  return entries;
}

/** Whole or half points (2, 2.5), allowing for floating point noise. */
const isHalfStep = (value: number) => Math.abs(value * 2 - Math.round(value * 2)) < 1e-9;

/** The error of one score: required for answers a person marks, within 0..max, in steps of 0.5. */
export function scoreError(
  question: SubmissionQuestion,
  score: number | '',
  required: boolean,
): MarkError | undefined {
  if (score === '') return required ? { key: 'errors.scoreRequired' } : undefined;
  if (!Number.isFinite(score) || score < 0 || score > question.max) {
    return { key: 'errors.scoreRange', values: { max: question.max } };
  }
  if (!isHalfStep(score)) return { key: 'errors.scoreStep' };
  return undefined;
}

/** Every error of the form, by question id; empty when the marks can be submitted. */
export function validateEntries(questions: readonly SubmissionQuestion[], entries: MarkEntries): MarkErrors {
  const errors: MarkErrors = {};
  for (const question of questions) {
    const entry = entries[question.id];
    if (!entry || question.markStatus === 'unscored') continue;
    const score = scoreError(question, entry.score, needsPerson(question));
    const feedback =
      entry.feedback.trim().length > SUBMISSION_LIMITS.feedbackMax
        ? { key: 'errors.feedbackTooLong', values: { max: SUBMISSION_LIMITS.feedbackMax } }
        : undefined;
    if (score || feedback) errors[question.id] = { ...(score && { score }), ...(feedback && { feedback }) };
  }
  return errors;
}

/**
 * The marks to send: every answer a person marks, and automatically marked answers only where the
 * teacher changed the score or wrote feedback (an untouched automatic mark stays automatic).
 */
export function marksToSubmit(
  questions: readonly SubmissionQuestion[],
  entries: MarkEntries,
): SubmissionMark[] {
  const marks: SubmissionMark[] = [];
  for (const question of questions) {
    const entry = entries[question.id];
    if (!entry || entry.score === '' || question.markStatus === 'unscored') continue;
    const feedback = entry.feedback.trim();
    // What the teacher saw: someone else's mark since then is refused (409 mark_conflict), not overwritten.
    const expectedMarkedAt = question.markedAt;
    if (needsPerson(question)) {
      marks.push({ questionId: question.id, score: entry.score, feedback, expectedMarkedAt });
    } else if (
      isOverridable(question) &&
      (entry.score !== question.score || feedback !== (question.feedback ?? '').trim())
    ) {
      marks.push({ questionId: question.id, score: entry.score, feedback, expectedMarkedAt });
    }
  }
  return marks;
}

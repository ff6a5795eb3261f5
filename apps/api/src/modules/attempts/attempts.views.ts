import {
  ATTEMPT_LIMITS,
  answerToStudentView,
  detailsToStudentView,
  familyOf,
  isResultReleased,
  markingStatusOf,
  roundScore,
  studentViewOf,
  submissionFigures,
  type AnswerMarkStatus,
  type Attempt,
  type AttemptResult,
  type Question,
  type ReviewPolicy,
  type SavedAnswer,
  type SubmittedBy,
} from '@vbuilder/shared';
import type { AssessmentRow, AttemptAnswerRow, AttemptRow } from '../../db/schema/index.ts';
import { toResource } from '../assessments/assessments.mapper.ts';
import type { AssessmentResourceRow } from '../assessments/assessments.repository.ts';

/** Rows → the API's shapes. Students only ever get questions through studentViewOf. */

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

const snapshotOf = (row: AttemptRow): Question[] => row.questions as Question[];

/** Rows written by marking for questions never answered have revision 0: not a saved answer. */
const isSaved = (answer: AttemptAnswerRow) => answer.revision > 0;

export function toAttempt(
  row: AttemptRow,
  assessment: Omit<AssessmentRow, 'questions'>,
  answers: AttemptAnswerRow[],
  resources: AssessmentResourceRow[],
  now: Date,
): Attempt {
  const questions = snapshotOf(row);
  const saved: Record<string, SavedAnswer> = {};
  for (const answer of answers.filter(isSaved)) {
    saved[answer.questionId] = {
      answer: answer.answer,
      revision: answer.revision,
      flagged: answer.flagged,
      savedAt: answer.savedAt.toISOString(),
    };
  }
  return {
    id: row.id,
    assessment: {
      id: assessment.id,
      title: assessment.title,
      subject: assessment.subject,
      instructions: assessment.instructions,
      passMark: row.passMark,
      // What this attempt can score: its own snapshot, even if the assessment changed since.
      totalMarks: roundScore(questions.reduce((sum, q) => sum + q.score, 0)),
      durationMinutes: assessment.durationMinutes,
      endsAt: iso(assessment.endsAt),
      dueAt: iso(assessment.dueAt),
      allowRetake: assessment.allowRetake,
      reviewPolicy: assessment.reviewPolicy as ReviewPolicy,
      resources: resources.map(toResource),
    },
    number: row.number,
    status: row.status as Attempt['status'],
    startedAt: row.startedAt.toISOString(),
    deadlineAt: iso(row.deadlineAt),
    serverNow: now.toISOString(),
    graceSeconds: ATTEMPT_LIMITS.graceSeconds,
    submittedAt: iso(row.submittedAt),
    submittedBy: (row.submittedBy as SubmittedBy | null) ?? null,
    questions: questions.map((q) => studentViewOf(q, row.shuffleSeed)),
    answers: saved,
    revision: answers.reduce((highest, a) => Math.max(highest, a.revision), row.revision),
  };
}

export interface ReviewContext {
  reviewPolicy: string;
  endsAt: Date | null;
  now: Date;
  /** The assessment's release policy; absent: 'immediate'. */
  releasePolicy?: string;
}

/** Whether the student may see the expected answers now (the assessment's review policy). */
export function reviewAvailable({ reviewPolicy, endsAt, now }: ReviewContext): boolean {
  if (reviewPolicy === 'afterSubmission') return true;
  if (reviewPolicy === 'afterWindow') return endsAt !== null && now.getTime() >= endsAt.getTime();
  return false;
}

/** Whether the student may see this attempt's result now (the rule is shared's isResultReleased). */
export function resultReleased(
  row: Pick<AttemptRow, 'releasedAt'>,
  { releasePolicy = 'immediate', endsAt, now }: Omit<ReviewContext, 'reviewPolicy'>,
): boolean {
  return isResultReleased(row.releasedAt, { releasePolicy, endsAt }, now);
}

/** A submitted attempt's result as its student sees it: marks as stored (automatic or a teacher's). */
export function toResult(row: AttemptRow, answers: AttemptAnswerRow[], review: ReviewContext): AttemptResult {
  if (!resultReleased(row, review)) return unreleasedResult(row, review);
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const showAnswers = reviewAvailable(review);
  const seed = row.shuffleSeed;
  return {
    attemptId: row.id,
    assessmentId: row.assessmentId,
    number: row.number,
    startedAt: row.startedAt.toISOString(),
    submittedAt: (row.submittedAt ?? row.updatedAt).toISOString(),
    submittedBy: (row.submittedBy ?? 'student') as SubmittedBy,
    ...submissionFigures(row),
    markingStatus: markingStatusOf(row.markingStatus),
    passMark: row.passMark,
    reviewAvailable: showAnswers,
    released: true,
    releasesAt: null,
    questions: snapshotOf(row).map((question) => {
      const answer = byQuestion.get(question.id);
      const result = {
        questionId: question.id,
        text: question.text,
        type: question.type,
        question: studentViewOf(question, seed),
        score: answer?.score ?? 0,
        max: answer?.maxScore ?? question.score,
        correct: answer?.correct ?? null,
        markStatus: (answer?.markStatus ?? 'auto') as AnswerMarkStatus,
        answer: answer && isSaved(answer) ? answer.answer : null,
        details: showAnswers
          ? detailsToStudentView(question, seed, answer?.markDetails as Record<string, boolean> | null)
          : null,
        feedback: answer?.feedback ?? null,
      };
      if (!showAnswers) return result;
      const expected = familyOf(question.type).expectedAnswer(question.config);
      return { ...result, expectedAnswer: answerToStudentView(question, seed, expected) };
    }),
  };
}

/**
 * A result the student may not see yet: that it was handed in and whether marking is done, never
 * the score, the pass state, a mark or a feedback (the server leaves them out).
 */
function unreleasedResult(row: AttemptRow, review: ReviewContext): AttemptResult {
  const figures = submissionFigures(row);
  return {
    attemptId: row.id,
    assessmentId: row.assessmentId,
    number: row.number,
    startedAt: row.startedAt.toISOString(),
    submittedAt: (row.submittedAt ?? row.updatedAt).toISOString(),
    submittedBy: (row.submittedBy ?? 'student') as SubmittedBy,
    status: figures.status,
    markingStatus: markingStatusOf(row.markingStatus),
    score: 0,
    maxScore: figures.maxScore,
    percentage: 0,
    passMark: row.passMark,
    passed: null,
    reviewAvailable: false,
    released: false,
    releasesAt: review.releasePolicy === 'afterWindow' ? iso(review.endsAt) : null,
    questions: [],
  };
}

import {
  attemptTotals,
  familyOf,
  markingStatusOf,
  submissionFigures,
  submissionStatusOf,
  roundScore,
  type MarkingView,
  type StudentStatusList,
  type SubmissionDetail,
  type SubmissionList,
  type SubmissionListQuerySchema,
  type SubmissionQuestion,
  type SubmissionSummary,
  type SubmitMarksSchema,
} from '@vbuilder/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AssessmentRow, AttemptRow } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { findAssessment } from '../assessments/assessments.access.ts';
import { toResultsAssessment } from '../assessments/assessments.mapper.ts';
import { listStudentAttempts, writeTotals } from '../attempts/attempts.repository.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { giveOnPass, type CertificateEffects } from '../certificates/certificates.service.ts';
import { emitNotification } from '../notifications/notifications.service.ts';
import { resultNoticeAt } from '../release/release.service.ts';
import {
  aggregateSubmissions,
  attemptFiguresByStudent,
  openAttemptsByStudent,
  countAssignedStudents,
  findAttempt,
  findUser,
  listAnswers,
  listAssignedStudents,
  listFiles,
  listSubmittedAttempts,
  upsertAnswerMark,
  type AnswerWithMarker,
  type AssignedStudent,
  type SubmittedAttemptRow,
} from './submissions.repository.ts';
import {
  expectedAnswerOf,
  openFacts,
  ownAnswer,
  questionMark,
  snapshotQuestions,
  teacherCorrect,
} from './submissions.scoring.ts';

/** The organization whose records a call may reach: any for the Super Administrator (null). */
export function scopeOf(actor: Actor, what = 'assessment'): string | null {
  if (actor.role === 'Super Administrator') return null;
  if (!actor.organizationId) throw notFound(what);
  return actor.organizationId;
}

export const noSubmission = () => new AppError(404, 'no_submission', 'No submission found for this student');

/** A staff member's assessment, or 404 (another organization's answers the same as a missing one). */
export async function assessmentForStaff(db: Db, actor: Actor, assessmentId: string): Promise<AssessmentRow> {
  const assessment = await findAssessment(db, { organizationId: scopeOf(actor) }, assessmentId);
  if (!assessment) throw notFound('assessment');
  return assessment;
}

/** The one numbering of an assessment's questions in results (the regrade screen numbers by it too). */
export { resultColumns } from './submissions.results.ts';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

function toSummary(attempt: SubmittedAttemptRow | AttemptRow, student: AssignedStudent): SubmissionSummary {
  return {
    attemptId: attempt.id,
    student,
    number: attempt.number,
    submittedAt: (attempt.submittedAt ?? attempt.updatedAt).toISOString(),
    submittedBy: attempt.submittedBy === 'deadline' ? 'deadline' : 'student',
    ...submissionFigures(attempt),
  };
}

/** GET /assessments/:id/submissions: submitted attempts (newest first) and the assessment's figures. */
export async function getSubmissionList(
  db: Db,
  actor: Actor,
  assessmentId: string,
  query: z.output<typeof SubmissionListQuerySchema>,
): Promise<SubmissionList> {
  const assessment = await assessmentForStaff(db, actor, assessmentId);
  const { rows, total } = await listSubmittedAttempts(db, assessment.id, {
    pending: query.status === undefined ? undefined : query.status === 'Pending',
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const [figures, assigned] = await Promise.all([
    aggregateSubmissions(db, assessment.id),
    countAssignedStudents(db, assessment),
  ]);
  return {
    items: rows.map((row) =>
      toSummary(row, { id: row.studentId, name: row.studentName, email: row.studentEmail }),
    ),
    total,
    page: query.page,
    pageSize: query.pageSize,
    stats: {
      assigned,
      submitted: figures.submitted,
      studentsSubmitted: figures.studentsSubmitted,
      passed: figures.passed,
      passRate: figures.submitted > 0 ? roundScore((figures.passed / figures.submitted) * 100) : 0,
      pendingMarking: figures.pendingMarking,
      averagePercentage: figures.averagePercentage === null ? null : roundScore(figures.averagePercentage),
    },
  };
}

/**
 * GET /assessments/:id/students: every assigned student, Submitted or Pending, or In progress with
 * the time left while sitting it. The time left is the attempt's own deadline (fixed at the start
 * with the student's extra time and window, moved when a teacher changes them) less the server's
 * time now, so the screen does not depend on the teacher's device clock.
 */
export async function getStudentStatuses(
  db: Db,
  actor: Actor,
  assessmentId: string,
  now: Date,
): Promise<StudentStatusList> {
  const assessment = await assessmentForStaff(db, actor, assessmentId);
  const [students, figures, open] = await Promise.all([
    listAssignedStudents(db, assessment),
    attemptFiguresByStudent(db, assessment.id),
    openAttemptsByStudent(db, assessment.id),
  ]);
  return students.map((student) => {
    const mine = figures.get(student.id);
    const sitting = open.get(student.id);
    return {
      student,
      status: mine ? 'Submitted' : sitting ? 'InProgress' : 'Pending',
      inProgress: sitting
        ? {
            attemptNumber: sitting.number,
            startedAt: sitting.startedAt.toISOString(),
            deadlineAt: iso(sitting.deadlineAt),
            secondsLeft: sitting.deadlineAt
              ? Math.max(0, Math.ceil((sitting.deadlineAt.getTime() - now.getTime()) / 1000))
              : null,
          }
        : null,
      attempts: mine?.attempts ?? 0,
      bestPercentage: mine?.bestPercentage ?? null,
      lastSubmittedAt: iso(mine?.lastSubmittedAt ?? null),
      pendingMarking: mine?.pendingMarking ?? false,
    };
  });
}

const fileUrl = (attemptId: string, fileId: string) => `/api/attempts/${attemptId}/files/${fileId}`;

/** The teacher's view of one submitted attempt, question by question. */
async function buildDetail(
  db: Db,
  assessment: AssessmentRow,
  attempt: AttemptRow,
  student: AssignedStudent,
): Promise<SubmissionDetail> {
  const [answers, files] = await Promise.all([listAnswers(db, [attempt.id]), listFiles(db, attempt.id)]);
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const questions = snapshotQuestions(attempt.questions).map((question): SubmissionQuestion => {
    const stored = byQuestion.get(question.id);
    const mark = questionMark(question, stored, attempt.shuffleSeed);
    return {
      id: question.id,
      text: question.text,
      type: question.type as SubmissionQuestion['type'],
      family: familyOf(question.type as SubmissionQuestion['type']).id,
      question: { ...question, type: question.type as SubmissionQuestion['type'] },
      max: mark.max,
      score: mark.score,
      correct: mark.correct,
      markStatus: mark.markStatus,
      needsMarking: mark.markStatus === 'manual',
      answer: ownAnswer(question, attempt.shuffleSeed, stored?.answer),
      expectedAnswer: expectedAnswerOf(question),
      ...openFacts(question),
      feedback: stored?.feedback ?? null,
      markedBy: stored?.markedBy ? { id: stored.markedBy, name: stored.markerName ?? '' } : null,
      markedAt: iso(stored?.markedAt ?? null),
      files: files
        .filter((f) => f.questionId === question.id)
        .map((f) => ({
          id: f.id,
          name: f.name,
          contentType: f.contentType,
          size: f.size,
          url: fileUrl(attempt.id, f.id),
        })),
    };
  });
  return {
    ...toSummary(attempt, student),
    assessment: toResultsAssessment(assessment),
    markingStatus: markingStatusOf(attempt.markingStatus),
    passMark: attempt.passMark,
    questions,
  };
}

async function submittedAttemptFor(
  db: DbOrTx,
  actor: Actor,
  attemptId: string,
  options: { forUpdate?: boolean } = {},
) {
  const found = await findAttempt(db, scopeOf(actor, 'attempt'), attemptId, options);
  if (!found) throw notFound('attempt');
  if (found.attempt.status !== 'submitted') throw noSubmission();
  return found;
}

async function studentOf(db: Db, attempt: AttemptRow): Promise<AssignedStudent> {
  return (await findUser(db, attempt.studentId)) ?? { id: attempt.studentId, name: '', email: '' };
}

/** GET /attempts/:id/submission. */
export async function getSubmissionDetail(
  db: Db,
  actor: Actor,
  attemptId: string,
): Promise<SubmissionDetail> {
  const { attempt, assessment } = await submittedAttemptFor(db, actor, attemptId);
  return buildDetail(db, assessment, attempt, await studentOf(db, attempt));
}

/**
 * GET /assessments/:id/marking/:studentId: the student's latest submitted attempt with answers
 * waiting for a teacher, else the latest submitted one.
 */
export async function getMarkingView(
  db: Db,
  actor: Actor,
  assessmentId: string,
  studentId: string,
): Promise<MarkingView> {
  const assessment = await assessmentForStaff(db, actor, assessmentId);
  const submittedAttempts = await listStudentAttempts(db, assessment.id, studentId, {
    status: 'submitted',
  });
  const chosen = submittedAttempts.find((a) => a.markingStatus === 'pending') ?? submittedAttempts[0];
  if (!chosen) throw noSubmission();
  const detail = await buildDetail(db, assessment, chosen, await studentOf(db, chosen));
  return {
    ...detail,
    pendingAnswers: detail.questions.filter((q) => q.needsMarking).length,
    otherAttempts: submittedAttempts
      .filter((a) => a.id !== chosen.id)
      .map((a) => ({
        attemptId: a.id,
        number: a.number,
        submittedAt: (a.submittedAt ?? a.updatedAt).toISOString(),
        status: submissionStatusOf(a.markingStatus),
      })),
  };
}

export interface MarkingContext {
  db: Db;
  clock: Clock;
  /** The queue the student's result notice goes through, in the marking's transaction. */
  jobs: JobQueue;
  /** What the certificate a mark that makes a pass gives by the assessment's rule sets off, in that transaction. */
  certificates: CertificateEffects;
}

/** `index`: the mark's place in the body, so a form can show the error at that field. */
const scoreOutOfRange = (index: number, questionId: string, max: number) =>
  badRequest('score_out_of_range', `The score of question ${questionId} must be between 0 and ${max}`, [
    {
      path: ['marks', String(index), 'score'],
      message: 'submissions.errors.scoreOutOfRange',
      questionId,
      max,
    },
  ]);

/** Someone marked the answer since the teacher loaded it: who, when and what they gave. */
const markConflict = (questionId: string, stored: AnswerWithMarker) =>
  new AppError(409, 'mark_conflict', `Question ${questionId} was marked by someone else meanwhile`, {
    questionId,
    markedBy: stored.markerName ?? null,
    markedAt: iso(stored.markedAt),
    score: stored.score,
  });

/**
 * Work another module does in the marking transaction, after the marks are written (the marking
 * queue keeps the rubric levels and the suggestion's outcome with the mark, all or nothing).
 */
export type MarkingHook = (
  tx: DbOrTx,
  marked: { attempt: AttemptRow; now: Date; changed: readonly string[] },
) => Promise<void>;

const unknownQuestion = (questionId: string) =>
  new AppError(404, 'unknown_question', `Question ${questionId} is not part of this attempt`, { questionId });

/**
 * POST /attempts/:id/marks. All or nothing, in one transaction with the attempt locked: every
 * mark is checked first (unknown question 404, score above the question's max 400), then the
 * changed answers are stored as 'marked' and the attempt's totals recomputed. Marks equal to the
 * stored ones change nothing, so sending the same body again is harmless.
 */
export async function submitMarks(
  ctx: MarkingContext,
  actor: Actor,
  attemptId: string,
  body: z.output<typeof SubmitMarksSchema>,
  hook?: MarkingHook,
): Promise<SubmissionDetail> {
  const result = await ctx.db.transaction(async (tx) => {
    const { attempt, assessment } = await submittedAttemptFor(tx, actor, attemptId, { forUpdate: true });
    const questions = snapshotQuestions(attempt.questions);
    const byId = new Map(questions.map((q) => [q.id, q]));
    const answers = new Map((await listAnswers(tx, [attempt.id])).map((a) => [a.questionId, a]));

    const planned = body.marks.map((mark, index) => {
      const question = byId.get(mark.questionId);
      if (!question) throw unknownQuestion(mark.questionId);
      const current = questionMark(question, answers.get(question.id), attempt.shuffleSeed);
      if (mark.score > current.max) throw scoreOutOfRange(index, question.id, current.max);
      const stored = answers.get(question.id);
      if (
        mark.expectedMarkedAt !== undefined &&
        stored &&
        !sameTime(stored.markedAt, mark.expectedMarkedAt)
      ) {
        throw markConflict(question.id, stored);
      }
      return { mark, question, current };
    });

    const now = ctx.clock.now();
    const changed: string[] = [];
    for (const { mark, question, current } of planned) {
      const stored = answers.get(question.id);
      const feedback = mark.feedback === undefined ? (stored?.feedback ?? null) : mark.feedback || null;
      if (isUnchanged(current.markStatus, current.score, stored, mark.score, feedback)) continue;
      await upsertAnswerMark(tx, {
        attemptId: attempt.id,
        questionId: question.id,
        score: mark.score,
        maxScore: current.max,
        correct: teacherCorrect(mark.score, current.max),
        feedback,
        markedBy: actor.userId,
        markedAt: now,
      });
      changed.push(question.id);
    }
    if (changed.length > 0) {
      const marks = (await listAnswers(tx, [attempt.id])).reduce(
        (map, a) => map.set(a.questionId, a),
        new Map<string, AnswerWithMarker>(),
      );
      const totals = attemptTotals(
        questions.map((q) => questionMark(q, marks.get(q.id), attempt.shuffleSeed)),
        attempt.passMark,
      );
      await writeTotals(tx, attempt.id, { ...totals, updatedAt: now });
      await recordAudit(
        tx,
        actor,
        {
          action: 'attempt.marked',
          targetType: 'attempt',
          targetId: attempt.id,
          organizationId: attempt.organizationId,
          details: {
            assessmentId: assessment.id,
            studentId: attempt.studentId,
            questions: changed,
            score: totals.score,
            maxScore: totals.maxScore,
            markingStatus: totals.markingStatus,
          },
        },
        now,
      );
      // Every open answer now has its mark: the student is told their result once
      // they may see it: now, or else by its release (the teacher's or the window's end).
      const releasedNow = resultNoticeAt(assessment, attempt.releasedAt !== null, now) === null;
      if (totals.markingStatus !== 'pending' && releasedNow) {
        await emitNotification(ctx.jobs, { kind: 'result_released', attemptId: attempt.id }, { tx });
      }
    }
    await hook?.(tx, { attempt, now, changed });
    // A mark that turns the attempt into a pass gives the rule's certificate (and its notice).
    if (changed.length > 0) await giveOnPass(ctx.certificates, tx, attempt.id, now);
    return { attemptId: attempt.id };
  });
  return getSubmissionDetail(ctx.db, actor, result.attemptId);
}

/** Whether a stored mark time is the one the teacher saw (ISO text, or null for never marked). */
function sameTime(stored: Date | null, expected: string | null): boolean {
  if (stored === null || expected === null) return stored === null && expected === null;
  return stored.getTime() === Date.parse(expected);
}

function isUnchanged(
  markStatus: string,
  score: number,
  stored: AnswerWithMarker | undefined,
  newScore: number,
  newFeedback: string | null,
): boolean {
  return markStatus === 'marked' && score === newScore && (stored?.feedback ?? null) === newFeedback;
}

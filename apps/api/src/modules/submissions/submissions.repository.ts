import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  assessmentAssignees,
  assessments,
  attemptAnswers,
  attemptFiles,
  attempts,
  users,
  type AssessmentRow,
  type AttemptAnswerRow,
  type AttemptRow,
} from '../../db/schema/index.ts';

/** Null: any organization (the Super Administrator reads every one). */
type OrganizationScope = string | null;

const inScope = (organizationId: OrganizationScope) =>
  organizationId ? eq(assessments.organizationId, organizationId) : undefined;

/** An attempt whose assessment is within the scope (and not deleted), with that assessment. */
export async function findAttempt(
  db: DbOrTx,
  organizationId: OrganizationScope,
  attemptId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ attempt: AttemptRow; assessment: AssessmentRow } | null> {
  const query = db
    .select({ attempt: attempts, assessment: assessments })
    .from(attempts)
    .innerJoin(assessments, eq(assessments.id, attempts.assessmentId))
    .where(
      and(
        eq(attempts.id, attemptId),
        isNull(assessments.deletedAt),
        organizationId ? eq(attempts.organizationId, organizationId) : undefined,
        inScope(organizationId),
      ),
    )
    .limit(1);
  // Marking locks the attempt so two teachers' marks are applied one after the other.
  const [row] = options.forUpdate ? await query.for('update', { of: attempts }) : await query;
  return row ?? null;
}

const submitted = (assessmentId: string): SQL =>
  and(eq(attempts.assessmentId, assessmentId), eq(attempts.status, 'submitted'))!;

const pendingCondition = eq(attempts.markingStatus, 'pending');
const notPendingCondition = sql`coalesce(${attempts.markingStatus}, 'auto') <> 'pending'`;

export type SubmittedAttemptRow = AttemptRow & { studentName: string; studentEmail: string };

const withStudent = { attempt: attempts, studentName: users.name, studentEmail: users.email };

/** Submitted attempts of an assessment, newest first; `pending` filters on waiting for a teacher. */
export async function listSubmittedAttempts(
  db: DbOrTx,
  assessmentId: string,
  filter: { pending?: boolean; limit?: number; offset?: number } = {},
): Promise<{ rows: SubmittedAttemptRow[]; total: number }> {
  const where = and(
    submitted(assessmentId),
    filter.pending === undefined ? undefined : filter.pending ? pendingCondition : notPendingCondition,
  );
  const base = db
    .select(withStudent)
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.studentId))
    .where(where)
    .orderBy(desc(attempts.submittedAt), desc(attempts.number), asc(attempts.id));
  const rows = await (filter.limit !== undefined
    ? base.limit(filter.limit).offset(filter.offset ?? 0)
    : base);
  const [totalRow] = await db.select({ n: count() }).from(attempts).where(where);
  return {
    rows: rows.map((r) => ({ ...r.attempt, studentName: r.studentName, studentEmail: r.studentEmail })),
    total: totalRow?.n ?? 0,
  };
}

export interface SubmissionAggregates {
  submitted: number;
  studentsSubmitted: number;
  passed: number;
  pendingMarking: number;
  averagePercentage: number | null;
  highestPercentage: number | null;
  lowestPercentage: number | null;
}

/** Figures over every submitted attempt of an assessment, computed by the database. */
export async function aggregateSubmissions(db: DbOrTx, assessmentId: string): Promise<SubmissionAggregates> {
  const [row] = await db
    .select({
      submitted: count(),
      studentsSubmitted: sql<number>`count(distinct ${attempts.studentId})`.mapWith(Number),
      passed: sql<number>`count(*) filter (where ${attempts.passed} = true)`.mapWith(Number),
      pendingMarking: sql<number>`count(*) filter (where ${pendingCondition})`.mapWith(Number),
      averagePercentage: sql<number | null>`avg(${attempts.percentage})`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      highestPercentage: sql<number | null>`max(${attempts.percentage})`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      lowestPercentage: sql<number | null>`min(${attempts.percentage})`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    })
    .from(attempts)
    .where(submitted(assessmentId));
  return {
    submitted: row?.submitted ?? 0,
    studentsSubmitted: row?.studentsSubmitted ?? 0,
    passed: row?.passed ?? 0,
    pendingMarking: row?.pendingMarking ?? 0,
    averagePercentage: row?.averagePercentage ?? null,
    highestPercentage: row?.highestPercentage ?? null,
    lowestPercentage: row?.lowestPercentage ?? null,
  };
}

export interface AssignedStudent {
  id: string;
  name: string;
  email: string;
}

/**
 * The students an assessment is assigned to: mode 'all' — the organization's active Students;
 * mode 'selected' — the chosen ones that are still Students of the organization. By name.
 */
export async function listAssignedStudents(
  db: DbOrTx,
  assessment: AssessmentRow,
): Promise<AssignedStudent[]> {
  const ofOrganization = and(eq(users.organizationId, assessment.organizationId), eq(users.role, 'Student'));
  const columns = { id: users.id, name: users.name, email: users.email };
  if (assessment.assignmentMode === 'selected') {
    return db
      .select(columns)
      .from(assessmentAssignees)
      .innerJoin(users, eq(users.id, assessmentAssignees.studentId))
      .where(and(eq(assessmentAssignees.assessmentId, assessment.id), ofOrganization))
      .orderBy(asc(users.name), asc(users.email));
  }
  return db
    .select(columns)
    .from(users)
    .where(and(ofOrganization, eq(users.status, 'active')))
    .orderBy(asc(users.name), asc(users.email));
}

export interface StudentAttemptFigures {
  studentId: string;
  attempts: number;
  bestPercentage: number | null;
  lastSubmittedAt: Date | null;
  pendingMarking: boolean;
}

/** Per student: submitted attempts, best percentage, last submission, whether one waits for marking. */
export async function attemptFiguresByStudent(
  db: DbOrTx,
  assessmentId: string,
): Promise<Map<string, StudentAttemptFigures>> {
  const rows = await db
    .select({
      studentId: attempts.studentId,
      attempts: count(),
      bestPercentage: sql<number | null>`max(${attempts.percentage})`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      lastSubmittedAt: sql<Date | null>`max(${attempts.submittedAt})`.mapWith((v) =>
        v === null ? null : new Date(v as string),
      ),
      pendingMarking: sql<boolean>`bool_or(${pendingCondition})`.mapWith(Boolean),
    })
    .from(attempts)
    .where(submitted(assessmentId))
    .groupBy(attempts.studentId);
  return new Map(rows.map((r) => [r.studentId, r]));
}

export async function findUser(db: DbOrTx, id: string): Promise<AssignedStudent | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

export type AnswerWithMarker = AttemptAnswerRow & { markerName: string | null };

/** The saved answers of some attempts, with the name of whoever marked each. */
export async function listAnswers(db: DbOrTx, attemptIds: readonly string[]): Promise<AnswerWithMarker[]> {
  if (attemptIds.length === 0) return [];
  const rows = await db
    .select({ answer: attemptAnswers, markerName: users.name })
    .from(attemptAnswers)
    .leftJoin(users, eq(users.id, attemptAnswers.markedBy))
    .where(inArray(attemptAnswers.attemptId, [...attemptIds]));
  return rows.map((r) => ({ ...r.answer, markerName: r.markerName }));
}

export async function listFiles(db: DbOrTx, attemptId: string) {
  return db
    .select()
    .from(attemptFiles)
    .where(eq(attemptFiles.attemptId, attemptId))
    .orderBy(asc(attemptFiles.createdAt), asc(attemptFiles.name));
}

export interface AnswerMarkWrite {
  attemptId: string;
  questionId: string;
  score: number;
  maxScore: number;
  correct: boolean | null;
  feedback: string | null;
  markedBy: string;
  markedAt: Date;
}

/**
 * Stores a teacher's mark. A question the student never answered has no row yet: it gets one
 * with no answer (revision 0, so any later save — impossible once submitted — would still win).
 */
export async function upsertAnswerMark(tx: DbOrTx, mark: AnswerMarkWrite): Promise<void> {
  const marked = {
    score: mark.score,
    maxScore: mark.maxScore,
    correct: mark.correct,
    markStatus: 'marked',
    feedback: mark.feedback,
    markedBy: mark.markedBy,
    markedAt: mark.markedAt,
  };
  await tx
    .insert(attemptAnswers)
    .values({
      attemptId: mark.attemptId,
      questionId: mark.questionId,
      answer: null,
      revision: 0,
      idempotencyKey: `marking:${mark.attemptId}:${mark.questionId}`,
      savedAt: mark.markedAt,
      ...marked,
    })
    .onConflictDoUpdate({ target: [attemptAnswers.attemptId, attemptAnswers.questionId], set: marked });
}

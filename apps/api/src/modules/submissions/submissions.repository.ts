// Over 500 lines: the submissions module's queries (attempts, Student Status, marks, item analysis,
// answers and files), each short; they share the attempt and snapshot joins kept here.
import { and, asc, count, desc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { QUESTION_TYPE_REGISTRY } from '@vbuilder/shared';
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

/** What the submissions list shows of an attempt (never its question snapshot). */
export type SubmittedAttemptRow = Pick<
  AttemptRow,
  | 'id'
  | 'studentId'
  | 'number'
  | 'submittedAt'
  | 'updatedAt'
  | 'submittedBy'
  | 'markingStatus'
  | 'score'
  | 'maxScore'
  | 'percentage'
  | 'passed'
> & { studentName: string; studentEmail: string };

const withStudent = {
  id: attempts.id,
  studentId: attempts.studentId,
  number: attempts.number,
  submittedAt: attempts.submittedAt,
  updatedAt: attempts.updatedAt,
  submittedBy: attempts.submittedBy,
  markingStatus: attempts.markingStatus,
  score: attempts.score,
  maxScore: attempts.maxScore,
  percentage: attempts.percentage,
  passed: attempts.passed,
  studentName: users.name,
  studentEmail: users.email,
};

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
  return { rows, total: totalRow?.n ?? 0 };
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

export interface OpenAttempt {
  studentId: string;
  number: number;
  startedAt: Date;
  deadlineAt: Date | null;
}

/** Per student: the attempt in progress (the latest, should there be several). */
export async function openAttemptsByStudent(
  db: DbOrTx,
  assessmentId: string,
): Promise<Map<string, OpenAttempt>> {
  const rows = await db
    .select({
      studentId: attempts.studentId,
      number: attempts.number,
      startedAt: attempts.startedAt,
      deadlineAt: attempts.deadlineAt,
    })
    .from(attempts)
    .where(and(eq(attempts.assessmentId, assessmentId), eq(attempts.status, 'in_progress')))
    .orderBy(asc(attempts.number));
  return new Map(rows.map((r) => [r.studentId, r]));
}

/** How many students the assessment is assigned to (as listAssignedStudents, counted by the database). */
export async function countAssignedStudents(db: DbOrTx, assessment: AssessmentRow): Promise<number> {
  const ofOrganization = and(eq(users.organizationId, assessment.organizationId), eq(users.role, 'Student'));
  const [row] =
    assessment.assignmentMode === 'selected'
      ? await db
          .select({ n: count() })
          .from(assessmentAssignees)
          .innerJoin(users, eq(users.id, assessmentAssignees.studentId))
          .where(and(eq(assessmentAssignees.assessmentId, assessment.id), ofOrganization))
      : await db
          .select({ n: count() })
          .from(users)
          .where(and(ofOrganization, eq(users.status, 'active')));
  return row?.n ?? 0;
}

/*
 * Results files (exports and the report) read only what they print. The submit step stores a mark
 * (score, max, correct, status) for every question of an attempt, so a submitted attempt's answer
 * rows name its questions and their marks: no snapshot and no answer is read for them.
 */

/** Mark statuses a stored answer row may carry (anything else is not a mark). */
const MARK_STATUSES = ['auto', 'manual', 'unscored', 'marked'];
const markedRow = inArray(attemptAnswers.markStatus, MARK_STATUSES);
/** Answer rows of the assessment's submitted attempts. */
const ofSubmittedAttempts = (assessmentId: string): SQL =>
  sql`${attemptAnswers.attemptId} in (select ${attempts.id} from ${attempts} where ${submitted(assessmentId)})`;

/** Question ids marked in submitted attempts that are not among `current` (questions since removed). */
export async function otherMarkedQuestionIds(
  db: DbOrTx,
  assessmentId: string,
  current: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: attemptAnswers.questionId })
    .from(attemptAnswers)
    .where(
      and(
        ofSubmittedAttempts(assessmentId),
        markedRow,
        current.length ? notInArray(attemptAnswers.questionId, [...current]) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

export interface SnapshotColumn {
  id: string;
  text: string;
  type: string;
  max: number;
}

/**
 * Text, type and points of questions not among the assessment's own (drawn from the bank for some
 * students, or since removed), as the newest submitted attempt holding each one saw it, in the
 * order they first appeared: the earliest submitted attempt first, then its own order. Oldest
 * first so that a question keeps its number when later students submit (a new question only
 * joins at the end); every screen and file numbers them from this order (resultColumns).
 * Taken out of the snapshots by the database, of those attempts only: no snapshot leaves it.
 */
export async function snapshotColumns(
  db: DbOrTx,
  assessmentId: string,
  ids: readonly string[],
): Promise<SnapshotColumn[]> {
  if (ids.length === 0) return [];
  const q = sql.raw('e.q');
  // Only the attempts that had one of them (their marks say so), found through the answers' key.
  const holds = sql`exists (select 1 from ${attemptAnswers} where ${attemptAnswers.attemptId} = ${attempts.id} and ${inArray(attemptAnswers.questionId, [...ids])})`;
  // seq: each (attempt, question) in the order of first appearance; first_seq: a question's first.
  const { rows } = (await db.execute(sql`
    select id, text, type, max from (
      select distinct on (id) id, text, type, max, min(seq) over (partition by id) as first_seq
      from (
        select
          ${q}->>'id' as id, coalesce(${q}->>'text', '') as text, ${q}->>'type' as type,
          (${q}->>'score')::float8 as max,
          ${attempts.submittedAt} as submitted_at, ${attempts.number} as number, ${attempts.id} as attempt_id,
          e.ord,
          row_number() over (
            order by ${attempts.submittedAt} asc nulls last, ${attempts.number}, ${attempts.id}, e.ord
          ) as seq
        from ${attempts}
        cross join lateral jsonb_array_elements(
          case when jsonb_typeof(${attempts.questions}) = 'array' then ${attempts.questions} else '[]'::jsonb end
        ) with ordinality as e(q, ord)
        where ${submitted(assessmentId)}
          and ${holds}
          and jsonb_typeof(${q}->'id') = 'string'
          and jsonb_typeof(${q}->'score') = 'number'
          and ${inArray(sql`${q}->>'id'`, [...ids])}
          and ${inArray(
            sql`${q}->>'type'`,
            QUESTION_TYPE_REGISTRY.map((t) => t.id),
          )}
      ) appearances
      order by id, submitted_at desc nulls first, number desc, attempt_id, ord
    ) newest
    order by first_seq
  `)) as unknown as { rows: { id: string; text: string; type: string; max: number | string }[] };
  return rows.map((r) => ({ id: r.id, text: r.text, type: r.type, max: Number(r.max) }));
}

/** What a results row prints of a submitted attempt (no snapshot, no answers). */
export interface ResultAttemptRow {
  id: string;
  studentId: string;
  number: number;
  studentName: string;
  studentEmail: string;
  submittedAt: Date | null;
  updatedAt: Date;
  markingStatus: string | null;
  score: number | null;
  maxScore: number | null;
  percentage: number | null;
  passed: boolean | null;
}

/** Submitted attempts of an assessment with their student and totals, newest first. */
export async function listResultAttempts(db: DbOrTx, assessmentId: string): Promise<ResultAttemptRow[]> {
  return db
    .select({
      id: attempts.id,
      studentId: attempts.studentId,
      number: attempts.number,
      studentName: users.name,
      studentEmail: users.email,
      submittedAt: attempts.submittedAt,
      updatedAt: attempts.updatedAt,
      markingStatus: attempts.markingStatus,
      score: attempts.score,
      maxScore: attempts.maxScore,
      percentage: attempts.percentage,
      passed: attempts.passed,
    })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.studentId))
    .where(submitted(assessmentId))
    .orderBy(desc(attempts.submittedAt), desc(attempts.number), asc(attempts.id));
}

/** A stored mark: question id, score, max, correct, status. */
export type StoredMark = [string, number | null, number | null, boolean | null, string];

/**
 * The stored marks of some attempts, one JSON array per attempt (a few thousand small rows would
 * cost the driver more than parsing one string each).
 */
export async function listMarks(
  db: DbOrTx,
  attemptIds: readonly string[],
): Promise<Map<string, StoredMark[]>> {
  if (attemptIds.length === 0) return new Map();
  const rows = await db
    .select({
      attemptId: attemptAnswers.attemptId,
      marks: sql<string>`json_agg(json_build_array(${attemptAnswers.questionId}, ${attemptAnswers.score}, ${attemptAnswers.maxScore}, ${attemptAnswers.correct}, ${attemptAnswers.markStatus}))::text`,
    })
    .from(attemptAnswers)
    .where(and(inArray(attemptAnswers.attemptId, [...attemptIds]), markedRow))
    .groupBy(attemptAnswers.attemptId);
  return new Map(rows.map((r) => [r.attemptId, JSON.parse(r.marks) as StoredMark[]]));
}

/** A stored mark for the item analysis: question id, score, max, status, answer (choice questions only). */
export type ItemMark = [string, number | null, number | null, string, unknown];

/**
 * The stored marks of some attempts for the item analysis: like listMarks, with the answer given
 * to the questions in `withAnswer` (choice questions: the option ids chosen), and only that answer.
 */
export async function listItemMarks(
  db: DbOrTx,
  attemptIds: readonly string[],
  withAnswer: readonly string[],
): Promise<Map<string, ItemMark[]>> {
  if (attemptIds.length === 0) return new Map();
  const answer = withAnswer.length
    ? sql`case when ${inArray(attemptAnswers.questionId, [...withAnswer])} then ${attemptAnswers.answer} end`
    : sql`null`;
  const rows = await db
    .select({
      attemptId: attemptAnswers.attemptId,
      marks: sql<string>`json_agg(json_build_array(${attemptAnswers.questionId}, ${attemptAnswers.score}, ${attemptAnswers.maxScore}, ${attemptAnswers.markStatus}, ${answer}))::text`,
    })
    .from(attemptAnswers)
    .where(and(inArray(attemptAnswers.attemptId, [...attemptIds]), markedRow))
    .groupBy(attemptAnswers.attemptId);
  return new Map(rows.map((r) => [r.attemptId, JSON.parse(r.marks) as ItemMark[]]));
}

export interface QuestionFigures {
  questionId: string;
  /** Marks given (answers still waiting for a teacher left out). */
  marked: number;
  /** Of those, marks of a question worth something. */
  scored: number;
  /** Sum of score / max over the scored marks. */
  shareSum: number;
  /** Scored marks that were correct. */
  correct: number;
}

/** Per question, over every submitted attempt: what the report's facility table needs. */
export async function questionFigures(db: DbOrTx, assessmentId: string): Promise<QuestionFigures[]> {
  const worth = sql`${attemptAnswers.maxScore} > 0`;
  return db
    .select({
      questionId: attemptAnswers.questionId,
      marked: count(),
      scored: sql<number>`count(*) filter (where ${worth})`.mapWith(Number),
      shareSum:
        sql<number>`coalesce(sum(coalesce(${attemptAnswers.score}, 0) / ${attemptAnswers.maxScore}) filter (where ${worth}), 0)`.mapWith(
          Number,
        ),
      correct: sql<number>`count(*) filter (where ${worth} and ${attemptAnswers.correct})`.mapWith(Number),
    })
    .from(attemptAnswers)
    .where(
      and(
        ofSubmittedAttempts(assessmentId),
        inArray(
          attemptAnswers.markStatus,
          MARK_STATUSES.filter((s) => s !== 'manual'),
        ),
      ),
    )
    .groupBy(attemptAnswers.questionId);
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
 * Stores a teacher's mark. Submit writes a row for every question of the attempt, so the row is
 * there; the insert stays for an attempt handed in before that was so (a row with no answer,
 * revision 0, so any later save — impossible once submitted — would still win).
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

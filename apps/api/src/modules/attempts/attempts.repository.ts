import { and, asc, desc, eq, lt, max, sql } from 'drizzle-orm';
import type { AttemptStatus, AttemptTotals, MarkResult } from '@vbuilder/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';
import {
  assessmentAccommodations,
  assessments,
  attemptAnswers,
  attemptFiles,
  attempts,
  type AttemptAnswerRow,
  type AttemptRow,
} from '../../db/schema/index.ts';
import type { AccommodationTerms } from './deadline.ts';

/**
 * Queries of the attempts module. Every read of an attempt names who may reach it: the student
 * (their own), or an organization (staff); null organization only for the Super Administrator.
 */

export async function findAttempt(db: DbOrTx, id: string): Promise<AttemptRow | null> {
  const [row] = await db.select().from(attempts).where(eq(attempts.id, id)).limit(1);
  return row ?? null;
}

/** A student's own attempt's status and deadline, without its snapshot (the timer's light refresh). */
export async function findOwnAttemptDeadline(
  db: DbOrTx,
  id: string,
  studentId: string,
): Promise<Pick<AttemptRow, 'status' | 'deadlineAt'> | null> {
  const [row] = await db
    .select({ status: attempts.status, deadlineAt: attempts.deadlineAt })
    .from(attempts)
    .where(and(eq(attempts.id, id), eq(attempts.studentId, studentId)))
    .limit(1);
  return row ?? null;
}

/** A student's attempts at an assessment, or only those in this status. */
const studentAttempts = (assessmentId: string, studentId: string, status?: AttemptStatus) =>
  and(
    eq(attempts.assessmentId, assessmentId),
    eq(attempts.studentId, studentId),
    status ? eq(attempts.status, status) : undefined,
  );

export async function findInProgressAttempt(
  db: DbOrTx,
  assessmentId: string,
  studentId: string,
): Promise<AttemptRow | null> {
  const [row] = await db
    .select()
    .from(attempts)
    .where(studentAttempts(assessmentId, studentId, 'in_progress'))
    .limit(1);
  return row ?? null;
}

/** The student's attempts at an assessment (or only those in `filter.status`), newest first. */
export async function listStudentAttempts(
  db: DbOrTx,
  assessmentId: string,
  studentId: string,
  filter: { status?: AttemptStatus } = {},
): Promise<AttemptRow[]> {
  return db
    .select()
    .from(attempts)
    .where(studentAttempts(assessmentId, studentId, filter.status))
    .orderBy(desc(attempts.number));
}

/**
 * What a new attempt needs of the student's earlier ones, in one small read (never their
 * snapshots): the last number given, and whether one was handed in (a retake rule); and, in the
 * same statement (the start is the exam-day path: no extra round trip), the student's
 * accommodation for this assessment, a primary-key lookup, null without one.
 */
export async function attemptHistory(
  db: DbOrTx,
  assessmentId: string,
  studentId: string,
): Promise<{ lastNumber: number; anySubmitted: boolean; accommodation: AccommodationTerms | null }> {
  const [row] = await db
    .select({
      lastNumber: max(attempts.number),
      anySubmitted: sql<boolean>`coalesce(bool_or(${attempts.status} = 'submitted'), false)`,
      accommodation: sql<Record<string, unknown> | null>`(select json_build_object(
        'extraMinutes', ${assessmentAccommodations.extraMinutes}, 'extraPercent', ${assessmentAccommodations.extraPercent},
        'startsAt', ${assessmentAccommodations.startsAt}, 'endsAt', ${assessmentAccommodations.endsAt})
        from ${assessmentAccommodations}
        where ${assessmentAccommodations.assessmentId} = ${assessmentId} and ${assessmentAccommodations.studentId} = ${studentId})`,
    })
    .from(attempts)
    .where(studentAttempts(assessmentId, studentId));
  return {
    lastNumber: row?.lastNumber ?? 0,
    anySubmitted: Boolean(row?.anySubmitted),
    accommodation: accommodationTerms(row?.accommodation ?? null),
  };
}

/** An accommodation read as JSON (its instants as text) → its terms. */
function accommodationTerms(json: Record<string, unknown> | string | null): AccommodationTerms | null {
  if (!json) return null;
  const value = typeof json === 'string' ? (JSON.parse(json) as Record<string, unknown>) : json;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    extraMinutes: num(value.extraMinutes),
    extraPercent: num(value.extraPercent),
    startsAt: asDate(value.startsAt),
    endsAt: asDate(value.endsAt),
  };
}

export type NewAttempt = typeof attempts.$inferInsert;

/** The rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/**
 * Inserts an attempt unless one in progress exists for this student and assessment (or the
 * number was just taken): null then. The partial unique index makes two concurrent starts give
 * one attempt; the loser reads the winner's.
 */
/** What a new attempt is made of; its questions are copied by the database (insertAttemptIfNone). */
export type NewAttemptFrom = Omit<NewAttempt, 'questions' | 'status' | 'createdAt' | 'updatedAt'> & {
  startedAt: Date;
  deadlineAt: Date | null;
  /** The assessment's version (AssessmentHead.version) whose questions `questions` are. */
  version: string;
  questions: AttemptRow['questions'];
  /**
   * Set when `questions` were drawn for this attempt (question bank): the seed they were
   * drawn with, stored as the attempt's shuffleSeed, and `questions` are stored as sent.
   */
  drawnWith?: string;
};

/**
 * Starts an attempt unless the student has one in progress (null then). Its snapshot is copied
 * from the assessment inside the database, only while the assessment is still at `version`
 * (null when it changed meanwhile: the caller reads it again): on exam day a thousand starts then
 * neither send nor receive the questions, which the caller already holds as `questions`.
 * The key-share lock on the assessment (the one the attempts' foreign key takes anyway) makes a
 * start wait for a change of its questions in progress (findQuestionsWritableAssessment locks the
 * row FOR UPDATE) and then see the new version, so no attempt starts on questions being replaced.
 */
export async function insertAttemptIfNone(db: DbOrTx, values: NewAttemptFrom): Promise<AttemptRow | null> {
  const now = values.startedAt;
  const result = await db.execute(sql`
    insert into ${attempts} (organization_id, assessment_id, student_id, number, status, questions,
      shuffle_seed, started_at, deadline_at, pass_mark, created_at, updated_at)
    select ${values.organizationId}, a.id, ${values.studentId}, ${values.number}, 'in_progress',
      ${values.drawnWith ? sql`${JSON.stringify(values.questions)}::jsonb` : sql`a.questions`},
      ${values.drawnWith ? sql`${values.drawnWith}::uuid` : sql`gen_random_uuid()`},
      ${now.toISOString()}::timestamptz, ${values.deadlineAt?.toISOString() ?? null}::timestamptz,
      ${values.passMark}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from assessments a where a.id = ${values.assessmentId} and a.xmin::text = ${values.version}
    for key share of a
    on conflict do nothing
    returning id, shuffle_seed, revision
  `);
  const row = rowsOf(result)[0];
  if (!row) return null;
  return {
    id: String(row.id),
    organizationId: values.organizationId,
    assessmentId: values.assessmentId,
    studentId: values.studentId,
    number: values.number,
    status: 'in_progress',
    questions: values.questions,
    startedAt: now,
    deadlineAt: values.deadlineAt,
    submittedAt: null,
    submittedBy: null,
    markingStatus: null,
    score: null,
    maxScore: null,
    percentage: null,
    passed: null,
    releasedAt: null,
    passMark: values.passMark,
    shuffleSeed: String(row.shuffle_seed),
    revision: Number(row.revision),
    createdAt: now,
    updatedAt: now,
  };
}

export async function listAnswers(db: DbOrTx, attemptId: string): Promise<AttemptAnswerRow[]> {
  return db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId));
}

export async function findAnswer(
  db: DbOrTx,
  attemptId: string,
  questionId: string,
): Promise<AttemptAnswerRow | null> {
  const [row] = await db
    .select()
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)))
    .limit(1);
  return row ?? null;
}

export interface AnswerWrite {
  attemptId: string;
  questionId: string;
  answer: unknown;
  revision: number;
  idempotencyKey: string;
  /** Undefined: keep the stored flag (a save that only changes the answer). */
  flagged: boolean | undefined;
  savedAt: Date;
}

/** What the one-statement save found and did (see saveAnswerOnce). */
export interface SaveAnswerOutcome {
  /** The caller's account (all null when it no longer exists), and whether the token's session ended. */
  account: { status: string | null; role: string | null; language: string | null; sessionEnded?: boolean };
  /** The attempt, when it is the caller's: null otherwise. */
  attemptStatus: string | null;
  deadlineAt: Date | null;
  /** Set when this save was written. */
  written: { revision: number; savedAt: Date } | null;
  /** The answer stored before this statement, when there was one. */
  stored: { revision: number; savedAt: Date; idempotencyKey: string } | null;
}

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

const saveAnswerStatement = preparedStatement(
  'save_answer_once',
  `with account as (
    select status, role, language, exists (select 1 from ended_sessions where sid = $10) as session_ended
    from users where id = $1
  ),
  attempt as (
    select a.id, a.status, a.deadline_at from attempts a
    where a.id = $2 and a.student_id = $1
      and exists (select 1 from account where status = 'active' and role = 'Student' and not session_ended)
    for share of a
  ),
  written as (
    insert into attempt_answers (attempt_id, question_id, answer, revision, idempotency_key, flagged, saved_at)
    select id, $3, $4::jsonb, $5::integer, $6, coalesce($7::boolean, false), $8::timestamptz
    from attempt
    where status = 'in_progress' and (deadline_at is null or deadline_at >= $9::timestamptz)
    on conflict (attempt_id, question_id) do update set
      answer = excluded.answer, revision = excluded.revision, idempotency_key = excluded.idempotency_key,
      flagged = coalesce($7::boolean, attempt_answers.flagged), saved_at = excluded.saved_at
    where attempt_answers.revision < excluded.revision
    returning revision, saved_at
  )
  select
    (select status from account) as account_status,
    (select role from account) as account_role,
    (select language from account) as account_language,
    (select session_ended from account) as session_ended,
    attempt.status as attempt_status, attempt.deadline_at,
    written.revision as written_revision, written.saved_at as written_saved_at,
    stored.revision as stored_revision, stored.saved_at as stored_saved_at,
    stored.idempotency_key as stored_key
  from (select 1) as one
    left join attempt on true
    left join written on true
    left join attempt_answers stored on stored.attempt_id = attempt.id and stored.question_id = $3`,
);

/**
 * An autosave in one statement (the exam-day hot path), atomic as any single statement:
 * the caller's account (active, still a Student), the attempt's ownership, status and deadline
 * read from the attempts row under a share lock (so a submit, which locks it for update, never
 * interleaves), and the answer upserted only when all hold and its revision is newer. The question
 * snapshot is never read here. Concurrent saves of one question queue on the answer row and each
 * re-checks the revision, so the highest always ends up stored. The outcome says which check failed, so the caller answers as the
 * long path would; `stored` is the row as it was before this statement (a data-modifying CTE's
 * writes are not visible to the statement's own reads).
 * A prepared statement: the text is parsed and planned once per connection.
 */
export async function saveAnswerOnce(
  db: Db,
  write: AnswerWrite & { studentId: string; notExpiredBefore: Date; sessionId: string | null },
): Promise<SaveAnswerOutcome> {
  const answer = write.answer === null || write.answer === undefined ? null : JSON.stringify(write.answer);
  const rows = await saveAnswerStatement(db, [
    write.studentId,
    write.attemptId,
    write.questionId,
    answer,
    write.revision,
    write.idempotencyKey,
    write.flagged ?? null,
    write.savedAt.toISOString(),
    write.notExpiredBefore.toISOString(),
    write.sessionId,
  ]);
  const row = rows[0]!;
  return {
    account: {
      status: (row.account_status as string | null) ?? null,
      role: (row.account_role as string | null) ?? null,
      language: (row.account_language as string | null) ?? null,
      sessionEnded: row.session_ended === true,
    },
    attemptStatus: (row.attempt_status as string | null) ?? null,
    deadlineAt: asDate(row.deadline_at),
    written:
      row.written_revision === null || row.written_revision === undefined
        ? null
        : { revision: Number(row.written_revision), savedAt: asDate(row.written_saved_at)! },
    stored:
      row.stored_revision === null || row.stored_revision === undefined
        ? null
        : {
            revision: Number(row.stored_revision),
            savedAt: asDate(row.stored_saved_at)!,
            idempotencyKey: String(row.stored_key),
          },
  };
}

/**
 * The caller's account, and the id and type of each question of their attempt (read inside the
 * database from the snapshot, without sending the rest of it): null types when the attempt is not
 * theirs or does not exist.
 */
export async function attemptQuestionTypes(
  db: DbOrTx,
  attemptId: string,
  studentId: string,
): Promise<{
  account: { status: string | null; role: string | null; language: string | null };
  types: Map<string, string> | null;
}> {
  const result = await db.execute(sql`
    select u.status, u.role, u.language, a.id as attempt_id, q->>'id' as id, q->>'type' as type
    from (select 1) as one
      left join users u on u.id = ${studentId}
      left join attempts a on a.id = ${attemptId} and a.student_id = u.id
      left join lateral jsonb_array_elements(a.questions) as q on true
  `);
  const rows = rowsOf(result) as Array<Record<string, string | null>>;
  const first = rows[0] ?? {};
  const account = {
    status: first.status ?? null,
    role: first.role ?? null,
    language: first.language ?? null,
  };
  if (!first.attempt_id) return { account, types: null };
  return { account, types: new Map(rows.filter((r) => r.id).map((r) => [r.id!, r.type!])) };
}

/**
 * The one transition in_progress → submitted, in one statement. Returns the row only to the caller
 * that made the change; everyone else (a repeat, a second tab, the deadline closer) gets null. The
 * pass mark is the assessment's now (the attempt's own when the assessment is gone); closed by the
 * server after its deadline, it was handed in at the deadline, not when the closer happened to run.
 */
export async function markSubmitted(
  db: DbOrTx,
  id: string,
  values: { submittedBy: 'student' | 'deadline'; now: Date; expiredBefore?: Date },
): Promise<AttemptRow | null> {
  const now = values.now;
  const handedIn =
    values.submittedBy === 'deadline'
      ? sql`case when ${attempts.deadlineAt} < ${now} then ${attempts.deadlineAt} else ${now}::timestamptz end`
      : sql`${now}::timestamptz`;
  const [row] = await db
    .update(attempts)
    .set({
      status: 'submitted',
      submittedAt: handedIn,
      submittedBy: values.submittedBy,
      passMark: sql`coalesce((select ${assessments.passMark} from ${assessments} where ${assessments.id} = ${attempts.assessmentId}), ${attempts.passMark})`,
      updatedAt: now,
    })
    .where(
      and(
        eq(attempts.id, id),
        eq(attempts.status, 'in_progress'),
        // Closing at the deadline re-checks it in the same statement: extra time given after the
        // closer (or a read) saw the attempt as expired keeps it open.
        values.expiredBefore ? lt(attempts.deadlineAt, values.expiredBefore) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

export interface AnswerMark {
  questionId: string;
  score: number;
  maxScore: number;
  correct: boolean | null;
  markStatus: MarkResult['status'];
  markDetails: Record<string, boolean> | null;
}

/** Writes the marks of every question; a question never answered gets a row (revision 0, no answer). */
export async function writeMarks(db: DbOrTx, attemptId: string, marks: AnswerMark[], savedAt: Date) {
  if (!marks.length) return;
  // One statement for the whole paper (40 one-row inserts held the attempt's lock for
  // the length of 40 round trips), with the marks as one JSON parameter unpacked by the database:
  // building 40 rows x 12 values through the query builder cost more CPU than the marking itself
  // under a submit storm. A question never answered gets its row here, with no answer.
  const rows = marks.map((mark) => ({
    question_id: mark.questionId,
    score: mark.score,
    max_score: mark.maxScore,
    correct: mark.correct,
    mark_status: mark.markStatus,
    mark_details: mark.markDetails,
  }));
  await db.execute(sql`
    insert into attempt_answers (attempt_id, question_id, answer, revision, idempotency_key, flagged, saved_at,
      score, max_score, correct, mark_status, mark_details)
    select ${attemptId}::uuid, m.question_id, null, 0, '', false, ${savedAt.toISOString()}::timestamptz,
      m.score, m.max_score, m.correct, m.mark_status, m.mark_details
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as m(question_id text, score double precision,
      max_score double precision, correct boolean, mark_status text, mark_details jsonb)
    on conflict (attempt_id, question_id) do update set
      score = excluded.score, max_score = excluded.max_score, correct = excluded.correct,
      mark_status = excluded.mark_status, mark_details = excluded.mark_details
  `);
}

/**
 * Stores an attempt's totals: at submit (with the highest answer revision) and after a teacher's
 * marks (with the time of the change).
 */
export async function writeTotals(
  db: DbOrTx,
  id: string,
  totals: AttemptTotals & { revision?: number; updatedAt?: Date },
): Promise<void> {
  await db.update(attempts).set(totals).where(eq(attempts.id, id));
}

/** In-progress attempts whose deadline passed before `before`, oldest first. */
export async function listExpiredAttemptIds(db: DbOrTx, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.status, 'in_progress'), lt(attempts.deadlineAt, before)))
    .orderBy(asc(attempts.deadlineAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export type NewAttemptFile = typeof attemptFiles.$inferInsert;

export async function insertAttemptFile(db: DbOrTx, values: NewAttemptFile) {
  const [row] = await db.insert(attemptFiles).values(values).returning();
  return row!;
}

export async function findAttemptFile(db: DbOrTx, attemptId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(attemptFiles)
    .where(and(eq(attemptFiles.attemptId, attemptId), eq(attemptFiles.id, fileId)))
    .limit(1);
  return row ?? null;
}

export async function countAttemptFiles(db: DbOrTx, attemptId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attemptFiles)
    .where(eq(attemptFiles.attemptId, attemptId));
  return row?.n ?? 0;
}

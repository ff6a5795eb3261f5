import { and, asc, desc, eq, lt, max, sql } from 'drizzle-orm';
import type { AttemptStatus, AttemptTotals, MarkResult } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  attemptAnswers,
  attemptFiles,
  attempts,
  type AttemptAnswerRow,
  type AttemptRow,
} from '../../db/schema/index.ts';

/**
 * Queries of the attempts module. Every read of an attempt names who may reach it: the student
 * (their own), or an organization (staff); null organization only for the Super Administrator.
 */

export async function findAttempt(db: DbOrTx, id: string): Promise<AttemptRow | null> {
  const [row] = await db.select().from(attempts).where(eq(attempts.id, id)).limit(1);
  return row ?? null;
}

/** Locks the attempt row against a concurrent submit while an answer is written (shared lock). */
export async function lockAttemptForSave(db: DbOrTx, id: string): Promise<AttemptRow | null> {
  const [row] = await db.select().from(attempts).where(eq(attempts.id, id)).for('share').limit(1);
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

export async function lastAttemptNumber(
  db: DbOrTx,
  assessmentId: string,
  studentId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: max(attempts.number) })
    .from(attempts)
    .where(studentAttempts(assessmentId, studentId));
  return row?.n ?? 0;
}

export type NewAttempt = typeof attempts.$inferInsert;

/**
 * Inserts an attempt unless one in progress exists for this student and assessment (or the
 * number was just taken): null then. The partial unique index makes two concurrent starts give
 * one attempt; the loser reads the winner's.
 */
export async function insertAttemptIfNone(db: DbOrTx, values: NewAttempt): Promise<AttemptRow | null> {
  const [row] = await db.insert(attempts).values(values).onConflictDoNothing().returning();
  return row ?? null;
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

/**
 * One statement: insert the answer, or replace the stored one only when this revision is higher.
 * Concurrent saves of one question queue on the row and each re-checks the revision, so the
 * highest revision always ends up stored. Null when nothing was written (stored revision ≥ this).
 */
export async function upsertAnswerIfNewer(db: DbOrTx, write: AnswerWrite): Promise<AttemptAnswerRow | null> {
  const [row] = await db
    .insert(attemptAnswers)
    .values({ ...write, answer: write.answer ?? null, flagged: write.flagged ?? false })
    .onConflictDoUpdate({
      target: [attemptAnswers.attemptId, attemptAnswers.questionId],
      set: {
        answer: sql`excluded.answer`,
        revision: sql`excluded.revision`,
        idempotencyKey: sql`excluded.idempotency_key`,
        flagged: write.flagged === undefined ? sql`${attemptAnswers.flagged}` : sql`excluded.flagged`,
        savedAt: sql`excluded.saved_at`,
      },
      setWhere: sql`${attemptAnswers.revision} < excluded.revision`,
    })
    .returning();
  return row ?? null;
}

/**
 * The one transition in_progress → submitted. Returns the row only to the caller that made the
 * change; everyone else (a repeat, a second tab, the deadline closer) gets null.
 */
export async function markSubmitted(
  db: DbOrTx,
  id: string,
  values: { submittedAt: Date; submittedBy: 'student' | 'deadline'; passMark: number; now: Date },
): Promise<AttemptRow | null> {
  const [row] = await db
    .update(attempts)
    .set({
      status: 'submitted',
      submittedAt: values.submittedAt,
      submittedBy: values.submittedBy,
      passMark: values.passMark,
      updatedAt: values.now,
    })
    .where(and(eq(attempts.id, id), eq(attempts.status, 'in_progress')))
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
  for (const mark of marks) {
    await db
      .insert(attemptAnswers)
      .values({
        attemptId,
        questionId: mark.questionId,
        answer: null,
        revision: 0,
        idempotencyKey: '',
        flagged: false,
        savedAt,
        score: mark.score,
        maxScore: mark.maxScore,
        correct: mark.correct,
        markStatus: mark.markStatus,
        markDetails: mark.markDetails,
      })
      .onConflictDoUpdate({
        target: [attemptAnswers.attemptId, attemptAnswers.questionId],
        set: {
          score: mark.score,
          maxScore: mark.maxScore,
          correct: mark.correct,
          markStatus: mark.markStatus,
          markDetails: mark.markDetails,
        },
      });
  }
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

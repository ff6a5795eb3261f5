import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  assessments,
  attemptAnswers,
  attempts,
  certificates,
  regrades,
  users,
  type AttemptAnswerRow,
  type AttemptRow,
  type RegradeRow,
} from '../../db/schema/index.ts';

export interface RegradeAttempt {
  attempt: AttemptRow;
  student: { id: string; name: string; email: string };
}

/**
 * Every submitted attempt of the assessment with its student, ordered by id. With `forUpdate`
 * the attempts are locked (in that order, so two regrades never deadlock): a teacher's mark of
 * one of them (which locks the attempt too) waits for the regrade, or the regrade for the mark.
 */
export async function listSubmittedForRegrade(
  db: DbOrTx,
  assessmentId: string,
  options: { forUpdate?: boolean } = {},
): Promise<RegradeAttempt[]> {
  const query = db
    .select({ attempt: attempts, name: users.name, email: users.email })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.studentId))
    .where(and(eq(attempts.assessmentId, assessmentId), eq(attempts.status, 'submitted')))
    .orderBy(asc(attempts.id));
  const rows = options.forUpdate ? await query.for('update', { of: attempts }) : await query;
  return rows.map((r) => ({
    attempt: r.attempt,
    student: { id: r.attempt.studentId, name: r.name, email: r.email },
  }));
}

/** In-progress attempts of the assessment (their snapshot is left as it is; the preview counts them). */
export async function listInProgressQuestions(db: DbOrTx, assessmentId: string) {
  return db
    .select({ id: attempts.id, questions: attempts.questions })
    .from(attempts)
    .where(and(eq(attempts.assessmentId, assessmentId), eq(attempts.status, 'in_progress')));
}

export async function listAnswersOf(db: DbOrTx, attemptIds: readonly string[]): Promise<AttemptAnswerRow[]> {
  if (attemptIds.length === 0) return [];
  return db
    .select()
    .from(attemptAnswers)
    .where(inArray(attemptAnswers.attemptId, [...attemptIds]));
}

/** The mark a regrade gives one answer; inserts a row for a question the student left unanswered. */
export async function writeRegradedAnswer(
  tx: DbOrTx,
  mark: {
    attemptId: string;
    questionId: string;
    score: number;
    maxScore: number;
    correct: boolean | null;
    markStatus: string;
    markDetails: unknown;
    now: Date;
  },
): Promise<void> {
  // A mark the regrade gives is nobody's hand mark: the history says who applied it.
  const values = {
    score: mark.score,
    maxScore: mark.maxScore,
    correct: mark.correct,
    markStatus: mark.markStatus,
    markDetails: mark.markDetails,
    markedBy: null,
    markedAt: null,
  };
  await tx
    .insert(attemptAnswers)
    .values({
      attemptId: mark.attemptId,
      questionId: mark.questionId,
      answer: null,
      revision: 0,
      idempotencyKey: `regrade:${mark.attemptId}:${mark.questionId}`,
      savedAt: mark.now,
      ...values,
    })
    .onConflictDoUpdate({ target: [attemptAnswers.attemptId, attemptAnswers.questionId], set: values });
}

export async function writeAttemptQuestions(tx: DbOrTx, attemptId: string, questions: unknown[]) {
  await tx.update(attempts).set({ questions }).where(eq(attempts.id, attemptId));
}

export async function writeAssessmentQuestions(
  tx: DbOrTx,
  assessmentId: string,
  values: { questions: unknown[]; totalMarks: number; updatedAt: Date },
) {
  await tx.update(assessments).set(values).where(eq(assessments.id, assessmentId));
}

/** The live certificates of the assessment, by student. */
export async function liveCertificates(db: DbOrTx, assessmentId: string) {
  const rows = await db
    .select({ id: certificates.id, studentId: certificates.studentId, code: certificates.code })
    .from(certificates)
    .where(and(eq(certificates.assessmentId, assessmentId), isNull(certificates.revokedAt)));
  return new Map(rows.map((r) => [r.studentId, r]));
}

export async function insertRegrade(tx: DbOrTx, values: typeof regrades.$inferInsert): Promise<RegradeRow> {
  const [row] = await tx.insert(regrades).values(values).returning();
  return row!;
}

export type RegradeWithName = RegradeRow & { appliedByName: string | null };

export async function listRegrades(db: DbOrTx, assessmentId: string): Promise<RegradeWithName[]> {
  const rows = await db
    .select({ regrade: regrades, name: users.name })
    .from(regrades)
    .leftJoin(users, eq(users.id, regrades.appliedBy))
    .where(eq(regrades.assessmentId, assessmentId))
    .orderBy(desc(regrades.appliedAt), desc(regrades.id));
  return rows.map((r) => ({ ...r.regrade, appliedByName: r.name }));
}

export async function countRegrades(db: DbOrTx, assessmentId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(regrades).where(eq(regrades.assessmentId, assessmentId));
  return row?.n ?? 0;
}

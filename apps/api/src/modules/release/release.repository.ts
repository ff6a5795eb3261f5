import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assessments, attempts } from '../../db/schema/index.ts';

/** Submitted attempts of an assessment no teacher has released yet. */
const unreleased = (assessmentId: string, studentIds?: readonly string[]) =>
  and(
    eq(attempts.assessmentId, assessmentId),
    eq(attempts.status, 'submitted'),
    isNull(attempts.releasedAt),
    studentIds ? inArray(attempts.studentId, [...studentIds]) : undefined,
  );

/** Per student, their submitted attempts not released yet. */
export async function countUnreleased(
  db: DbOrTx,
  assessmentId: string,
): Promise<Array<{ studentId: string; attempts: number }>> {
  return db
    .select({ studentId: attempts.studentId, attempts: count() })
    .from(attempts)
    .where(unreleased(assessmentId))
    .groupBy(attempts.studentId);
}

/** Releases them (all, or these students'), in one statement; the attempts released. */
export async function markReleased(
  tx: DbOrTx,
  assessmentId: string,
  studentIds: readonly string[] | undefined,
  now: Date,
): Promise<Array<{ id: string; studentId: string }>> {
  return tx
    .update(attempts)
    .set({ releasedAt: now })
    .where(unreleased(assessmentId, studentIds))
    .returning({ id: attempts.id, studentId: attempts.studentId });
}

/**
 * Releases, at their assessment's window end, submitted attempts of 'afterWindow' assessments whose
 * window has ended (at most `limit`): one statement, so of several instances running it each
 * attempt is released by exactly one. The attempts released.
 */
export async function releaseEndedWindows(
  tx: DbOrTx,
  now: Date,
  limit: number,
): Promise<Array<{ id: string; studentId: string }>> {
  const due = tx
    .select({ id: attempts.id })
    .from(attempts)
    .innerJoin(assessments, eq(assessments.id, attempts.assessmentId))
    .where(
      and(
        eq(assessments.releasePolicy, 'afterWindow'),
        sql`${assessments.endsAt} <= ${now.toISOString()}::timestamptz`,
        eq(attempts.status, 'submitted'),
        isNull(attempts.releasedAt),
      ),
    )
    .limit(limit);
  return tx
    .update(attempts)
    .set({
      releasedAt: sql`(select ${assessments.endsAt} from ${assessments} where ${assessments.id} = ${attempts.assessmentId})`,
    })
    .where(and(inArray(attempts.id, due), isNull(attempts.releasedAt)))
    .returning({ id: attempts.id, studentId: attempts.studentId });
}

import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { attempts } from '../../db/schema/index.ts';

/** Submitted attempts of an assessment no teacher has released yet (issue 18). */
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

import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { timingStatus, type MyAttempts } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import { assessmentAccommodations, attempts } from '../../db/schema/index.ts';

/** What myAttemptsFor needs of an assessment (a list row or a full row both fit). */
export interface AttemptableAssessment {
  id: string;
  status: string;
  startsAt: Date | null;
  endsAt: Date | null;
  allowRetake: boolean;
}

/**
 * A Student's own attempts at each of these assessments, keyed by assessment id (docs/product/screens.md list
 * actions: Take Assessment, View Results, Retake Quiz). One query for the whole page:
 * - submitted: attempts with status 'submitted';
 * - inProgressAttemptId: the attempt in progress (at most one, a unique index sees to it);
 * - canStart: published, its window ongoing at `now` (or no window set), and no submitted attempt yet or retakes
 *   allowed. An attempt in progress does not change canStart: the client continues it instead of
 *   starting another, and starting answers the attempt in progress anyway.
 * Staff have no attempts: callers give them null rather than calling this.
 */
export async function myAttemptsFor(
  db: DbOrTx,
  studentId: string,
  rows: readonly AttemptableAssessment[],
  now: Date,
): Promise<Map<string, MyAttempts>> {
  const result = new Map<string, MyAttempts>();
  if (!rows.length) return result;
  const ids = rows.map((r) => r.id);
  const [counts, ownWindows] = await Promise.all([
    countsOf(db, studentId, ids),
    ownWindowsOf(db, studentId, ids),
  ]);
  const byAssessment = new Map(counts.map((c) => [c.assessmentId, c]));
  for (const row of rows) {
    const mine = byAssessment.get(row.id);
    const submitted = Number(mine?.submitted ?? 0);
    // A window of the student's own (an accommodation) replaces the assessment's for them.
    const own = ownWindows.get(row.id);
    const window = { startsAt: own?.startsAt ?? row.startsAt, endsAt: own?.endsAt ?? row.endsAt };
    result.set(row.id, {
      submitted,
      inProgressAttemptId: mine?.inProgressAttemptId ?? null,
      canStart:
        row.status === 'published' &&
        // No dates at all: always open (the attempts API starts attempts then too).
        ['ongoing', 'notSet'].includes(timingStatus(window, now)) &&
        (submitted === 0 || row.allowRetake),
    });
  }
  return result;
}

/** The student's attempts per assessment: how many submitted, and the one in progress. */
function countsOf(db: DbOrTx, studentId: string, ids: string[]) {
  return db
    .select({
      assessmentId: attempts.assessmentId,
      submitted: sql<number>`count(*) filter (where ${attempts.status} = 'submitted')::int`,
      inProgressAttemptId: sql<
        string | null
      >`(array_agg(${attempts.id}::text) filter (where ${attempts.status} = 'in_progress'))[1]`,
    })
    .from(attempts)
    .where(and(eq(attempts.studentId, studentId), inArray(attempts.assessmentId, ids)))
    .groupBy(attempts.assessmentId);
}

/** The student's own windows (accommodations with a start or an end) among these assessments. */
async function ownWindowsOf(db: DbOrTx, studentId: string, ids: string[]) {
  const rows = await db
    .select({
      assessmentId: assessmentAccommodations.assessmentId,
      startsAt: assessmentAccommodations.startsAt,
      endsAt: assessmentAccommodations.endsAt,
    })
    .from(assessmentAccommodations)
    .where(
      and(
        eq(assessmentAccommodations.studentId, studentId),
        inArray(assessmentAccommodations.assessmentId, ids),
        or(isNotNull(assessmentAccommodations.startsAt), isNotNull(assessmentAccommodations.endsAt)),
      ),
    );
  return new Map(rows.map((r) => [r.assessmentId, r]));
}

import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  assessmentAccommodations,
  attempts,
  users,
  type AccommodationRow,
  type AttemptRow,
} from '../../db/schema/index.ts';

/** Queries of accommodations; every one names the assessment, whose organization the caller checked. */

export type AccommodationListRow = AccommodationRow & {
  studentName: string;
  runningDeadlineAt: Date | null;
};

/** An assessment's accommodations with each student's name and the deadline of their attempt in progress. */
export async function listAccommodations(db: DbOrTx, assessmentId: string): Promise<AccommodationListRow[]> {
  const rows = await db
    .select({
      accommodation: assessmentAccommodations,
      studentName: users.name,
      runningDeadlineAt: attempts.deadlineAt,
    })
    .from(assessmentAccommodations)
    .innerJoin(users, eq(users.id, assessmentAccommodations.studentId))
    .leftJoin(
      attempts,
      and(
        eq(attempts.assessmentId, assessmentAccommodations.assessmentId),
        eq(attempts.studentId, assessmentAccommodations.studentId),
        eq(attempts.status, 'in_progress'),
      ),
    )
    .where(eq(assessmentAccommodations.assessmentId, assessmentId))
    .orderBy(asc(users.name));
  return rows.map((r) => ({
    ...r.accommodation,
    studentName: r.studentName,
    runningDeadlineAt: r.runningDeadlineAt,
  }));
}

/** A Student of this organization (any status: an accommodation may be set ahead for an inactive account). */
export async function findOrganizationStudent(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, studentId), eq(users.organizationId, organizationId), eq(users.role, 'Student')))
    .limit(1);
  return row ?? null;
}

export type AccommodationWrite = Omit<AccommodationRow, 'updatedAt'> & { updatedAt: Date };

export async function upsertAccommodation(tx: DbOrTx, values: AccommodationWrite): Promise<void> {
  const { assessmentId: _a, studentId: _s, organizationId: _o, ...changes } = values;
  await tx
    .insert(assessmentAccommodations)
    .values(values)
    .onConflictDoUpdate({
      target: [assessmentAccommodations.assessmentId, assessmentAccommodations.studentId],
      set: changes,
    });
}

/** Removes it; whether there was one. */
export async function deleteAccommodation(
  tx: DbOrTx,
  assessmentId: string,
  studentId: string,
): Promise<boolean> {
  const rows = await tx
    .delete(assessmentAccommodations)
    .where(
      and(
        eq(assessmentAccommodations.assessmentId, assessmentId),
        eq(assessmentAccommodations.studentId, studentId),
      ),
    )
    .returning({ studentId: assessmentAccommodations.studentId });
  return rows.length > 0;
}

/**
 * The student's attempt in progress, locked until the transaction ends: a submit or the closer
 * waits for the new deadline (and an autosave, which takes a share lock, sees it next).
 */
export async function lockRunningAttempt(
  tx: DbOrTx,
  assessmentId: string,
  studentId: string,
): Promise<Pick<AttemptRow, 'id' | 'startedAt' | 'deadlineAt'> | null> {
  const [row] = await tx
    .select({ id: attempts.id, startedAt: attempts.startedAt, deadlineAt: attempts.deadlineAt })
    .from(attempts)
    .where(
      and(
        eq(attempts.assessmentId, assessmentId),
        eq(attempts.studentId, studentId),
        eq(attempts.status, 'in_progress'),
      ),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Moves the running attempt's deadline: the one column the autosave and the closer read. */
export async function moveDeadline(
  tx: DbOrTx,
  attemptId: string,
  deadlineAt: Date | null,
  now: Date,
): Promise<void> {
  await tx
    .update(attempts)
    .set({ deadlineAt, updatedAt: now })
    .where(and(eq(attempts.id, attemptId), eq(attempts.status, 'in_progress')));
}

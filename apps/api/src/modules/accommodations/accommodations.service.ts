import type { Accommodation, AccommodationList, AccommodationValues } from '@vbuilder/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AssessmentRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { findReadableAssessment, findWritableAssessment } from '../assessments/assessments.access.ts';
import { deadlineFor, type AccommodationTerms } from '../attempts/attempts.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  deleteAccommodation,
  findOrganizationStudent,
  listAccommodations,
  lockRunningAttempt,
  moveDeadline,
  upsertAccommodation,
  type AccommodationListRow,
} from './accommodations.repository.ts';

/**
 * Accommodations: a student's extra time and/or own window for one assessment. New
 * attempts take it at their start (attempts' deadlineFor, read in the start's own statement); a
 * running attempt gets its deadline moved here, in the same transaction, so the autosave, the
 * submit and the deadline closer, which all read the attempt's deadline column, follow at once.
 */

export interface AccommodationsContext {
  db: Db;
  clock: Clock;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toAccommodation(row: AccommodationListRow): Accommodation {
  return {
    assessmentId: row.assessmentId,
    studentId: row.studentId,
    studentName: row.studentName,
    extraMinutes: row.extraMinutes,
    extraPercent: row.extraPercent,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    runningDeadlineAt: iso(row.runningDeadlineAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /assessments/:id/accommodations: staff of its organization (any for the Super Administrator). */
export async function getAccommodations(
  db: Db,
  actor: Actor,
  assessmentId: string,
): Promise<AccommodationList> {
  const assessment = await findReadableAssessment(db, actor, assessmentId);
  return { data: (await listAccommodations(db, assessment.id)).map(toAccommodation) };
}

async function studentOf(db: DbOrTx, assessment: AssessmentRow, studentId: string) {
  const student = await findOrganizationStudent(db, assessment.organizationId, studentId);
  if (!student) throw notFound('student');
  return student;
}

/**
 * Moves the deadline of the student's attempt in progress to what the assessment and `terms`
 * (null: none any more) give it from its start. Returns the new deadline, or undefined when no
 * attempt is running.
 */
async function moveRunningDeadline(
  tx: DbOrTx,
  assessment: AssessmentRow,
  studentId: string,
  terms: AccommodationTerms | null,
  now: Date,
): Promise<Date | null | undefined> {
  const running = await lockRunningAttempt(tx, assessment.id, studentId);
  if (!running) return undefined;
  const deadlineAt = deadlineFor(assessment, running.startedAt, terms);
  if (deadlineAt?.getTime() !== running.deadlineAt?.getTime())
    await moveDeadline(tx, running.id, deadlineAt, now);
  return deadlineAt;
}

async function accommodationOf(db: DbOrTx, assessmentId: string, studentId: string): Promise<Accommodation> {
  const row = (await listAccommodations(db, assessmentId)).find((r) => r.studentId === studentId);
  if (!row) throw notFound('accommodation');
  return toAccommodation(row);
}

/** PUT /assessments/:id/accommodations/:studentId: sets or replaces it; a running attempt's deadline moves. */
export async function setAccommodation(
  ctx: AccommodationsContext,
  actor: Actor,
  assessmentId: string,
  studentId: string,
  input: AccommodationValues,
): Promise<Accommodation> {
  return ctx.db.transaction(async (tx) => {
    const assessment = await findWritableAssessment(tx, actor, assessmentId);
    await studentOf(tx, assessment, studentId);
    const now = ctx.clock.now();
    const terms: AccommodationTerms = {
      extraMinutes: input.extraMinutes,
      extraPercent: input.extraPercent,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
    };
    await upsertAccommodation(tx, {
      assessmentId: assessment.id,
      studentId,
      organizationId: assessment.organizationId,
      ...terms,
      updatedBy: actor.userId,
      updatedAt: now,
    });
    const deadlineAt = await moveRunningDeadline(tx, assessment, studentId, terms, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'assessment.accommodation_set',
        targetType: 'assessment',
        targetId: assessment.id,
        organizationId: assessment.organizationId,
        details: {
          studentId,
          ...input,
          ...(deadlineAt !== undefined ? { runningDeadlineAt: iso(deadlineAt) } : {}),
        },
      },
      now,
    );
    return accommodationOf(tx, assessment.id, studentId);
  });
}

/** DELETE /assessments/:id/accommodations/:studentId: a running attempt goes back to the assessment's deadline. */
export async function removeAccommodation(
  ctx: AccommodationsContext,
  actor: Actor,
  assessmentId: string,
  studentId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const assessment = await findWritableAssessment(tx, actor, assessmentId);
    await studentOf(tx, assessment, studentId);
    if (!(await deleteAccommodation(tx, assessment.id, studentId))) throw notFound('accommodation');
    const now = ctx.clock.now();
    const deadlineAt = await moveRunningDeadline(tx, assessment, studentId, null, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'assessment.accommodation_removed',
        targetType: 'assessment',
        targetId: assessment.id,
        organizationId: assessment.organizationId,
        details: { studentId, ...(deadlineAt !== undefined ? { runningDeadlineAt: iso(deadlineAt) } : {}) },
      },
      now,
    );
  });
}

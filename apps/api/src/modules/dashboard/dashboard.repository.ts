import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { PRODUCT_LINE } from '@vbuilder/shared';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  assessments,
  attemptAnswers,
  attempts,
  certificates,
  organizations,
  paymentRecords,
  users,
} from '../../db/schema/index.ts';
import { scopeConditions, timingCondition } from '../assessments/assessments.repository.ts';

/**
 * The dashboard's reads: one SQL statement per card. Counts over all rows and the first few rows
 * come from the same statement (window functions), so a card's total and its list never disagree.
 */

export async function countOrganizations(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(organizations);
  return row?.count ?? 0;
}

const int = (value: unknown) => Number(value ?? 0);
const instant = (column: SQL | typeof assessments.startsAt) =>
  sql<Date | null>`${column}`.mapWith((v) => (v === null ? null : new Date(v as string)));

/** Who the schedule is for: staff see the organization's published assessments, a Student the assigned ones. */
export interface ScheduleScope {
  organizationId: string;
  studentId?: string | undefined;
}

export interface ScheduleRow {
  bucket: 'open' | 'upcoming';
  id: string;
  title: string;
  subject: string;
  startsAt: Date | null;
  endsAt: Date | null;
  durationMinutes: number | null;
  inProgressAttemptId: string | null;
  total: number;
}

/**
 * The schedule card: published assessments open now (ongoing or without a window; for a Student
 * only those they may still take: not yet submitted, or retakes allowed) and upcoming. Each bucket
 * ranked (open: closing soonest first; upcoming: opening soonest first) and cut at `limit`.
 */
export async function scheduleRows(
  db: DbOrTx,
  scope: ScheduleScope,
  now: Date,
  limit: number,
): Promise<ScheduleRow[]> {
  const open = or(timingCondition('ongoing', now), timingCondition('notSet', now))!;
  const upcoming = timingCondition('upcoming', now);
  const bucket = sql`case when ${open} then 'open' else 'upcoming' end`;
  const studentId = scope.studentId;
  const mayTake = studentId
    ? or(
        eq(assessments.allowRetake, true),
        sql`not exists (select 1 from ${attempts} where ${attempts.assessmentId} = ${assessments.id} and ${attempts.studentId} = ${studentId} and ${attempts.status} = 'submitted')`,
      )
    : undefined;
  const inProgress = alias(attempts, 'in_progress');
  const ranked = db
    .select({
      bucket: sql<string>`${bucket}`.as('bucket'),
      id: assessments.id,
      title: assessments.title,
      subject: assessments.subject,
      startsAt: assessments.startsAt,
      endsAt: assessments.endsAt,
      durationMinutes: assessments.durationMinutes,
      inProgressAttemptId: sql<string | null>`${inProgress.id}::text`.as('in_progress_attempt_id'),
      rank: sql<number>`row_number() over (partition by ${bucket} order by case when ${open} then ${assessments.endsAt} else ${assessments.startsAt} end asc nulls last, lower(${assessments.title}), ${assessments.id})`.as(
        'rank',
      ),
      total: sql<number>`count(*) over (partition by ${bucket})`.as('total'),
    })
    .from(assessments)
    // The Student's attempt in progress (at most one: a unique index). Joining also makes drizzle
    // qualify every column of this subquery, which the correlated conditions need.
    .leftJoin(
      inProgress,
      studentId
        ? and(
            eq(inProgress.assessmentId, assessments.id),
            eq(inProgress.studentId, studentId),
            eq(inProgress.status, 'in_progress'),
          )
        : sql`false`,
    )
    .where(
      and(
        scopeConditions({ organizationId: scope.organizationId, studentId }),
        eq(assessments.status, 'published'),
        or(and(open, mayTake), upcoming),
      ),
    )
    .as('ranked');
  const rows = await db
    .select({
      bucket: ranked.bucket,
      id: ranked.id,
      title: ranked.title,
      subject: ranked.subject,
      startsAt: instant(sql`${ranked.startsAt}`),
      endsAt: instant(sql`${ranked.endsAt}`),
      durationMinutes: ranked.durationMinutes,
      inProgressAttemptId: ranked.inProgressAttemptId,
      total: ranked.total,
    })
    .from(ranked)
    .where(lte(ranked.rank, limit))
    .orderBy(asc(ranked.bucket), asc(ranked.rank));
  return rows.map((r) => ({ ...r, bucket: r.bucket as ScheduleRow['bucket'], total: int(r.total) }));
}

/** Submitted attempts of the organization's assessments (not deleted), as the Submissions screen counts them. */
const submittedInOrganization = (organizationId: string) =>
  and(
    eq(attempts.organizationId, organizationId),
    eq(attempts.status, 'submitted'),
    eq(assessments.organizationId, organizationId),
    isNull(assessments.deletedAt),
  );

/** Submissions per day (YYYY-MM-DD in `timeZone`) since `since`. */
export async function submissionsPerDay(
  db: DbOrTx,
  organizationId: string,
  since: Date,
  timeZone: string,
): Promise<{ date: string; count: number }[]> {
  const day = sql<string>`to_char(${attempts.submittedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, count: sql<number>`count(*)::int` })
    .from(attempts)
    .innerJoin(assessments, eq(assessments.id, attempts.assessmentId))
    .where(and(submittedInOrganization(organizationId), gte(attempts.submittedAt, since)))
    // By position: the day's expression binds its zone as a parameter, so repeating it would not match.
    .groupBy(sql`1`);
  return rows.map((r) => ({ date: r.date, count: int(r.count) }));
}

/** The organization's assessments with the latest submissions, with the Submissions screen's figures. */
export async function recentResults(db: DbOrTx, organizationId: string, limit: number) {
  const last = sql`max(${attempts.submittedAt})`;
  const rows = await db
    .select({
      assessmentId: assessments.id,
      title: assessments.title,
      submitted: sql<number>`count(*)::int`,
      passed: sql<number>`(count(*) filter (where ${attempts.passed} = true))::int`,
      pendingMarking: sql<number>`(count(*) filter (where ${attempts.markingStatus} = 'pending'))::int`,
      averagePercentage: sql<number | null>`avg(${attempts.percentage})`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      lastSubmittedAt: instant(last),
    })
    .from(attempts)
    .innerJoin(assessments, eq(assessments.id, attempts.assessmentId))
    .where(submittedInOrganization(organizationId))
    .groupBy(assessments.id, assessments.title)
    .orderBy(desc(last), asc(assessments.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    submitted: int(r.submitted),
    passed: int(r.passed),
    pendingMarking: int(r.pendingMarking),
  }));
}

/**
 * Submissions waiting for a teacher (marking status 'pending'), oldest first, with the answers of
 * each that wait ('manual', as the marking screen counts them) and the totals over the whole queue.
 */
export async function markingQueue(db: DbOrTx, organizationId: string, limit: number) {
  const waiting = sql<number>`(select count(*) from ${attemptAnswers} where ${attemptAnswers.attemptId} = ${attempts.id} and ${attemptAnswers.markStatus} = 'manual')`;
  const queue = db
    .select({
      attemptId: sql<string>`${attempts.id}`.as('attempt_id'),
      assessmentId: sql<string>`${assessments.id}`.as('assessment_id'),
      assessmentTitle: sql<string>`${assessments.title}`.as('assessment_title'),
      studentId: sql<string>`${attempts.studentId}`.as('student_id'),
      studentName: sql<string>`${users.name}`.as('student_name'),
      submittedAt: sql`${attempts.submittedAt}`.as('submitted_at'),
      answersWaiting: waiting.as('answers_waiting'),
      rank: sql<number>`row_number() over (order by ${attempts.submittedAt} asc, ${attempts.id})`.as('rank'),
      submissionsWaiting: sql<number>`count(*) over ()`.as('submissions_waiting'),
      allAnswersWaiting: sql<number>`sum(${waiting}) over ()`.as('all_answers_waiting'),
    })
    .from(attempts)
    .innerJoin(assessments, eq(assessments.id, attempts.assessmentId))
    .innerJoin(users, eq(users.id, attempts.studentId))
    .where(and(submittedInOrganization(organizationId), eq(attempts.markingStatus, 'pending')))
    .as('queue');
  const rows = await db
    .select({
      attemptId: queue.attemptId,
      assessmentId: queue.assessmentId,
      assessmentTitle: queue.assessmentTitle,
      studentId: queue.studentId,
      studentName: queue.studentName,
      submittedAt: instant(sql`${queue.submittedAt}`),
      answersWaiting: queue.answersWaiting,
      submissionsWaiting: queue.submissionsWaiting,
      allAnswersWaiting: queue.allAnswersWaiting,
    })
    .from(queue)
    .where(lte(queue.rank, limit))
    .orderBy(asc(queue.rank));
  return {
    submissionsWaiting: int(rows[0]?.submissionsWaiting),
    answersWaiting: int(rows[0]?.allAnswersWaiting),
    items: rows.map((r) => ({
      attemptId: r.attemptId,
      assessmentId: r.assessmentId,
      assessmentTitle: r.assessmentTitle,
      studentId: r.studentId,
      studentName: r.studentName,
      submittedAt: r.submittedAt!,
      answersWaiting: int(r.answersWaiting),
    })),
  };
}

/** A Student's latest submitted attempts at assessments of their organization that are not deleted. */
export async function studentResults(db: DbOrTx, organizationId: string, studentId: string, limit: number) {
  return db
    .select({
      attemptId: attempts.id,
      assessmentId: assessments.id,
      title: assessments.title,
      number: attempts.number,
      submittedAt: attempts.submittedAt,
      percentage: attempts.percentage,
      passMark: attempts.passMark,
      passed: attempts.passed,
      markingStatus: attempts.markingStatus,
      // Whether the student may see it yet (release policy).
      releasedAt: attempts.releasedAt,
      releasePolicy: assessments.releasePolicy,
      endsAt: assessments.endsAt,
    })
    .from(attempts)
    .innerJoin(assessments, eq(assessments.id, attempts.assessmentId))
    .where(and(submittedInOrganization(organizationId), eq(attempts.studentId, studentId)))
    .orderBy(desc(attempts.submittedAt), desc(attempts.number), asc(attempts.id))
    .limit(limit);
}

/** A Student's valid (not revoked) certificates in their organization: the latest few and how many. */
export async function studentCertificates(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  limit: number,
) {
  const rows = await db
    .select({
      id: certificates.id,
      assessmentTitle: certificates.assessmentTitle,
      issuedAt: certificates.issuedAt,
      percentage: certificates.percentage,
      total: sql<number>`count(*) over ()`,
    })
    .from(certificates)
    .where(
      and(
        eq(certificates.organizationId, organizationId),
        eq(certificates.studentId, studentId),
        isNull(certificates.revokedAt),
      ),
    )
    .orderBy(desc(certificates.issuedAt), asc(certificates.id))
    // The window count runs before the limit, so `total` counts every row.
    .limit(limit);
  return { total: int(rows[0]?.total), items: rows };
}

/**
 * Every organization with its records of the product line (newest first; none for an organization
 * without any), for the subscription state of each.
 */
export async function organizationsWithRecords(db: DbOrTx) {
  return db
    .select({
      organizationId: organizations.id,
      status: paymentRecords.status,
      endsAt: paymentRecords.endsAt,
      activatedAt: paymentRecords.activatedAt,
      planName: paymentRecords.planName,
      customMonthlyAssessments: paymentRecords.customMonthlyAssessments,
    })
    .from(organizations)
    .leftJoin(
      paymentRecords,
      and(eq(paymentRecords.organizationId, organizations.id), eq(paymentRecords.productLine, PRODUCT_LINE)),
    )
    .orderBy(asc(organizations.id), desc(paymentRecords.createdAt), desc(paymentRecords.id));
}

/**
 * Payment records paid and activated since `monthStart` (grouped by currency and plan, amount plus
 * tax) and the requests waiting for payment now ('pending'), in one grouped read.
 */
export async function paymentsSince(db: DbOrTx, monthStart: Date) {
  const paid = and(eq(paymentRecords.invoiceStatus, 'paid'), gte(paymentRecords.activatedAt, monthStart))!;
  const kind = sql<string>`case when ${paid} then 'paid' else 'pending' end`;
  const rows = await db
    .select({
      kind,
      currency: paymentRecords.currency,
      planName: paymentRecords.planName,
      count: sql<number>`count(*)::int`,
      amountMinor: sql<number>`sum(${paymentRecords.amountMinor} + ${paymentRecords.taxMinor})`.mapWith(
        Number,
      ),
    })
    .from(paymentRecords)
    .where(
      and(
        eq(paymentRecords.productLine, PRODUCT_LINE),
        or(paid, inArray(paymentRecords.status, ['pending'])),
      ),
    )
    // By position: the kind's expression binds parameters, so repeating it would not match.
    .groupBy(sql`1`, paymentRecords.currency, paymentRecords.planName);
  return rows.map((r) => ({ ...r, count: int(r.count), amountMinor: int(r.amountMinor) }));
}

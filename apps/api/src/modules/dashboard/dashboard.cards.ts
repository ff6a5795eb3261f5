import {
  PACKAGE_NAMES,
  planNamed,
  roundScore,
  startOfMonthUtc,
  SUBSCRIPTION_STATUSES,
  type DashboardMarkingQueue,
  type DashboardMyCertificates,
  type DashboardMyResults,
  type DashboardOrganizations,
  type DashboardPaymentsMonth,
  type DashboardRecentResults,
  type DashboardSchedule,
  type DashboardSubmissionsWeek,
  type PackageName,
  isResultReleased,
} from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { subscriptionStateOf } from '../payments/payments.service.ts';
import {
  markingQueue,
  organizationsWithRecords,
  paymentsSince,
  recentResults,
  scheduleRows,
  studentCertificates,
  studentResults,
  submissionsPerDay,
  type ScheduleRow,
} from './dashboard.repository.ts';

/** How many rows a list card shows; its total counts them all. */
export const CARD_ROWS = 5;
/** Assessments compared on the recent results chart. */
export const RESULT_BARS = 6;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The organization a card of an organization's member reads. Someone outside any organization
 * has no cards but the welcome and the overview (the web does not ask for them).
 */
function organizationOf(actor: Actor): string {
  if (!actor.organizationId) throw forbidden('Your account does not belong to an organization yet');
  return actor.organizationId;
}

const studentOf = (actor: Actor) => (actor.role === 'Student' ? actor.userId : undefined);

/** GET /dashboard/schedule: open now and upcoming (staff: the organization's; a Student: theirs to take). */
export async function dashboardSchedule(db: DbOrTx, actor: Actor, now: Date): Promise<DashboardSchedule> {
  const rows = await scheduleRows(
    db,
    { organizationId: organizationOf(actor), studentId: studentOf(actor) },
    now,
    CARD_ROWS,
  );
  const list = (bucket: ScheduleRow['bucket']) => {
    const of = rows.filter((r) => r.bucket === bucket);
    return {
      total: of[0]?.total ?? 0,
      items: of.map((r) => ({
        id: r.id,
        title: r.title,
        subject: r.subject,
        startsAt: iso(r.startsAt),
        endsAt: iso(r.endsAt),
        durationMinutes: r.durationMinutes,
        inProgressAttemptId: r.inProgressAttemptId,
      })),
    };
  };
  return { openNow: list('open'), upcoming: list('upcoming') };
}

/** `YYYY-MM-DD` of an instant in a time zone. */
const dayIn = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    date,
  );

/** The first instant of the day `date` falls on, in `timeZone`. */
function startOfDayIn(date: Date, timeZone: string): Date {
  const [y, m, d] = dayIn(date, timeZone).split('-').map(Number) as [number, number, number];
  // The zone's offset at that wall-clock midnight, found by formatting the UTC guess back.
  const guess = Date.UTC(y, m - 1, d);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(guess));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return new Date(guess - (wall - guess));
}

/** GET /dashboard/submissions-week: submissions on each of the last 7 days (today included) in the reader's zone. */
export async function dashboardSubmissionsWeek(
  db: DbOrTx,
  actor: Actor,
  now: Date,
  timeZone: string,
): Promise<DashboardSubmissionsWeek> {
  // Noon steps back a day whatever the zone's daylight saving does to midnight.
  const days = Array.from({ length: 7 }, (_, i) =>
    dayIn(new Date(now.getTime() - (6 - i) * 86_400_000), timeZone),
  );
  const since = startOfDayIn(new Date(now.getTime() - 6 * 86_400_000), timeZone);
  const counts = new Map(
    (await submissionsPerDay(db, organizationOf(actor), since, timeZone)).map((r) => [r.date, r.count]),
  );
  const perDay = days.map((date) => ({ date, count: counts.get(date) ?? 0 }));
  return { total: perDay.reduce((sum, d) => sum + d.count, 0), days: perDay };
}

/** GET /dashboard/recent-results: pass rate and average of the assessments submitted to most recently. */
export async function dashboardRecentResults(db: DbOrTx, actor: Actor): Promise<DashboardRecentResults> {
  const rows = await recentResults(db, organizationOf(actor), RESULT_BARS);
  return {
    items: rows.map((r) => ({
      assessmentId: r.assessmentId,
      title: r.title,
      submitted: r.submitted,
      passed: r.passed,
      // The Submissions screen's rule: passed over every submitted attempt.
      passRate: r.submitted > 0 ? roundScore((r.passed / r.submitted) * 100) : 0,
      averagePercentage: r.averagePercentage === null ? null : roundScore(r.averagePercentage),
      pendingMarking: r.pendingMarking,
      lastSubmittedAt: r.lastSubmittedAt!.toISOString(),
    })),
  };
}

/** GET /dashboard/marking-queue: what waits for a teacher, oldest first. */
export async function dashboardMarkingQueue(db: DbOrTx, actor: Actor): Promise<DashboardMarkingQueue> {
  const queue = await markingQueue(db, organizationOf(actor), CARD_ROWS);
  return {
    answersWaiting: queue.answersWaiting,
    submissionsWaiting: queue.submissionsWaiting,
    items: queue.items.map((r) => ({ ...r, submittedAt: r.submittedAt.toISOString() })),
  };
}

/** GET /dashboard/my-results: a Student's latest results, no pass or fail while a teacher marks. */
export async function dashboardMyResults(
  db: DbOrTx,
  actor: Actor,
  now: Date = new Date(),
): Promise<DashboardMyResults> {
  const rows = await studentResults(db, organizationOf(actor), actor.userId, RESULT_BARS);
  return {
    // A result not released yet is not shown at all: its score must not reach the student.
    items: rows
      .filter((r) => isResultReleased(r.releasedAt, r, now))
      .map((r) => {
        const pending = r.markingStatus === 'pending';
        return {
          attemptId: r.attemptId,
          assessmentId: r.assessmentId,
          title: r.title,
          number: r.number,
          submittedAt: r.submittedAt!.toISOString(),
          percentage: roundScore(r.percentage ?? 0),
          passMark: r.passMark,
          passed: pending ? null : (r.passed ?? null),
          pending,
        };
      }),
  };
}

/** GET /dashboard/my-certificates: the valid certificates a Student holds. */
export async function dashboardMyCertificates(db: DbOrTx, actor: Actor): Promise<DashboardMyCertificates> {
  const { total, items } = await studentCertificates(db, organizationOf(actor), actor.userId, CARD_ROWS);
  return {
    total,
    items: items.map((r) => ({
      id: r.id,
      assessmentTitle: r.assessmentTitle,
      issuedAt: r.issuedAt.toISOString(),
      percentage: r.percentage === null ? null : roundScore(r.percentage),
    })),
  };
}

/** GET /dashboard/organizations: every organization by the plan in force and its subscription state. */
export async function dashboardOrganizations(db: DbOrTx, now: Date): Promise<DashboardOrganizations> {
  const rows = await organizationsWithRecords(db);
  const byOrganization = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) {
    const list = byOrganization.get(row.organizationId) ?? [];
    // An organization without records comes once, with an empty record (the left join's nulls).
    if (row.status !== null) list.push(row);
    byOrganization.set(row.organizationId, list);
  }
  const plans = new Map<PackageName, number>(PACKAGE_NAMES.map((p) => [p, 0]));
  const statuses = new Map(SUBSCRIPTION_STATUSES.map((s) => [s, 0]));
  for (const records of byOrganization.values()) {
    const state = subscriptionStateOf(
      records.map((r) => ({ ...r, status: r.status!, planName: r.planName! })),
      now,
    );
    plans.set(state.plan.name, (plans.get(state.plan.name) ?? 0) + 1);
    statuses.set(state.status, (statuses.get(state.status) ?? 0) + 1);
  }
  return {
    total: byOrganization.size,
    byPlan: [...plans].map(([plan, count]) => ({ plan, count })),
    byStatus: [...statuses].map(([status, count]) => ({ status, count })),
  };
}

/** GET /dashboard/payments-month: this month's paid activations and the requests still waiting. */
export async function dashboardPaymentsMonth(db: DbOrTx, now: Date): Promise<DashboardPaymentsMonth> {
  const monthStart = startOfMonthUtc(now);
  const rows = await paymentsSince(db, monthStart);
  const paid = rows.filter((r) => r.kind === 'paid');
  const totals = new Map<string, number>();
  const plans = new Map<PackageName, number>(PACKAGE_NAMES.map((p) => [p, 0]));
  for (const r of paid) {
    totals.set(r.currency, (totals.get(r.currency) ?? 0) + r.amountMinor);
    const plan = planNamed(r.planName)?.name;
    if (plan) plans.set(plan, (plans.get(plan) ?? 0) + r.count);
  }
  return {
    monthStart: monthStart.toISOString(),
    activated: paid.reduce((sum, r) => sum + r.count, 0),
    pending: rows.filter((r) => r.kind === 'pending').reduce((sum, r) => sum + r.count, 0),
    totals: [...totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amountMinor]) => ({ currency, amountMinor })),
    byPlan: [...plans].map(([plan, count]) => ({ plan, count })),
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DashboardMarkingQueueSchema,
  DashboardMyCertificatesSchema,
  DashboardMyResultsSchema,
  DashboardOrganizationsSchema,
  DashboardPaymentsMonthSchema,
  DashboardRecentResultsSchema,
  DashboardScheduleSchema,
  DashboardSubmissionsWeekSchema,
  MarkingViewSchema,
  PLANS,
  SubmissionListSchema,
  type Question,
  type Role,
} from '@vbuilder/shared';
import type { z } from 'zod';
import { assessments, certificates, paymentRecords, type AssessmentRow } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { testClock } from '../attempts/test-fixtures.ts';
import { recordPlan } from '../plans/plans.service.ts';
import {
  GOOD_ANSWERS,
  makeAssessment,
  OBJECTIVE_ONLY,
  QUESTIONS,
  startAttempt,
  submitAttempt,
} from '../submissions/test-fixtures.ts';

/**
 * The dashboard's cards against seeded data: a Thursday, 2030-03-12 10:00 UTC, in an
 * organization with assessments open, upcoming, drafted, deleted, assigned to one student and past,
 * submissions inside and outside the last 7 days, marks waiting, certificates; a foreign
 * organization whose records must never show; and an empty organization that shows zeros.
 */

const NOW = '2030-03-12T10:00:00.000Z';
const clock = testClock(NOW);
let t: TestApp;

type Headers = Record<string, string>;
async function get<S extends z.ZodType>(url: string, headers: Headers, schema: S): Promise<z.output<S>> {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return schema.parse(res.json());
}
const status = async (url: string, headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: `/api${url}`, headers })).statusCode;

async function member(role: Role, organizationId: string | null, name?: string) {
  const user = await makeUser(t.app, role, organizationId, name ? { name } : {});
  return { user, headers: bearer(await tokenFor(t.app, user)) };
}

/** Multiple choice (2 pts) and True/False (1 pt): marked at once, no teacher needed. */
const OBJECTIVE: Question[] = QUESTIONS.filter((q) => q.id === 'q-mcq' || q.id === 'q-tf');

const at = (iso: string) => new Date(iso);

async function certificateFor(
  organizationId: string,
  assessment: AssessmentRow,
  studentId: string,
  revoked = false,
) {
  await t.app.db.insert(certificates).values({
    code: crypto
      .randomUUID()
      .replaceAll('-', '')
      .toUpperCase()
      .slice(0, 32)
      .replace(/[0189]/g, 'A'),
    organizationId,
    assessmentId: assessment.id,
    studentId,
    holderName: 'Holder',
    assessmentTitle: assessment.title,
    organizationName: 'School',
    percentage: 100,
    issuedAt: at('2030-03-12T08:30:00Z'),
    revokedAt: revoked ? at('2030-03-12T09:00:00Z') : null,
  });
}

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
});
afterAll(() => t.close());

describe('dashboard cards of an organization', () => {
  let org: string;
  let teacher: Headers;
  let administrator: Headers;
  let s1: { user: { id: string }; headers: Headers };
  let s2: { user: { id: string }; headers: Headers };
  let s3: { user: { id: string }; headers: Headers };
  const a: Record<string, AssessmentRow> = {};

  beforeAll(async () => {
    org = (await makeOrganization(t.app, 'Seeded School')).id;
    teacher = (await member('Teacher', org)).headers;
    administrator = (await member('Administrator', org)).headers;
    s1 = await member('Student', org, 'Ada Student');
    s2 = await member('Student', org, 'Ben Student');
    s3 = await member('Student', org, 'Cy Student');

    const make = async (key: string, values: Parameters<typeof makeAssessment>[2]) => {
      a[key] = await makeAssessment(t.app, org, { title: key, ...values });
    };
    await make('Algebra', { startsAt: at('2030-03-10T08:00:00Z'), endsAt: at('2030-03-14T08:00:00Z') });
    await make('Biology', { questions: OBJECTIVE, totalMarks: 3 });
    await make('Chemistry', { startsAt: at('2030-03-20T08:00:00Z'), endsAt: at('2030-03-21T08:00:00Z') });
    await make('Drafted', { status: 'draft', startsAt: at('2030-03-10T08:00:00Z') });
    await make('Deleted', { deletedAt: at('2030-03-11T08:00:00Z') });
    await make('Selected', {
      startsAt: at('2030-03-11T08:00:00Z'),
      endsAt: at('2030-03-13T08:00:00Z'),
      selected: [s3.user.id],
    });
    await make('History', { startsAt: at('2030-02-01T08:00:00Z'), endsAt: at('2030-03-01T08:00:00Z') });

    // History: two essays waiting (S3 older than S1), one objective-only attempt last week.
    await submitAttempt(t.app, a.History!, s3.user.id, GOOD_ANSWERS, {
      submittedAt: at('2030-03-10T09:00:00Z'),
    });
    await submitAttempt(t.app, a.History!, s1.user.id, GOOD_ANSWERS, {
      submittedAt: at('2030-03-11T09:00:00Z'),
    });
    await submitAttempt(t.app, a.History!, s2.user.id, OBJECTIVE_ONLY, {
      submittedAt: at('2030-03-04T12:00:00Z'),
    });
    // Biology: S1 all right today; S2 the multiple choice only, on the evening of 5 March UTC
    // (6 March in Bangkok: inside Bangkok's last 7 days, outside UTC's).
    await submitAttempt(t.app, a.Biology!, s1.user.id, OBJECTIVE_ONLY, {
      submittedAt: at('2030-03-12T08:00:00Z'),
    });
    await submitAttempt(
      t.app,
      a.Biology!,
      s2.user.id,
      { 'q-mcq': ['b'] },
      { submittedAt: at('2030-03-05T20:00:00Z') },
    );
    // S2 is taking Algebra.
    await startAttempt(t.app, a.Algebra!, s2.user.id);
    await certificateFor(org, a.Biology!, s1.user.id);
    await certificateFor(org, a.History!, s1.user.id, true);

    // A foreign organization with an open assessment and marks waiting: never on these cards.
    const foreign = (await makeOrganization(t.app, 'Foreign School')).id;
    const foreignStudent = await makeUser(t.app, 'Student', foreign);
    const foreignOpen = await makeAssessment(t.app, foreign, { title: 'Foreign' });
    await submitAttempt(t.app, foreignOpen, foreignStudent.id, GOOD_ANSWERS, {
      submittedAt: at('2030-03-09T09:00:00Z'),
    });
    await certificateFor(foreign, foreignOpen, foreignStudent.id);
  });

  const titles = (list: { items: { title: string }[] }) => list.items.map((i) => i.title);

  it.each([
    ['Teacher', () => teacher],
    ['Administrator', () => administrator],
  ])('gives a %s the open and upcoming published assessments of the organization', async (_, who) => {
    const schedule = await get('/dashboard/schedule', who(), DashboardScheduleSchema);
    // Closing soonest first, the one without a window last; drafts and deleted ones never.
    expect(titles(schedule.openNow)).toEqual(['Selected', 'Algebra', 'Biology']);
    expect(schedule.openNow.total).toBe(3);
    expect(titles(schedule.upcoming)).toEqual(['Chemistry']);
    expect(schedule.upcoming.items[0]).toMatchObject({
      startsAt: '2030-03-20T08:00:00.000Z',
      endsAt: '2030-03-21T08:00:00.000Z',
      inProgressAttemptId: null,
    });
  });

  it('gives a Student what they may take now (not submitted, assigned) and next, with the attempt under way', async () => {
    const first = await get('/dashboard/schedule', s1.headers, DashboardScheduleSchema);
    // Biology is submitted without retakes; Selected is someone else's.
    expect(titles(first.openNow)).toEqual(['Algebra']);
    expect(titles(first.upcoming)).toEqual(['Chemistry']);

    const second = await get('/dashboard/schedule', s2.headers, DashboardScheduleSchema);
    expect(titles(second.openNow)).toEqual(['Algebra']);
    expect(second.openNow.items[0]!.inProgressAttemptId).toEqual(expect.any(String));

    const third = await get('/dashboard/schedule', s3.headers, DashboardScheduleSchema);
    expect(titles(third.openNow)).toEqual(['Selected', 'Algebra', 'Biology']);

    // Retakes allowed: Biology is back on S1's list.
    await t.app.db.update(assessments).set({ allowRetake: true }).where(eq(assessments.id, a.Biology!.id));
    const again = await get('/dashboard/schedule', s1.headers, DashboardScheduleSchema);
    expect(titles(again.openNow)).toEqual(['Algebra', 'Biology']);
    await t.app.db.update(assessments).set({ allowRetake: false }).where(eq(assessments.id, a.Biology!.id));
  });

  it("counts the last 7 days' submissions per day in the reader's time zone", async () => {
    const utc = await get('/dashboard/submissions-week', teacher, DashboardSubmissionsWeekSchema);
    expect(utc.days.map((d) => d.date)).toEqual([
      '2030-03-06',
      '2030-03-07',
      '2030-03-08',
      '2030-03-09',
      '2030-03-10',
      '2030-03-11',
      '2030-03-12',
    ]);
    expect(utc.days.map((d) => d.count)).toEqual([0, 0, 0, 0, 1, 1, 1]);
    expect(utc.total).toBe(3);

    const bangkok = await get(
      '/dashboard/submissions-week?timeZone=Asia/Bangkok',
      administrator,
      DashboardSubmissionsWeekSchema,
    );
    expect(bangkok.days.map((d) => d.count)).toEqual([1, 0, 0, 0, 1, 1, 1]);
    expect(bangkok.total).toBe(4);
    // An unknown zone reads as UTC rather than failing.
    const unknown = await get(
      '/dashboard/submissions-week?timeZone=Mars/Olympus',
      teacher,
      DashboardSubmissionsWeekSchema,
    );
    expect(unknown).toEqual(utc);
  });

  it('starts each day at local midnight across a daylight saving change (New York, 10 March 2030)', async () => {
    const school = (await makeOrganization(t.app, 'Night School')).id;
    const { headers } = await member('Teacher', school);
    const night = await makeAssessment(t.app, school, { questions: OBJECTIVE, totalMarks: 3 });
    const owl = await makeUser(t.app, 'Student', school);
    // 23:30 on 5 March in New York (EST): before its week; 6 March in UTC.
    await submitAttempt(t.app, night, owl.id, OBJECTIVE_ONLY, { submittedAt: at('2030-03-06T04:30:00Z') });
    // 23:30 on 11 March in New York (EDT, after the change); 12 March in UTC.
    await submitAttempt(t.app, night, owl.id, OBJECTIVE_ONLY, {
      number: 2,
      submittedAt: at('2030-03-12T03:30:00Z'),
    });
    const newYork = await get(
      '/dashboard/submissions-week?timeZone=America/New_York',
      headers,
      DashboardSubmissionsWeekSchema,
    );
    expect(newYork.days.map((d) => d.date)).toEqual([
      '2030-03-06',
      '2030-03-07',
      '2030-03-08',
      '2030-03-09',
      '2030-03-10',
      '2030-03-11',
      '2030-03-12',
    ]);
    expect(newYork.days.map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 1, 0]);
    const utc = await get(
      '/dashboard/submissions-week?timeZone=UTC',
      headers,
      DashboardSubmissionsWeekSchema,
    );
    expect(utc.days.map((d) => d.count)).toEqual([1, 0, 0, 0, 0, 0, 1]);
  });

  it('gives pass rate and average per recent assessment, the same figures as the Submissions screen', async () => {
    const results = await get('/dashboard/recent-results', teacher, DashboardRecentResultsSchema);
    expect(results.items.map((i) => i.title)).toEqual(['Biology', 'History']);
    const [biology, history] = results.items;
    expect(biology).toMatchObject({ submitted: 2, passed: 2, passRate: 100, averagePercentage: 83.34 });
    expect(history).toMatchObject({
      submitted: 3,
      pendingMarking: 2,
      lastSubmittedAt: '2030-03-11T09:00:00.000Z',
    });
    for (const item of results.items) {
      const { stats } = await get(
        `/assessments/${item.assessmentId}/submissions`,
        teacher,
        SubmissionListSchema,
      );
      expect(item).toMatchObject({
        submitted: stats.submitted,
        passed: stats.passed,
        passRate: stats.passRate,
        averagePercentage: stats.averagePercentage,
        pendingMarking: stats.pendingMarking,
      });
    }
  });

  it('lists the marking queue oldest first with the answers the marking screen will ask for', async () => {
    const queue = await get('/dashboard/marking-queue', teacher, DashboardMarkingQueueSchema);
    expect(queue.items.map((i) => i.studentName)).toEqual(['Cy Student', 'Ada Student']);
    expect(queue.submissionsWaiting).toBe(2);
    expect(queue.answersWaiting).toBe(4);
    for (const item of queue.items) {
      expect(item.assessmentTitle).toBe('History');
      const view = await get(
        `/assessments/${item.assessmentId}/marking/${item.studentId}`,
        teacher,
        MarkingViewSchema,
      );
      expect(view.attemptId).toBe(item.attemptId);
      expect(view.pendingAnswers).toBe(item.answersWaiting);
    }
    expect(await get('/dashboard/marking-queue', administrator, DashboardMarkingQueueSchema)).toEqual(queue);
  });

  it("gives a Student their latest results, none of a classmate's, no pass or fail while marking", async () => {
    const mine = await get('/dashboard/my-results', s1.headers, DashboardMyResultsSchema);
    expect(mine.items).toEqual([
      expect.objectContaining({
        title: 'Biology',
        percentage: 100,
        passed: true,
        pending: false,
        passMark: 50,
      }),
      expect.objectContaining({ title: 'History', passed: null, pending: true }),
    ]);
    const ben = await get('/dashboard/my-results', s2.headers, DashboardMyResultsSchema);
    expect(ben.items.map((i) => [i.title, i.percentage, i.passed])).toEqual([
      ['Biology', 66.67, true],
      ['History', 30, false],
    ]);
  });

  it('counts the valid certificates a Student holds, not the revoked one', async () => {
    const mine = await get('/dashboard/my-certificates', s1.headers, DashboardMyCertificatesSchema);
    expect(mine).toEqual({
      total: 1,
      items: [
        {
          id: expect.any(String),
          assessmentTitle: 'Biology',
          issuedAt: '2030-03-12T08:30:00.000Z',
          percentage: 100,
        },
      ],
    });
    expect(await get('/dashboard/my-certificates', s2.headers, DashboardMyCertificatesSchema)).toEqual({
      total: 0,
      items: [],
    });
  });

  it('refuses the cards of other roles', async () => {
    for (const url of [
      '/dashboard/submissions-week',
      '/dashboard/recent-results',
      '/dashboard/marking-queue',
    ]) {
      expect(await status(url, s1.headers)).toBe(403);
    }
    for (const url of ['/dashboard/my-results', '/dashboard/my-certificates', '/dashboard/organizations']) {
      expect(await status(url, teacher)).toBe(403);
    }
    expect(await status('/dashboard/payments-month', administrator)).toBe(403);
    expect(await status('/dashboard/schedule', {})).toBe(401);
  });
});

describe('dashboard cards of an empty organization', () => {
  it('shows zeros on every card, for every role', async () => {
    const org = (await makeOrganization(t.app, 'Empty School')).id;
    for (const role of ['Teacher', 'Administrator', 'user'] as Role[]) {
      const { headers } = await member(role, org);
      expect(await get('/dashboard/schedule', headers, DashboardScheduleSchema)).toEqual({
        openNow: { total: 0, items: [] },
        upcoming: { total: 0, items: [] },
      });
      const week = await get('/dashboard/submissions-week', headers, DashboardSubmissionsWeekSchema);
      expect(week.total).toBe(0);
      expect(week.days.map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 0, 0]);
      expect(await get('/dashboard/recent-results', headers, DashboardRecentResultsSchema)).toEqual({
        items: [],
      });
      expect(await get('/dashboard/marking-queue', headers, DashboardMarkingQueueSchema)).toEqual({
        answersWaiting: 0,
        submissionsWaiting: 0,
        items: [],
      });
    }
    const { headers } = await member('Student', org);
    expect(await get('/dashboard/schedule', headers, DashboardScheduleSchema)).toEqual({
      openNow: { total: 0, items: [] },
      upcoming: { total: 0, items: [] },
    });
    expect(await get('/dashboard/my-results', headers, DashboardMyResultsSchema)).toEqual({ items: [] });
    expect(await get('/dashboard/my-certificates', headers, DashboardMyCertificatesSchema)).toEqual({
      total: 0,
      items: [],
    });
  });

  it('answers 403 to a member without an organization', async () => {
    const { headers } = await member('Teacher', null);
    expect(await status('/dashboard/schedule', headers)).toBe(403);
    expect(await status('/dashboard/marking-queue', headers)).toBe(403);
  });
});

describe("the Super Administrator's cards", () => {
  it('count organizations by plan in force and subscription state, and this month’s payments', async () => {
    const { headers } = await member('Super Administrator', null);
    const before = await get('/dashboard/organizations', headers, DashboardOrganizationsSchema);
    const paymentsBefore = await get('/dashboard/payments-month', headers, DashboardPaymentsMonthSchema);
    const count = (list: { count: number }[], pick: (i: never) => boolean) =>
      list.filter(pick as (i: unknown) => boolean).reduce((s, i) => s + i.count, 0);
    const plan = (r: { byPlan: { plan: string; count: number }[] }, name: string) =>
      r.byPlan.find((p) => p.plan === name)!.count;
    const state = (r: { byStatus: { status: string; count: number }[] }, name: string) =>
      r.byStatus.find((p) => p.status === name)!.count;
    expect(count(before.byPlan, () => true)).toBe(before.total);
    expect(count(before.byStatus, () => true)).toBe(before.total);

    // Enterprise in force; a lapsed Professional (Free, inactive); a request waiting (Free, pending); nothing (Free, free).
    const enterprise = (await makeOrganization(t.app)).id;
    await recordPlan(t.app.db, enterprise, PLANS.Enterprise, { now: at('2030-03-05T00:00:00Z') });
    const lapsed = (await makeOrganization(t.app)).id;
    await recordPlan(t.app.db, lapsed, PLANS.Professional, {
      now: at('2030-01-01T00:00:00Z'),
      endsAt: at('2030-03-01T00:00:00Z'),
    });
    const waiting = (await makeOrganization(t.app)).id;
    await makeOrganization(t.app);
    const record = (values: Partial<typeof paymentRecords.$inferInsert>) =>
      t.app.db.insert(paymentRecords).values({
        organizationId: waiting,
        planName: 'Vbuilder Professional',
        amountMinor: 4900,
        taxMinor: 490,
        currency: 'USD',
        ...values,
      });
    await record({ status: 'pending', invoiceStatus: 'open' });
    // Paid this month in two currencies, and once last month (not counted).
    await record({
      organizationId: enterprise,
      status: 'inactive',
      invoiceStatus: 'paid',
      activatedAt: at('2030-03-03T10:00:00Z'),
    });
    await record({
      organizationId: lapsed,
      planName: 'Vbuilder Basic',
      status: 'inactive',
      invoiceStatus: 'paid',
      activatedAt: at('2030-03-01T00:00:00Z'),
      amountMinor: 190000,
      taxMinor: 0,
      currency: 'THB',
    });
    await record({
      organizationId: lapsed,
      status: 'inactive',
      invoiceStatus: 'paid',
      activatedAt: at('2030-02-28T23:59:59Z'),
    });

    const after = await get('/dashboard/organizations', headers, DashboardOrganizationsSchema);
    expect(after.total).toBe(before.total + 4);
    expect(plan(after, 'Enterprise')).toBe(plan(before, 'Enterprise') + 1);
    expect(plan(after, 'Professional')).toBe(plan(before, 'Professional'));
    expect(plan(after, 'Free')).toBe(plan(before, 'Free') + 3);
    expect(state(after, 'active')).toBe(state(before, 'active') + 1);
    expect(state(after, 'inactive')).toBe(state(before, 'inactive') + 1);
    expect(state(after, 'pending')).toBe(state(before, 'pending') + 1);
    expect(state(after, 'free')).toBe(state(before, 'free') + 1);

    const payments = await get('/dashboard/payments-month', headers, DashboardPaymentsMonthSchema);
    expect(payments.monthStart).toBe('2030-03-01T00:00:00.000Z');
    expect(payments.activated).toBe(paymentsBefore.activated + 2);
    expect(payments.pending).toBe(paymentsBefore.pending + 1);
    const total = (r: typeof payments, currency: string) =>
      r.totals.find((x) => x.currency === currency)?.amountMinor ?? 0;
    expect(total(payments, 'USD')).toBe(total(paymentsBefore, 'USD') + 5390);
    expect(total(payments, 'THB')).toBe(total(paymentsBefore, 'THB') + 190000);
    expect(plan(payments, 'Professional')).toBe(plan(paymentsBefore, 'Professional') + 1);
    expect(plan(payments, 'Basic')).toBe(plan(paymentsBefore, 'Basic') + 1);
  });

  it('starts from zero on an empty platform', async () => {
    const empty = await buildTestApp({}, { clock });
    try {
      const user = await makeUser(empty.app, 'Super Administrator', null);
      const headers = bearer(await tokenFor(empty.app, user));
      const res = await empty.app.inject({ method: 'GET', url: '/api/dashboard/organizations', headers });
      const body = DashboardOrganizationsSchema.parse(res.json());
      expect(body.total).toBe(0);
      expect(body.byPlan.every((p) => p.count === 0)).toBe(true);
      expect(body.byStatus.map((s) => s.status)).toEqual(['active', 'pending', 'inactive', 'free']);
      const pay = await empty.app.inject({ method: 'GET', url: '/api/dashboard/payments-month', headers });
      expect(DashboardPaymentsMonthSchema.parse(pay.json())).toEqual({
        monthStart: '2030-03-01T00:00:00.000Z',
        activated: 0,
        pending: 0,
        totals: [],
        byPlan: [
          { plan: 'Free', count: 0 },
          { plan: 'Basic', count: 0 },
          { plan: 'Professional', count: 0 },
          { plan: 'Enterprise', count: 0 },
          { plan: 'Custom', count: 0 },
        ],
      });
    } finally {
      await empty.close();
    }
  });
});

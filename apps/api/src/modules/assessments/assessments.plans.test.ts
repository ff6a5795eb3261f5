import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AssessmentUsageSchema,
  MonthlyAssessmentsSchema,
  PLANS,
  QuestionSchema,
  typesOfPlan,
} from '@vbuilder/shared';
import { assessments } from '../../db/schema/index.ts';
import { adminCli } from '../../test/admin-cli.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { currentPlan, recordPlan } from '../plans/plans.service.ts';
import { assessmentInput, createAssessmentAs, questionOf, settableClock } from './test-helpers.ts';

const clock = settableClock('2026-03-20T09:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { clock });
});
afterAll(() => t.close());

async function school(plan = PLANS.Free) {
  const org = await makeOrganization(t.app);
  if (plan !== PLANS.Free)
    await recordPlan(t.app.db, org.id, plan, { now: new Date('2026-01-01T00:00:00Z') });
  const teacher = await signInAs(t.app, 'Teacher', org.id);
  return { org, teacher };
}

const post = (headers: Record<string, string>, body = assessmentInput()) =>
  t.app.inject({ method: 'POST', url: '/api/assessments', headers, payload: body });

async function usage(headers: Record<string, string>, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/assessments/usage${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return AssessmentUsageSchema.parse(res.json());
}

describe('monthly allowance', () => {
  it('lets a Free organization create 5 a month, refuses the 6th, and gives nothing back on delete', async () => {
    const { teacher } = await school();
    const created = [];
    for (let i = 0; i < 5; i++)
      created.push(await createAssessmentAs(t.app, teacher.headers, { title: `Quiz ${i}` }));
    const sixth = await post(teacher.headers);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toMatchObject({
      code: 'monthly_limit_reached',
      details: { plan: 'Free', limit: 5, used: 5 },
    });

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/assessments/${created[0]!.id}`,
      headers: teacher.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await post(teacher.headers)).statusCode).toBe(403);
    // Duplicating is creating.
    const dup = await t.app.inject({
      method: 'POST',
      url: `/api/assessments/${created[1]!.id}/duplicate`,
      headers: teacher.headers,
    });
    expect(dup.statusCode).toBe(403);
    expect(dup.json().code).toBe('monthly_limit_reached');
    // Editing is not creating.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/assessments/${created[1]!.id}`,
      headers: teacher.headers,
      payload: assessmentInput({ title: 'Renamed' }),
    });
    expect(edit.statusCode).toBe(200);

    expect(await usage(teacher.headers)).toMatchObject({
      plan: { name: 'Free', monthlyAssessments: 5 },
      status: 'free',
      usedThisMonth: 5,
      remaining: 0,
      limitReached: true,
      resetsAt: '2026-04-01T00:00:00.000Z',
    });

    // A new month (UTC) starts a new allowance.
    clock.set('2026-04-01T00:00:00.000Z');
    try {
      expect((await post(teacher.headers)).statusCode).toBe(201);
      expect((await usage(teacher.headers)).usedThisMonth).toBe(1);
    } finally {
      clock.set('2026-03-20T09:00:00.000Z');
    }
  });

  it('never limits Enterprise', async () => {
    const { teacher } = await school(PLANS.Enterprise);
    for (let i = 0; i < 7; i++) expect((await post(teacher.headers)).statusCode).toBe(201);
    expect(await usage(teacher.headers)).toMatchObject({
      plan: { name: 'Enterprise', monthlyAssessments: null },
      status: 'active',
      usedThisMonth: 7,
      remaining: null,
      limitReached: false,
    });
  });

  it('lets exactly one of 10 concurrent creates through at 4 of 5', async () => {
    const { teacher } = await school();
    for (let i = 0; i < 4; i++) await createAssessmentAs(t.app, teacher.headers);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(teacher.headers)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(9).fill(403)]);
    expect((await usage(teacher.headers)).usedThisMonth).toBe(5);
  });

  it('lets exactly one of concurrent duplicates through at 4 of 5', async () => {
    const { teacher } = await school();
    const source = await createAssessmentAs(t.app, teacher.headers);
    for (let i = 0; i < 3; i++) await createAssessmentAs(t.app, teacher.headers);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/assessments/${source.id}/duplicate`,
          headers: teacher.headers,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
  });
});

describe('question types per plan', () => {
  const essay = questionOf('essay', 'e1');
  const coding = questionOf('coding', 'c1');

  it('refuses types outside the plan on create, update and duplicate', async () => {
    const { org, teacher } = await school(PLANS.Professional);
    const refused = await post(teacher.headers, assessmentInput({ questions: [essay, coding] }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'type_not_in_plan', details: { types: ['coding'] } });

    const created = await createAssessmentAs(t.app, teacher.headers, { questions: [essay] });

    // Down to Basic: an essay is no longer allowed, on update nor on duplicate.
    await recordPlan(t.app.db, org.id, PLANS.Basic, { now: new Date('2026-02-01T00:00:00Z') });
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/assessments/${created.id}`,
      headers: teacher.headers,
      payload: assessmentInput({ questions: [essay] }),
    });
    expect(update.statusCode).toBe(403);
    expect(update.json()).toMatchObject({ code: 'type_not_in_plan', details: { types: ['essay'] } });
    const dup = await t.app.inject({
      method: 'POST',
      url: `/api/assessments/${created.id}/duplicate`,
      headers: teacher.headers,
    });
    expect(dup.statusCode).toBe(403);
    expect(dup.json().code).toBe('type_not_in_plan');
    // Basic types still save.
    const basic = await t.app.inject({
      method: 'PUT',
      url: `/api/assessments/${created.id}`,
      headers: teacher.headers,
      payload: assessmentInput({ questions: [questionOf('true-false', 't1')] }),
    });
    expect(basic.statusCode).toBe(200);
  });

  it('allows every type on Enterprise', async () => {
    const { teacher } = await school(PLANS.Enterprise);
    const all = typesOfPlan(PLANS.Enterprise)
      .slice(0, 40)
      .map((type, i) => questionOf(type, `q${i}`));
    expect((await post(teacher.headers, assessmentInput({ questions: all }))).statusCode).toBe(201);
  });
});

describe('usage and monthly endpoints', () => {
  it('gives usage numbers to staff, and to the Super Administrator for a named organization', async () => {
    const { org, teacher } = await school(PLANS.Basic);
    await createAssessmentAs(t.app, teacher.headers);
    await createAssessmentAs(t.app, teacher.headers);
    const own = await usage(teacher.headers);
    expect(own).toMatchObject({
      plan: { name: 'Basic', productName: 'vbuilder Basic', monthlyAssessments: 50 },
      status: 'active',
      usedThisMonth: 2,
      remaining: 48,
      limitReached: false,
    });
    expect(own.plan.allowedTypes).toEqual(typesOfPlan(PLANS.Basic));

    const root = await signInAs(t.app, 'Super Administrator', null);
    expect((await usage(root.headers, `?organizationId=${org.id}`)).usedThisMonth).toBe(2);
    const without = await t.app.inject({
      method: 'GET',
      url: '/api/assessments/usage',
      headers: root.headers,
    });
    expect(without.statusCode).toBe(400);
    const student = await signInAs(t.app, 'Student', org.id);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/assessments/usage',
      headers: student.headers,
    });
    expect(refused.statusCode).toBe(403);
  });

  it("lists this month's creations with deleted ones flagged; 404 abroad, 400 for a malformed id", async () => {
    const { org, teacher } = await school();
    const kept = await createAssessmentAs(t.app, teacher.headers, { title: 'Kept' });
    const removed = await createAssessmentAs(t.app, teacher.headers, { title: 'Removed' });
    await t.app.inject({ method: 'DELETE', url: `/api/assessments/${removed.id}`, headers: teacher.headers });
    // Created last month: not counted.
    await t.app.db
      .update(assessments)
      .set({ createdAt: new Date('2026-02-27T10:00:00Z') })
      .where(eq(assessments.id, kept.id));
    // Oldest first: created a minute later.
    clock.advance(60_000);
    const third = await createAssessmentAs(t.app, teacher.headers, { title: 'Third' });
    clock.set('2026-03-20T09:00:00.000Z');

    const monthly = async (headers: Record<string, string>, orgId: string) =>
      t.app.inject({ method: 'GET', url: `/api/assessments/organization/${orgId}/monthly`, headers });
    const res = await monthly(teacher.headers, org.id);
    expect(res.statusCode).toBe(200);
    const body = MonthlyAssessmentsSchema.parse(res.json());
    expect(body.data.map((d) => [d.id, d.title, d.deleted])).toEqual([
      [removed.id, 'Removed', true],
      [third.id, 'Third', false],
    ]);

    const root = await signInAs(t.app, 'Super Administrator', null);
    expect(MonthlyAssessmentsSchema.parse((await monthly(root.headers, org.id)).json()).data).toHaveLength(2);
    const other = await school();
    expect((await monthly(other.teacher.headers, org.id)).statusCode).toBe(404);
    expect((await monthly(root.headers, crypto.randomUUID())).statusCode).toBe(404);
    const malformed = await monthly(teacher.headers, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('validation_error');
    const student = await signInAs(t.app, 'Student', org.id);
    expect((await monthly(student.headers, org.id)).statusCode).toBe(403);
  });
});

describe('demo seed', () => {
  it('puts the demo organization on Enterprise with a published and a draft assessment', async () => {
    const seed = await seedDemo(t.app.db, `demo-${Date.now()}.test`);
    expect((await currentPlan(t.app.db, seed.organizationId)).plan.name).toBe('Enterprise');
    const rows = await t.app.db
      .select()
      .from(assessments)
      .where(eq(assessments.organizationId, seed.organizationId));
    expect(rows.map((r) => r.status).sort()).toEqual(['draft', 'published']);
    const teacher = seed.accounts.find((a) => a.role === 'Teacher')!;
    expect(rows.every((r) => r.createdBy === teacher.id)).toBe(true);
    const published = rows.find((r) => r.status === 'published')!;
    const questions = published.questions as unknown[];
    expect(questions.length).toBeGreaterThanOrEqual(6);
    for (const q of questions) expect(QuestionSchema.safeParse(q).success).toBe(true);
    expect(published.assignmentMode).toBe('all');
    expect(published.endsAt!.getTime() - published.startsAt!.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    // Hashing five random passwords is slow on a busy machine.
  }, 120_000);
});

// The CLI opens its own embedded database; one run is enough (its SQL is the same on PostgreSQL).
describe.skipIf(!!process.env.TEST_DATABASE_URL)('admin CLI set-plan', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vb-set-plan-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // In this process (cli.test.ts runs the program itself as a Node process).
  const admin = adminCli(dataDir);

  it('puts an organization on a plan by name, in any case, and back on Free', async () => {
    const org = JSON.parse((await admin('create-org', '--name', 'Plan School', '--json')).stdout) as {
      id: string;
    };
    const pro = await admin('set-plan', '--org', org.id, '--plan', 'professional', '--json');
    expect(pro.code).toBe(0);
    expect(JSON.parse(pro.stdout)).toEqual({
      organizationId: org.id,
      plan: 'Professional',
      status: 'active',
    });
    const free = await admin('set-plan', '--org', org.id, '--plan', 'FREE');
    expect(free.stdout).toMatch(/now on vbuilder Free \(free\)/);
  }, 120_000);

  it('refuses an unknown plan or organization with a clear message', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['set-plan', '--org', crypto.randomUUID(), '--plan', 'Gold'], /--plan must be one of Free, Basic/],
      [['set-plan', '--org', crypto.randomUUID(), '--plan', 'Basic'], /no organization with id/],
    ];
    for (const [args, message] of cases) {
      const res = await admin(...args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toMatch(message);
    }
  }, 120_000);
});

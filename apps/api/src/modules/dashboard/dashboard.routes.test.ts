import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@vbuilder/shared';
import { DashboardSummarySchema, PLANS, type AssessmentInput } from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, makeUser, signInAs } from '../../test/sign-in.ts';
import { createAssessmentAs } from '../assessments/test-helpers.ts';
import { recordPlan } from '../plans/plans.service.ts';

// 3 students, 2 teachers, 1 Administrator and 1 legacy 'user' (an administrator too).
const POPULATION: Role[] = ['Student', 'Student', 'Student', 'Teacher', 'Teacher', 'Administrator', 'user'];

describe('GET /api/dashboard/summary', () => {
  let t: TestApp;
  let orgA: string;
  let orgB: string;

  beforeAll(async () => {
    t = await buildTestApp();
    orgA = (await makeOrganization(t.app)).id;
    orgB = (await makeOrganization(t.app)).id;
    for (const role of POPULATION) await makeUser(t.app, role, orgA);
    // Organization B: 1 student, 1 teacher; one pending account still counts as a user.
    await makeUser(t.app, 'Student', orgB);
    await makeUser(t.app, 'Teacher', orgB, { status: 'pending' });
  });
  afterAll(() => t.close());

  const summary = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers });
    expect(res.statusCode).toBe(200);
    return DashboardSummarySchema.parse(res.json());
  };

  it.each(['Student', 'Teacher', 'Administrator', 'user'] as Role[])(
    'gives a %s the counts of their own organization only',
    async (role) => {
      // A fresh organization per role so earlier sign-ins do not change the expected figures.
      const org = (await makeOrganization(t.app)).id;
      for (const r of POPULATION) await makeUser(t.app, r, org);
      const { headers } = await signInAs(t.app, role, org);
      const body = await summary(headers);
      const bump = (r: Role[]) => (r.includes(role) ? 1 : 0);
      expect(body).toEqual({
        scope: 'organization',
        organizationId: org,
        users: {
          total: 8,
          students: 3 + bump(['Student']),
          teachers: 2 + bump(['Teacher']),
          administrators: 2 + bump(['Administrator', 'user']),
        },
        organizations: null,
        assessments: { total: 0, manual: 0, ai: 0, assigned: 0 },
      });
    },
  );

  it("scopes to the caller's organization: two organizations see different figures", async () => {
    const a = await summary((await signInAs(t.app, 'Teacher', orgA)).headers);
    expect(a.organizationId).toBe(orgA);
    expect(a.users).toEqual({ total: 8, students: 3, teachers: 3, administrators: 2 });
    const b = await summary((await signInAs(t.app, 'Administrator', orgB)).headers);
    expect(b.organizationId).toBe(orgB);
    expect(b.users).toEqual({ total: 3, students: 1, teachers: 1, administrators: 1 });
  });

  it('gives a user without an organization no platform figures', async () => {
    const { headers } = await signInAs(t.app, 'Teacher', null);
    const body = await summary(headers);
    expect(body).toEqual({
      scope: 'organization',
      organizationId: null,
      users: { total: 0, students: 0, teachers: 0, administrators: 0 },
      organizations: null,
      assessments: { total: 0, manual: 0, ai: 0, assigned: 0 },
    });
  });

  it('gives a Super Administrator the platform totals and the number of organizations', async () => {
    const before = await summary((await signInAs(t.app, 'Super Administrator', null)).headers);
    expect(before.scope).toBe('platform');
    expect(before.organizationId).toBeNull();
    expect(before.organizations).toBeGreaterThanOrEqual(2);
    expect(before.assessments).toBeNull();

    await makeOrganization(t.app);
    await makeUser(t.app, 'Student', orgB);
    const { headers } = await signInAs(t.app, 'Super Administrator', null);
    const after = await summary(headers);
    expect(after.organizations).toBe(before.organizations! + 1);
    // One more student and the new Super Administrator, who is a user but none of the listed roles.
    expect(after.users.total).toBe(before.users.total + 2);
    expect(after.users.students).toBe(before.users.students + 1);
    expect(after.users.teachers).toBe(before.users.teachers);
    expect(after.users.administrators).toBe(before.users.administrators);
  });

  it('counts assessments by generation type: all for staff, the assigned published ones for a Student', async () => {
    const org = (await makeOrganization(t.app)).id;
    await recordPlan(t.app.db, org, PLANS.Enterprise);
    const teacher = await signInAs(t.app, 'Teacher', org);
    const student = await signInAs(t.app, 'Student', org);
    const classmate = await makeUser(t.app, 'Student', org);
    const create = (overrides: Partial<AssessmentInput>) =>
      createAssessmentAs(t.app, teacher.headers, overrides);
    await create({ generationType: 'manual' });
    await create({ generationType: 'ai' });
    await create({ generationType: 'manual', status: 'published' });
    await create({ generationType: 'ai', status: 'published' });
    await create({
      generationType: 'ai',
      status: 'published',
      assignment: { mode: 'selected', studentIds: [classmate.id] },
    });
    const removed = await create({ generationType: 'manual', status: 'published' });
    await t.app.inject({ method: 'DELETE', url: `/api/assessments/${removed.id}`, headers: teacher.headers });

    expect((await summary(teacher.headers)).assessments).toEqual({ total: 5, manual: 2, ai: 3, assigned: 5 });
    expect((await summary(student.headers)).assessments).toEqual({ total: 2, manual: 1, ai: 1, assigned: 2 });
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('answers 401 for a deactivated account', async () => {
    const { user, headers } = await signInAs(t.app, 'Teacher', orgA);
    const { updateUser } = await import('../users/users.repository.ts');
    await updateUser(t.app.db, user.id, { status: 'inactive' });
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers });
    expect(res.statusCode).toBe(401);
  });
});

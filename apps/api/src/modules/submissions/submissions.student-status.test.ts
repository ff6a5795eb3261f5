import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StudentStatusListSchema, type StudentStatusEntry } from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { attemptsContext, closeExpiredAttempts } from '../attempts/attempts.service.ts';
import { insertAssessment, testClock } from '../attempts/test-fixtures.ts';

/*
 * The Student Status tab on exam day: a student sitting the assessment is "In progress" with the
 * time left, computed by the server from the attempt's own deadline (extra time included, and
 * moved when a teacher gives more during the attempt), not "Pending, 0 attempts".
 */

const clock = testClock('2030-06-01T09:00:00Z');
const MINUTE = 60_000;
const GRACE = 30_000;
let t: TestApp;
let app: FastifyInstance;
let orgId: string;
type Person = { user: { id: string }; headers: Record<string, string> };
let teacher: Person;
let ada: Person;
let ben: Person;
let cara: Person;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  app = t.app;
  orgId = (await makeOrganization(app)).id;
  teacher = await signInAs(app, 'Teacher', orgId);
  ada = await signInAs(app, 'Student', orgId);
  ben = await signInAs(app, 'Student', orgId);
  cara = await signInAs(app, 'Student', orgId);
});
afterAll(() => t.close());

async function start(assessmentId: string, who: Person) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/assessments/${assessmentId}/attempts`,
    headers: who.headers,
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json<{ id: string }>().id;
}

async function statuses(assessmentId: string): Promise<Map<string, StudentStatusEntry>> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/assessments/${assessmentId}/students`,
    headers: teacher.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return new Map(StudentStatusListSchema.parse(res.json()).map((row) => [row.student.id, row]));
}

const extraTime = (assessmentId: string, studentId: string, extraMinutes: number) =>
  app.inject({
    method: 'PUT',
    url: `/api/assessments/${assessmentId}/accommodations/${studentId}`,
    headers: teacher.headers,
    payload: { extraMinutes },
  });

describe('GET /api/assessments/:id/students on exam day', () => {
  it('shows a student sitting the assessment as In progress with the time left, extra time included', async () => {
    const assessment = await insertAssessment(app.db, {
      organizationId: orgId,
      durationMinutes: 30,
      startsAt: new Date(clock.now().getTime() - MINUTE),
      endsAt: new Date(clock.now().getTime() + 180 * MINUTE),
    });
    expect((await extraTime(assessment.id, ada.user.id, 15)).statusCode).toBe(200);
    const startedAt = clock.now();
    await start(assessment.id, ada);
    await start(assessment.id, ben);
    clock.advance(10 * MINUTE);

    let rows = await statuses(assessment.id);
    expect(rows.get(ada.user.id)).toMatchObject({
      status: 'InProgress',
      attempts: 0,
      inProgress: {
        attemptNumber: 1,
        startedAt: startedAt.toISOString(),
        deadlineAt: new Date(startedAt.getTime() + 45 * MINUTE).toISOString(),
        secondsLeft: 35 * 60,
      },
    });
    expect(rows.get(ben.user.id)).toMatchObject({
      status: 'InProgress',
      inProgress: { secondsLeft: 20 * 60 },
    });
    // Cara has not started.
    expect(rows.get(cara.user.id)).toMatchObject({ status: 'Pending', attempts: 0, inProgress: null });

    // Extra time given during the attempt moves Ben's deadline, and the time left with it.
    expect((await extraTime(assessment.id, ben.user.id, 10)).statusCode).toBe(200);
    clock.advance(5 * MINUTE + 30_000);
    rows = await statuses(assessment.id);
    expect(rows.get(ben.user.id)!.inProgress!.secondsLeft).toBe(24 * 60 + 30);
    expect(rows.get(ada.user.id)!.inProgress!.secondsLeft).toBe(29 * 60 + 30);

    // Past Ben's deadline, before the closer has run: still open, no time left.
    clock.set(new Date(startedAt.getTime() + 40 * MINUTE + 1000));
    rows = await statuses(assessment.id);
    expect(rows.get(ben.user.id)).toMatchObject({ status: 'InProgress', inProgress: { secondsLeft: 0 } });

    // Once the closer hands it in: Submitted, one attempt.
    clock.advance(GRACE);
    await closeExpiredAttempts(attemptsContext(app), clock.now());
    rows = await statuses(assessment.id);
    expect(rows.get(ben.user.id)).toMatchObject({ status: 'Submitted', attempts: 1, inProgress: null });
    expect(rows.get(ada.user.id)).toMatchObject({
      status: 'InProgress',
      inProgress: { secondsLeft: 4 * 60 + 29 },
    });
  });

  it('an attempt without a deadline is In progress with no time left to count', async () => {
    const open = await insertAssessment(app.db, { organizationId: orgId });
    await start(open.id, cara);
    const rows = await statuses(open.id);
    expect(rows.get(cara.user.id)).toMatchObject({
      status: 'InProgress',
      inProgress: { deadlineAt: null, secondsLeft: null },
    });
    expect(rows.get(ada.user.id)).toMatchObject({ status: 'Pending', inProgress: null });
  });

  it('a retake being sat keeps Submitted (certificates go by it) and shows the open attempt', async () => {
    const retake = await insertAssessment(app.db, {
      organizationId: orgId,
      allowRetake: true,
      durationMinutes: 20,
    });
    const first = await start(retake.id, ada);
    const submit = await app.inject({
      method: 'POST',
      url: `/api/attempts/${first}/submit`,
      headers: ada.headers,
    });
    expect(submit.statusCode, submit.body).toBe(200);
    await start(retake.id, ada);
    const rows = await statuses(retake.id);
    expect(rows.get(ada.user.id)).toMatchObject({
      status: 'Submitted',
      attempts: 1,
      inProgress: { attemptNumber: 2, secondsLeft: 20 * 60 },
    });
  });
});

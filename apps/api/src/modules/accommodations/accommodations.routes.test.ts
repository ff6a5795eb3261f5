import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccommodationListSchema, AttemptSchema, SaveAnswerAckSchema, type Attempt } from '@vbuilder/shared';
import { attempts, auditEvents } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, signInAs, tokenFor } from '../../test/sign-in.ts';
import { attemptsContext, closeExpiredAttempts } from '../attempts/attempts.service.ts';
import { insertAssessment, testClock } from '../attempts/test-fixtures.ts';

/**
 * Accommodations on the real app: set before the start, the new attempt's deadline
 * includes the extra time; set during, the running attempt's deadline moves, saves are accepted
 * after the others' deadline and the closer leaves it open; removal, percent, own window, foreign
 * organization, bad input.
 */

const clock = testClock('2030-05-01T09:00:00Z');
let t: TestApp;
let app: FastifyInstance;
let orgId: string;
type Person = { user: { id: string }; headers: Record<string, string> };
let teacher: Person;
let admin: Person;
let ada: Person;
let ben: Person;
let foreignTeacher: Person;
let vietnameseTeacher: Person;
let foreignStudent: Person;

const MINUTE = 60_000;
const GRACE = 30_000;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  app = t.app;
  orgId = (await makeOrganization(app)).id;
  const otherOrgId = (await makeOrganization(app)).id;
  teacher = await signInAs(app, 'Teacher', orgId);
  admin = await signInAs(app, 'Administrator', orgId);
  ada = await signInAs(app, 'Student', orgId);
  ben = await signInAs(app, 'Student', orgId);
  foreignTeacher = await signInAs(app, 'Teacher', otherOrgId);
  foreignStudent = await signInAs(app, 'Student', otherOrgId);
  const viet = await makeUser(app, 'Teacher', orgId, { language: 'vi' });
  vietnameseTeacher = { user: viet, headers: bearer(await tokenFor(app, viet)) };
});
afterAll(async () => {
  await t.close();
});

const url = (assessmentId: string, studentId: string) =>
  `/api/assessments/${assessmentId}/accommodations/${studentId}`;

function put(
  assessmentId: string,
  studentId: string,
  payload: unknown,
  who: Person = teacher,
  language?: string,
) {
  return app.inject({
    method: 'PUT',
    url: url(assessmentId, studentId),
    headers: { ...who.headers, ...(language ? { 'accept-language': language } : {}) },
    payload: payload as Record<string, unknown>,
  });
}

async function startOk(assessmentId: string, who: Person): Promise<Attempt> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/assessments/${assessmentId}/attempts`,
    headers: who.headers,
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return AttemptSchema.parse(res.json());
}

function save(attemptId: string, who: Person, revision: number) {
  return app.inject({
    method: 'PUT',
    url: `/api/attempts/${attemptId}/answers/q2`,
    headers: who.headers,
    payload: { answer: null, revision, idempotencyKey: randomUUID() },
  });
}

async function attemptRow(id: string) {
  const [row] = await app.db.select().from(attempts).where(eq(attempts.id, id));
  return row!;
}

/** A 30-minute assessment, open now, with its window ending in 3 hours. */
const timedAssessment = () =>
  insertAssessment(app.db, {
    organizationId: orgId,
    durationMinutes: 30,
    startsAt: new Date(clock.now().getTime() - MINUTE),
    endsAt: new Date(clock.now().getTime() + 180 * MINUTE),
  });

describe('extra time', () => {
  it('set before the start: the new attempt ends 15 minutes later than the others', async () => {
    const assessment = await timedAssessment();
    const res = await put(assessment.id, ada.user.id, { extraMinutes: 15 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ studentId: ada.user.id, extraMinutes: 15, runningDeadlineAt: null });

    const now = clock.now().getTime();
    const adas = await startOk(assessment.id, ada);
    const bens = await startOk(assessment.id, ben);
    expect(Date.parse(adas.deadlineAt!)).toBe(now + 45 * MINUTE);
    expect(Date.parse(bens.deadlineAt!)).toBe(now + 30 * MINUTE);
  });

  it("set during the attempt: the running deadline moves, saves pass the others' deadline, the closer waits", async () => {
    const assessment = await timedAssessment();
    const start = clock.now().getTime();
    const adas = await startOk(assessment.id, ada);
    const bens = await startOk(assessment.id, ben);
    clock.advance(20 * MINUTE);

    const res = await put(assessment.id, ada.user.id, { extraMinutes: 15 });
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.parse(res.json().runningDeadlineAt)).toBe(start + 45 * MINUTE);
    expect((await attemptRow(adas.id)).deadlineAt!.getTime()).toBe(start + 45 * MINUTE);
    expect((await attemptRow(bens.id)).deadlineAt!.getTime()).toBe(start + 30 * MINUTE);

    // The next save tells Ada's timer the new deadline.
    const ack = await save(adas.id, ada, 1);
    expect(ack.statusCode, ack.body).toBe(200);
    expect(SaveAnswerAckSchema.parse(ack.json()).deadlineAt).toBe(
      new Date(start + 45 * MINUTE).toISOString(),
    );

    // A student who is not saving reads it from the light refresh.
    const light = await app.inject({
      method: 'GET',
      url: `/api/attempts/${adas.id}/deadline`,
      headers: ada.headers,
    });
    expect(light.json()).toMatchObject({
      status: 'in_progress',
      deadlineAt: new Date(start + 45 * MINUTE).toISOString(),
    });
    const notHers = await app.inject({
      method: 'GET',
      url: `/api/attempts/${adas.id}/deadline`,
      headers: ben.headers,
    });
    expect(notHers.statusCode).toBe(404);

    // Past the others' deadline and grace: Ben is closed, Ada keeps answering.
    clock.set(new Date(start + 30 * MINUTE + GRACE + 1000));
    await closeExpiredAttempts(attemptsContext(app), clock.now());
    expect((await attemptRow(bens.id)).status).toBe('submitted');
    expect((await attemptRow(bens.id)).submittedBy).toBe('deadline');
    expect((await attemptRow(adas.id)).status).toBe('in_progress');
    expect((await save(bens.id, ben, 1)).statusCode).toBe(409);
    const late = await save(adas.id, ada, 2);
    expect(late.statusCode, late.body).toBe(200);

    // At her own deadline and grace, she is closed too.
    clock.set(new Date(start + 45 * MINUTE + GRACE + 1000));
    await closeExpiredAttempts(attemptsContext(app), clock.now());
    expect((await attemptRow(adas.id)).status).toBe('submitted');
  });

  it("removed during the attempt: the deadline goes back to the assessment's", async () => {
    const assessment = await timedAssessment();
    const start = clock.now().getTime();
    expect((await put(assessment.id, ada.user.id, { extraMinutes: 20 })).statusCode).toBe(200);
    const adas = await startOk(assessment.id, ada);
    expect(Date.parse(adas.deadlineAt!)).toBe(start + 50 * MINUTE);

    const removed = await app.inject({
      method: 'DELETE',
      url: url(assessment.id, ada.user.id),
      headers: teacher.headers,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await attemptRow(adas.id)).deadlineAt!.getTime()).toBe(start + 30 * MINUTE);
    const again = await app.inject({
      method: 'DELETE',
      url: url(assessment.id, ada.user.id),
      headers: teacher.headers,
    });
    expect(again.statusCode).toBe(404);
    const list = await app.inject({
      method: 'GET',
      url: `/api/assessments/${assessment.id}/accommodations`,
      headers: teacher.headers,
    });
    expect(AccommodationListSchema.parse(list.json()).data).toEqual([]);
    const [audit] = await app.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetId, assessment.id),
          eq(auditEvents.action, 'assessment.accommodation_removed'),
        ),
      );
    expect(audit?.details).toMatchObject({ studentId: ada.user.id });
  });

  it('a percentage is of the duration (25 % of 30 minutes: 7.5 minutes)', async () => {
    const assessment = await timedAssessment();
    const start = clock.now().getTime();
    const adas = await startOk(assessment.id, ada);
    const res = await put(assessment.id, ada.user.id, { extraPercent: 25 }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.parse(res.json().runningDeadlineAt)).toBe(start + 37.5 * MINUTE);
    expect((await attemptRow(adas.id)).deadlineAt!.getTime()).toBe(start + 37.5 * MINUTE);
  });

  it('extra time lengthens a window-only assessment past its end', async () => {
    const endsAt = new Date(clock.now().getTime() + 10 * MINUTE);
    const assessment = await insertAssessment(app.db, { organizationId: orgId, endsAt });
    expect((await put(assessment.id, ada.user.id, { extraMinutes: 15 })).statusCode).toBe(200);
    const adas = await startOk(assessment.id, ada);
    expect(Date.parse(adas.deadlineAt!)).toBe(endsAt.getTime() + 15 * MINUTE);
  });
});

describe('own window', () => {
  it('lets the student start after the assessment closed for everyone else, until their own end', async () => {
    const now = clock.now().getTime();
    const assessment = await insertAssessment(app.db, {
      organizationId: orgId,
      startsAt: new Date(now - 120 * MINUTE),
      endsAt: new Date(now - 60 * MINUTE),
      durationMinutes: 30,
    });
    const closed = await app.inject({
      method: 'POST',
      url: `/api/assessments/${assessment.id}/attempts`,
      headers: ben.headers,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('window_closed');

    const ownEnd = new Date(now + 60 * MINUTE);
    const res = await put(assessment.id, ada.user.id, {
      startsAt: new Date(now - 5 * MINUTE).toISOString(),
      endsAt: ownEnd.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    // Her assessment page offers the start; his does not.
    const canStart = async (who: Person) =>
      (
        await app.inject({ method: 'GET', url: `/api/assessments/${assessment.id}`, headers: who.headers })
      ).json().myAttempts.canStart;
    expect(await canStart(ada)).toBe(true);
    expect(await canStart(ben)).toBe(false);
    const adas = await startOk(assessment.id, ada);
    expect(Date.parse(adas.deadlineAt!)).toBe(now + 30 * MINUTE);
  });

  it('a retake is offered in the own window, not after the assessment closed for the others', async () => {
    const now = clock.now().getTime();
    const assessment = await insertAssessment(app.db, {
      organizationId: orgId,
      startsAt: new Date(now - 120 * MINUTE),
      endsAt: new Date(now - 60 * MINUTE),
      allowRetake: true,
    });
    await put(assessment.id, ada.user.id, { endsAt: new Date(now + 60 * MINUTE).toISOString() });
    const adas = await startOk(assessment.id, ada);
    const submitted = await app.inject({
      method: 'POST',
      url: `/api/attempts/${adas.id}/submit`,
      headers: ada.headers,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const results = await app.inject({
      method: 'GET',
      url: `/api/assessments/${assessment.id}/my-results`,
      headers: ada.headers,
    });
    expect(results.json().canRetake).toBe(true);
  });

  it('a window that has not opened yet refuses the start', async () => {
    const assessment = await timedAssessment();
    const now = clock.now().getTime();
    await put(assessment.id, ada.user.id, {
      startsAt: new Date(now + 60 * MINUTE).toISOString(),
      endsAt: new Date(now + 120 * MINUTE).toISOString(),
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/assessments/${assessment.id}/attempts`,
      headers: ada.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('window_not_open');
  });
});

describe('who may, and what is refused', () => {
  it("another organization's teacher, assessment or student: 404, nothing stored", async () => {
    const assessment = await timedAssessment();
    expect((await put(assessment.id, ada.user.id, { extraMinutes: 5 }, foreignTeacher)).statusCode).toBe(404);
    expect((await put(assessment.id, foreignStudent.user.id, { extraMinutes: 5 })).statusCode).toBe(404);
    expect((await put(assessment.id, teacher.user.id, { extraMinutes: 5 })).statusCode).toBe(404);
    const read = await app.inject({
      method: 'GET',
      url: `/api/assessments/${assessment.id}/accommodations`,
      headers: foreignTeacher.headers,
    });
    expect(read.statusCode).toBe(404);
    const list = await app.inject({
      method: 'GET',
      url: `/api/assessments/${assessment.id}/accommodations`,
      headers: teacher.headers,
    });
    expect(AccommodationListSchema.parse(list.json()).data).toEqual([]);
  });

  it('a student may neither read nor set one: 403', async () => {
    const assessment = await timedAssessment();
    expect((await put(assessment.id, ada.user.id, { extraMinutes: 5 }, ada)).statusCode).toBe(403);
  });

  it.each([
    ['nothing at all', {}, 'submissions.errors.accommodationEmpty'],
    [
      'minutes and percent together',
      { extraMinutes: 5, extraPercent: 10 },
      'submissions.errors.accommodationOneKind',
    ],
    ['zero minutes', { extraMinutes: 0 }, 'submissions.errors.accommodationExtraInvalid'],
    ['too many minutes', { extraMinutes: 100_000 }, 'submissions.errors.accommodationExtraInvalid'],
    ['fractional percent', { extraPercent: 2.5 }, 'submissions.errors.accommodationExtraInvalid'],
    [
      'an end before the start',
      { startsAt: '2030-05-02T10:00:00Z', endsAt: '2030-05-02T09:00:00Z' },
      'submissions.errors.accommodationEndBeforeStart',
    ],
    ['a date that is not one', { endsAt: 'tomorrow' }, 'submissions.errors.accommodationDateInvalid'],
  ])("%s: 400 in the reader's language, nothing stored", async (_, payload, key) => {
    const assessment = await timedAssessment();
    const res = await put(assessment.id, ada.user.id, payload, vietnameseTeacher);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_error');
    expect(body.message).not.toBe('The request is not valid');
    expect(body.details.map((d: { message: string }) => d.message)).toContain(key);
    const list = await app.inject({
      method: 'GET',
      url: `/api/assessments/${assessment.id}/accommodations`,
      headers: teacher.headers,
    });
    expect(AccommodationListSchema.parse(list.json()).data).toEqual([]);
  });
});

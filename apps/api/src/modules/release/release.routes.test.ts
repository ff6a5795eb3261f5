import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AttemptResultSchema,
  AttemptSchema,
  MyResultsSchema,
  ReleaseStatusSchema,
  type ReleasePolicy,
} from '@vbuilder/shared';
import { assessments, certificateRules, certificates, notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { insertAssessment, questionOf, testClock } from '../attempts/test-fixtures.ts';
import { certificateEffects } from '../certificates/certificates.service.ts';
import { releaseAfterWindows } from './release.service.ts';

/**
 * Release of results: what the student's browser receives before and after release,
 * enforced by the server, under each policy; the teacher's release per student or all; the notice.
 */

const clock = testClock('2030-06-01T09:00:00Z');
let t: TestApp;
let app: FastifyInstance;
let orgId: string;
type Person = { user: { id: string }; headers: Record<string, string> };
let teacher: Person;
let ada: Person;
let ben: Person;
let foreignTeacher: Person;

const MINUTE = 60_000;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  app = t.app;
  orgId = (await makeOrganization(app)).id;
  teacher = await signInAs(app, 'Teacher', orgId);
  ada = await signInAs(app, 'Student', orgId);
  ben = await signInAs(app, 'Student', orgId);
  foreignTeacher = await signInAs(app, 'Teacher', (await makeOrganization(app)).id);
});
afterAll(async () => {
  await t.close();
});

async function assessmentWith(releasePolicy: ReleasePolicy, endsAt: Date | null = null) {
  const row = await insertAssessment(app.db, { organizationId: orgId, createdBy: teacher.user.id, endsAt });
  await app.db.update(assessments).set({ releasePolicy }).where(eq(assessments.id, row.id));
  return row;
}

/** Starts, answers q1 right (the example's answer) and submits: the raw body the browser receives. */
async function takeAndSubmit(assessmentId: string, who: Person) {
  const started = await app.inject({
    method: 'POST',
    url: `/api/assessments/${assessmentId}/attempts`,
    headers: who.headers,
  });
  const attempt = AttemptSchema.parse(started.json());
  const res = await app.inject({
    method: 'POST',
    url: `/api/attempts/${attempt.id}/submit`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { attemptId: attempt.id, body: res.body, result: AttemptResultSchema.parse(res.json()) };
}

async function myResults(assessmentId: string, who: Person) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/assessments/${assessmentId}/my-results`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, results: MyResultsSchema.parse(res.json()) };
}

function release(assessmentId: string, payload: object, who: Person = teacher) {
  return app.inject({
    method: 'POST',
    url: `/api/assessments/${assessmentId}/release`,
    headers: who.headers,
    payload,
  });
}

const notices = (userId: string) =>
  app.db.select().from(notifications).where(eq(notifications.userId, userId));

/** Nothing of the marking in what the browser gets: no score, no pass, no question, no feedback. */
function expectWithheld(
  body: string,
  result: { released: boolean; score: number; passed: boolean | null; questions: unknown[] },
) {
  expect(result).toMatchObject({ released: false, score: 0, passed: null, questions: [] });
  expect(body).not.toMatch(/"feedback"|"expectedAnswer"|"correct"/);
}

describe('release policy', () => {
  it("'immediate' (the default) shows the result at once, as before", async () => {
    const assessment = await insertAssessment(app.db, { organizationId: orgId });
    const { result } = await takeAndSubmit(assessment.id, ada);
    expect(result.released).toBe(true);
    expect(result.questions).toHaveLength(2);
  });

  it("'manual': withheld on submit and in my-results until the teacher releases it, per student then all", async () => {
    const assessment = await assessmentWith('manual');
    const adas = await takeAndSubmit(assessment.id, ada);
    const bens = await takeAndSubmit(assessment.id, ben);
    expectWithheld(adas.body, adas.result);
    const before = await myResults(assessment.id, ada);
    expectWithheld(before.body, before.results.attempts[0]!);

    const status = await app.inject({
      method: 'GET',
      url: `/api/assessments/${assessment.id}/release`,
      headers: teacher.headers,
    });
    expect(ReleaseStatusSchema.parse(status.json()).unreleased).toHaveLength(2);

    // Another organization's teacher cannot release: 404, nothing released.
    expect((await release(assessment.id, {}, foreignTeacher)).statusCode).toBe(404);
    expect((await myResults(assessment.id, ada)).results.attempts[0]!.released).toBe(false);

    const one = await release(assessment.id, { studentIds: [ada.user.id] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ released: 1 });
    const after = (await myResults(assessment.id, ada)).results.attempts[0]!;
    expect(after.released).toBe(true);
    expect(after.questions).toHaveLength(2);
    expect(after.maxScore).toBeGreaterThan(0);
    expect((await myResults(assessment.id, ben)).results.attempts[0]!.released).toBe(false);

    // The release tells Ada (in the app and by mail, as every result notice), not Ben.
    await app.jobs.drain();
    expect((await notices(ada.user.id)).filter((n) => n.kind === 'result_released')).toHaveLength(1);
    expect((await notices(ben.user.id)).filter((n) => n.kind === 'result_released')).toHaveLength(0);

    const all = await release(assessment.id, {});
    expect(all.json()).toEqual({ released: 1 });
    expect((await myResults(assessment.id, ben)).results.attempts[0]!.released).toBe(true);
    expect(bens.attemptId).toBeTruthy();
    // Releasing again changes nothing and tells nobody twice.
    expect((await release(assessment.id, {})).json()).toEqual({ released: 0 });
    await app.jobs.drain();
    expect((await notices(ada.user.id)).filter((n) => n.kind === 'result_released')).toHaveLength(1);
  });

  it("'afterWindow': withheld with the time it shows, then shown once the window has ended", async () => {
    const endsAt = new Date(clock.now().getTime() + 60 * MINUTE);
    const assessment = await assessmentWith('afterWindow', endsAt);
    const adas = await takeAndSubmit(assessment.id, ada);
    expectWithheld(adas.body, adas.result);
    expect(adas.result.releasesAt).toBe(endsAt.toISOString());
    clock.advance(61 * MINUTE);
    const after = (await myResults(assessment.id, ada)).results.attempts[0]!;
    expect(after.released).toBe(true);
    expect(after.questions).toHaveLength(2);

    // The sweep at the window's end tells her, once (several instances may run it).
    const told = async () =>
      (await notices(ada.user.id)).filter((n) => n.kind === 'result_released' && n.params).length;
    await app.jobs.drain();
    const before = await told();
    const ctx = { db: app.db, clock, jobs: app.jobs, certificates: certificateEffects(app) };
    const [first, second] = await Promise.all([releaseAfterWindows(ctx), releaseAfterWindows(ctx)]);
    expect(first + second).toBe(1);
    expect(await releaseAfterWindows(ctx)).toBe(0);
    await app.jobs.drain();
    expect(await told()).toBe(before + 1);
  });

  it('neither the dashboard nor a certificate tells the result before its release; the release gives the certificate', async () => {
    const row = await insertAssessment(app.db, {
      organizationId: orgId,
      createdBy: teacher.user.id,
      passMark: 0,
    });
    await app.db.update(assessments).set({ releasePolicy: 'manual' }).where(eq(assessments.id, row.id));
    await app.db
      .insert(certificateRules)
      .values({ assessmentId: row.id, organizationId: orgId, autoGive: true });
    const carol = await signInAs(app, 'Student', orgId);
    const { result } = await takeAndSubmit(row.id, carol);
    expect(result.released).toBe(false);
    const held = () => app.db.select().from(certificates).where(eq(certificates.studentId, carol.user.id));
    expect(await held()).toHaveLength(0);
    const dashboard = async () =>
      (await app.inject({ method: 'GET', url: '/api/dashboard/my-results', headers: carol.headers })).json();
    expect((await dashboard()).items).toEqual([]);

    expect((await release(row.id, { studentIds: [carol.user.id] })).json()).toEqual({ released: 1 });
    expect(await held()).toHaveLength(1);
    expect((await dashboard()).items).toHaveLength(1);
  });

  it("'manual': a teacher's marking does not tell the student; the release does, once", async () => {
    const essay = questionOf('essay', 'e1');
    const row = await insertAssessment(app.db, {
      organizationId: orgId,
      createdBy: teacher.user.id,
      questions: [essay],
    });
    await app.db.update(assessments).set({ releasePolicy: 'manual' }).where(eq(assessments.id, row.id));
    const dora = await signInAs(app, 'Student', orgId);
    const { attemptId } = await takeAndSubmit(row.id, dora);
    const marked = await app.inject({
      method: 'POST',
      url: `/api/attempts/${attemptId}/marks`,
      headers: teacher.headers,
      payload: { marks: [{ questionId: 'e1', score: essay.score, feedback: 'Well argued.' }] },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await app.jobs.drain();
    const told = async () => (await notices(dora.user.id)).filter((n) => n.kind === 'result_released').length;
    expect(await told()).toBe(0);
    const before = await myResults(row.id, dora);
    expectWithheld(before.body, before.results.attempts[0]!);
    expect(before.body).not.toContain('Well argued.');

    await release(row.id, { studentIds: [dora.user.id] });
    await app.jobs.drain();
    expect(await told()).toBe(1);
    expect((await myResults(row.id, dora)).body).toContain('Well argued.');
  });

  it('the setting is saved with the assessment and read back', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: teacher.headers,
      payload: {
        title: 'Release check',
        subject: 'Science',
        difficulty: 'Easy',
        generationType: 'manual',
        passMark: 50,
        releasePolicy: 'manual',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().releasePolicy).toBe('manual');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: teacher.headers,
      payload: {
        title: 'x',
        subject: 'y',
        difficulty: 'Easy',
        generationType: 'manual',
        passMark: 50,
        releasePolicy: 'later',
      },
    });
    expect(bad.statusCode).toBe(400);
  });
});

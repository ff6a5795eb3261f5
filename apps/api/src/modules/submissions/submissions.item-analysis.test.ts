import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ItemAnalysisResult, Question } from '@vbuilder/shared';
import { assessments, type AssessmentRow } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { makeAssessment, QUESTIONS, submitAttempt } from './test-fixtures.ts';

/*
 * GET /api/assessments/:id/item-analysis over stored marks (the formulas are tested against a
 * published worked example in item-analysis.test.ts). MCQ (2 pts: a Venus, b Mars ✓, c Jupiter),
 * True/False (1 pt, true ✓), Essay (5 pts, waits for a teacher when answered).
 */
let t: TestApp;
let teacher: Record<string, string>;
let admin: Record<string, string>;
let student: Record<string, string>;
let foreign: Record<string, string>;
let assessment: AssessmentRow;

const ESSAY = { 'q-essay': { text: '<p>The tilt of the axis.</p>' } };

beforeAll(async () => {
  t = await buildTestApp();
  const org = await makeOrganization(t.app, 'Analysis School');
  const other = await makeOrganization(t.app, 'Elsewhere');
  teacher = bearer(await tokenFor(t.app, await makeUser(t.app, 'Teacher', org.id)));
  admin = bearer(await tokenFor(t.app, await makeUser(t.app, 'Administrator', org.id)));
  student = bearer(await tokenFor(t.app, await makeUser(t.app, 'Student', org.id)));
  foreign = bearer(await tokenFor(t.app, await makeUser(t.app, 'Teacher', other.id)));
  assessment = await makeAssessment(t.app, org.id, { questions: QUESTIONS.slice(0, 3) });
  const base = Date.now() - 60 * 60_000;
  const at = (minutes: number) => ({ submittedAt: new Date(base + minutes * 60_000) });
  const students = await Promise.all(
    ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'].map((name) => makeUser(t.app, 'Student', org.id, { name })),
  );
  const [s1, s2, s3, s4, s5, s6] = students.map((s) => s.id) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  await submitAttempt(t.app, assessment, s1, { 'q-mcq': ['b'], 'q-tf': true }, at(1)); // 3 / 8
  await submitAttempt(t.app, assessment, s2, { 'q-mcq': ['b'], 'q-tf': false }, at(2)); // 2 / 8
  await submitAttempt(t.app, assessment, s3, { 'q-mcq': ['a'], 'q-tf': true }, at(3)); // 1 / 8
  await submitAttempt(t.app, assessment, s4, { 'q-mcq': ['c'], 'q-tf': false }, at(4)); // 0 / 8
  // Waits for a teacher (essay answered): left out.
  await submitAttempt(t.app, assessment, s5, { 'q-mcq': ['b'], 'q-tf': true, ...ESSAY }, at(5));
  // Two attempts: only the latest (3 / 8) counts.
  await submitAttempt(t.app, assessment, s6, { 'q-mcq': ['a'], 'q-tf': false }, { number: 1, ...at(6) });
  await submitAttempt(t.app, assessment, s6, { 'q-mcq': ['b'], 'q-tf': true }, { number: 2, ...at(7) });
});
afterAll(() => t.close());

const get = (headers: Record<string, string>, id = assessment.id) =>
  t.app.inject({ method: 'GET', url: `/api/assessments/${id}/item-analysis`, headers });

describe('GET /api/assessments/:id/item-analysis', () => {
  it("analyses each student's latest fully marked attempt", async () => {
    const res = await get(teacher);
    expect(res.statusCode).toBe(200);
    const body = res.json<ItemAnalysisResult>();
    expect(body).toMatchObject({ responses: 5, pendingLeftOut: 1, earlierAttemptsLeftOut: 1, groupSize: 1 });
    // Percentages 37.5, 25, 12.5, 0, 37.5: mean 22.5, median 25.
    expect(body.summary.mean).toBeCloseTo(22.5, 10);
    expect(body.summary.median).toBeCloseTo(25, 10);
    expect(body.summary.lowest).toBe(0);
    expect(body.summary.highest).toBeCloseTo(37.5, 10);
    // Every mark is 0 or full: KR-20 over the 3 questions.
    expect(body.reliability).toMatchObject({
      method: 'kr20',
      reason: null,
      responses: 5,
      questions: [1, 2, 3],
      scoredQuestions: 3,
    });
  });

  it('gives each question its facility, discrimination and, for choice questions, the options chosen', async () => {
    const body = (await get(teacher)).json<ItemAnalysisResult>();
    const [mcq, tf, essay] = body.questions;
    expect(mcq).toMatchObject({ id: 'q-mcq', number: 1, max: 2, responses: 5, facility: 0.6 });
    expect(mcq!.discrimination).toBeGreaterThan(0);
    expect(mcq!.options).toEqual([
      { id: 'a', text: 'Venus', correct: false, upper: 0, lower: 0, all: 1 },
      { id: 'b', text: 'Mars', correct: true, upper: 1, lower: 0, all: 3 },
      { id: 'c', text: 'Jupiter', correct: false, upper: 0, lower: 1, all: 1 },
    ]);
    expect(mcq!.unanswered).toEqual({ upper: 0, lower: 0, all: 0 });
    expect(tf).toMatchObject({ id: 'q-tf', facility: 0.6 });
    expect(tf!.options!.map((o) => [o.id, o.text, o.correct, o.all])).toEqual([
      ['true', null, true, 3],
      ['false', null, false, 2],
    ]);
    // Nobody wrote the essay: facility 0, no spread, flagged as very hard; no option table.
    expect(essay).toMatchObject({ facility: 0, discrimination: null, options: null, flags: ['veryHard'] });
  });

  it('answers an assessment without submissions with empty figures', async () => {
    const empty = await makeAssessment(t.app, assessment.organizationId);
    const body = (await get(teacher, empty.id)).json<ItemAnalysisResult>();
    expect(body).toMatchObject({ responses: 0, groupSize: 0 });
    expect(body.reliability).toMatchObject({ value: null, reason: 'tooFewResponses', responses: 0 });
    expect(body.questions).toHaveLength(QUESTIONS.length);
    expect(body.questions.every((q) => q.facility === null)).toBe(true);
  });

  it('scales old marks to the points the question has now, and skips an answer to an option no longer there', async () => {
    const edited = await makeAssessment(t.app, assessment.organizationId, {
      questions: QUESTIONS.slice(0, 2),
    });
    const [a, b] = await Promise.all(
      ['E1', 'E2'].map((name) => makeUser(t.app, 'Student', assessment.organizationId, { name })),
    );
    await submitAttempt(t.app, edited, a!.id, { 'q-mcq': ['b'], 'q-tf': true });
    await submitAttempt(t.app, edited, b!.id, { 'q-mcq': ['a'], 'q-tf': true });
    // The teacher now makes the MCQ worth 4 and removes option a (Venus).
    const [mcq, tf] = QUESTIONS as [Question, Question];
    const config = mcq.config as { options: { id: string }[] };
    const questions = [
      { ...mcq, score: 4, config: { ...config, options: config.options.filter((o) => o.id !== 'a') } },
      tf,
    ];
    await t.app.db.update(assessments).set({ questions }).where(eq(assessments.id, edited.id));
    const body = (await get(teacher, edited.id)).json<ItemAnalysisResult>();
    expect(body.questions[0]).toMatchObject({ max: 4, facility: 0.5 });
    // Stored 2/2 and 0/2 become 4 and 0 of 4: percentages (4 + 1) / 5 = 100 % and 1 / 5 = 20 %.
    expect(body.summary).toMatchObject({ highest: 100, lowest: 20 });
    expect(body.questions[0]!.options!.map((o) => [o.id, o.all])).toEqual([
      ['b', 1],
      ['c', 0],
    ]);
    expect(body.questions[0]!.unanswered).toEqual({ upper: 0, lower: 1, all: 1 });
  });

  it('is for staff of the organization only', async () => {
    expect((await get(admin)).statusCode).toBe(200);
    expect((await get(student)).statusCode).toBe(403);
    expect((await get({})).statusCode).toBe(401);
    const res = await get(foreign);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});

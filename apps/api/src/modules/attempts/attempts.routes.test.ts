import { parse as parseDisposition } from 'content-disposition';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import {
  AttemptResultSchema,
  AttemptSchema,
  MyResultsSchema,
  SaveAnswerAckSchema,
  familyOf,
  answerToStudentView,
  type Attempt,
  type Question,
} from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { assessments, attemptAnswers, attempts, users } from '../../db/schema/index.ts';
import { attemptsContext, closeExpiredAttempts } from './attempts.service.ts';
import { markSessionsEnded } from '../../identity/sessions.ts';
import { decodeJwt } from 'jose';
import { insertAssessment, questionOf, testClock } from './test-fixtures.ts';

const clock = testClock();
let t: TestApp;
let app: FastifyInstance;
let orgId: string;
let otherOrgId: string;
type Headers = Record<string, string>;
let student: { user: { id: string }; headers: Headers };
let classmate: { user: { id: string }; headers: Headers };
let teacher: { user: { id: string }; headers: Headers };
let foreignTeacher: { user: { id: string }; headers: Headers };
let foreignStudent: { user: { id: string }; headers: Headers };

const MINUTE = 60_000;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  app = t.app;
  orgId = (await makeOrganization(app)).id;
  otherOrgId = (await makeOrganization(app)).id;
  student = await signInAs(app, 'Student', orgId);
  classmate = await signInAs(app, 'Student', orgId);
  teacher = await signInAs(app, 'Teacher', orgId);
  foreignTeacher = await signInAs(app, 'Teacher', otherOrgId);
  foreignStudent = await signInAs(app, 'Student', otherOrgId);
});
afterAll(async () => {
  await t.close();
});

async function start(assessmentId: string, headers: Headers = student.headers) {
  return app.inject({ method: 'POST', url: `/api/assessments/${assessmentId}/attempts`, headers });
}
async function startOk(assessmentId: string, headers: Headers = student.headers): Promise<Attempt> {
  const res = await start(assessmentId, headers);
  expect([200, 201], res.body).toContain(res.statusCode);
  return AttemptSchema.parse(res.json());
}
function save(
  attemptId: string,
  questionId: string,
  body: { answer: unknown; revision: number; idempotencyKey?: string; flagged?: boolean },
  headers: Headers = student.headers,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/attempts/${attemptId}/answers/${questionId}`,
    headers,
    payload: { idempotencyKey: randomUUID(), ...body },
  });
}
function submit(attemptId: string, headers: Headers = student.headers) {
  return app.inject({ method: 'POST', url: `/api/attempts/${attemptId}/submit`, headers });
}
async function storedAnswer(attemptId: string, questionId: string) {
  const [row] = await app.db
    .select()
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)));
  return row;
}
/** The right answer to a question of an attempt, in the attempt's own (student view) ids. */
async function rightAnswer(attempt: Attempt, question: Question) {
  const [row] = await app.db.select().from(attempts).where(eq(attempts.id, attempt.id));
  return answerToStudentView(
    question,
    row!.shuffleSeed,
    familyOf(question.type).expectedAnswer(question.config),
  );
}

describe('starting an attempt', () => {
  it('creates one (201) with a snapshot, the server time and a deadline; then answers the same one (200)', async () => {
    const endsAt = new Date(clock.now().getTime() + 120 * MINUTE);
    const a = await insertAssessment(app.db, { organizationId: orgId, endsAt, durationMinutes: 30 });
    const first = await start(a.id);
    expect(first.statusCode).toBe(201);
    const attempt = AttemptSchema.parse(first.json());
    expect(attempt).toMatchObject({ number: 1, status: 'in_progress', serverNow: clock.now().toISOString() });
    expect(attempt.deadlineAt).toBe(new Date(clock.now().getTime() + 30 * MINUTE).toISOString());
    expect(attempt.questions.map((q) => q.id)).toEqual(['q1', 'q2']);
    // No answers in what the student receives.
    expect(JSON.stringify(attempt.questions)).not.toMatch(/"correct"/);
    const again = await start(a.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(attempt.id);
  });

  it('uses the window end as deadline when it comes before the duration; none without either', async () => {
    const endsAt = new Date(clock.now().getTime() + 10 * MINUTE);
    const a = await insertAssessment(app.db, { organizationId: orgId, endsAt, durationMinutes: 60 });
    expect((await startOk(a.id)).deadlineAt).toBe(endsAt.toISOString());
    const open = await insertAssessment(app.db, { organizationId: orgId });
    expect((await startOk(open.id)).deadlineAt).toBeNull();
  });

  it('refuses before and after the window (409) and hides drafts, other assignments and other organizations (404)', async () => {
    const now = clock.now().getTime();
    const upcoming = await insertAssessment(app.db, {
      organizationId: orgId,
      startsAt: new Date(now + MINUTE),
    });
    expect((await start(upcoming.id)).json().code).toBe('window_not_open');
    const past = await insertAssessment(app.db, { organizationId: orgId, endsAt: new Date(now - MINUTE) });
    const closed = await start(past.id);
    expect([closed.statusCode, closed.json().code]).toEqual([409, 'window_closed']);
    const draft = await insertAssessment(app.db, { organizationId: orgId, status: 'draft' });
    expect((await start(draft.id)).statusCode).toBe(404);
    const forClassmate = await insertAssessment(app.db, {
      organizationId: orgId,
      assignees: [classmate.user.id],
    });
    expect((await start(forClassmate.id)).statusCode).toBe(404);
    expect((await start(forClassmate.id, classmate.headers)).statusCode).toBe(201);
    expect((await start(forClassmate.id, foreignStudent.headers)).statusCode).toBe(404);
    expect((await start(randomUUID())).statusCode).toBe(404);
    expect((await start(forClassmate.id, teacher.headers)).statusCode).toBe(403);
  });

  it('allows a retake only when the assessment does', async () => {
    const once = await insertAssessment(app.db, { organizationId: orgId });
    const first = await startOk(once.id);
    const submitted = await submit(first.id);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await start(once.id)).json().code).toBe('retake_not_allowed');
    const retakeable = await insertAssessment(app.db, { organizationId: orgId, allowRetake: true });
    const a1 = await startOk(retakeable.id);
    await submit(a1.id);
    const a2 = await start(retakeable.id);
    expect(a2.statusCode).toBe(201);
    expect(a2.json().number).toBe(2);
  });

  it('takes the questions as they are at each start: an edit after a start is never served stale', async () => {
    const a = await insertAssessment(app.db, { organizationId: orgId });
    const before = await startOk(a.id);
    expect(before.questions.map((q) => q.id)).toEqual(['q1', 'q2']);
    await app.db
      .update(assessments)
      .set({ questions: [questionOf('true-false', 'q9')] })
      .where(eq(assessments.id, a.id));
    const after = await startOk(a.id, classmate.headers);
    expect(after.questions.map((q) => q.id)).toEqual(['q9']);
    // Each attempt keeps the snapshot it started with, as stored.
    const stored = await app.db.select().from(attempts).where(eq(attempts.assessmentId, a.id));
    const snapshots = new Map(stored.map((row) => [row.id, (row.questions as Question[]).map((q) => q.id)]));
    expect(snapshots.get(before.id)).toEqual(['q1', 'q2']);
    expect(snapshots.get(after.id)).toEqual(['q9']);
    expect((await startOk(a.id)).id).toBe(before.id);
  });

  it('gives one attempt to concurrent starts', async () => {
    const a = await insertAssessment(app.db, { organizationId: orgId });
    const responses = await Promise.all(Array.from({ length: 10 }, () => start(a.id)));
    const ids = new Set(responses.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const [row] = await app.db.select({ n: count() }).from(attempts).where(eq(attempts.assessmentId, a.id));
    expect(row!.n).toBe(1);
  });
});

describe('saving answers', () => {
  let attempt: Attempt;
  beforeAll(async () => {
    const a = await insertAssessment(app.db, {
      organizationId: orgId,
      questions: [
        questionOf('multiple-choice', 'q1'),
        questionOf('essay', 'q2'),
        questionOf('matching-pairs', 'q3'),
      ],
    });
    attempt = await startOk(a.id);
  });

  it('acknowledges a save with the stored revision, and the attempt returns it', async () => {
    const res = await save(attempt.id, 'q1', { answer: ['a'], revision: 1, flagged: true });
    expect(res.statusCode).toBe(200);
    expect(SaveAnswerAckSchema.parse(res.json())).toMatchObject({
      questionId: 'q1',
      revision: 1,
      stale: false,
    });
    const read = AttemptSchema.parse(
      (
        await app.inject({ method: 'GET', url: `/api/attempts/${attempt.id}`, headers: student.headers })
      ).json(),
    );
    expect(read.answers.q1).toMatchObject({ answer: ['a'], revision: 1, flagged: true });
    // A later save that does not mention the flag keeps it.
    await save(attempt.id, 'q1', { answer: ['b'], revision: 2 });
    const [stored] = await app.db
      .select()
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, attempt.id));
    expect(stored).toMatchObject({ answer: ['b'], revision: 2, flagged: true });
  });

  it('answers the same acknowledgement to the same key without writing again', async () => {
    const key = randomUUID();
    clock.advance(1000);
    const first = await save(attempt.id, 'q2', {
      answer: { text: 'Draft' },
      revision: 5,
      idempotencyKey: key,
    });
    clock.advance(1000);
    const repeat = await save(attempt.id, 'q2', {
      answer: { text: 'Draft' },
      revision: 5,
      idempotencyKey: key,
    });
    expect(repeat.json()).toEqual(first.json());
    expect(repeat.json().stale).toBe(false);
  });

  it('never lets an older revision overwrite a newer one (stale)', async () => {
    await save(attempt.id, 'q2', { answer: { text: 'Newest' }, revision: 9 });
    const old = await save(attempt.id, 'q2', { answer: { text: 'Old tab' }, revision: 7 });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ revision: 9, stale: true });
    const equal = await save(attempt.id, 'q2', { answer: { text: 'Same number' }, revision: 9 });
    expect(equal.json()).toMatchObject({ revision: 9, stale: true });
    const row = await storedAnswer(attempt.id, 'q2');
    expect(row!.answer).toEqual({ text: 'Newest' });
  });

  it('keeps the highest of 50 concurrent saves', async () => {
    const revisions = Array.from({ length: 50 }, (_, i) => 100 + i).sort(() => Math.random() - 0.5);
    const acks = await Promise.all(
      revisions.map((revision) => save(attempt.id, 'q3', { answer: { [`r${revision}`]: 'x' }, revision })),
    );
    expect(acks.every((r) => r.statusCode === 200)).toBe(true);
    const row = await storedAnswer(attempt.id, 'q3');
    expect(row).toMatchObject({ revision: 149, answer: { r149: 'x' } });
  });

  it('saves half-finished and cleared answers, refuses ones that do not fit and unknown questions', async () => {
    expect((await save(attempt.id, 'q3', { answer: {}, revision: 200 })).statusCode).toBe(200);
    expect((await save(attempt.id, 'q1', { answer: null, revision: 3 })).statusCode).toBe(200);
    const invalid = await save(attempt.id, 'q1', { answer: 'not a list', revision: 4 });
    expect([invalid.statusCode, invalid.json().code]).toEqual([400, 'answer_invalid']);
    const unknown = await save(attempt.id, 'nope', { answer: ['a'], revision: 1 });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'unknown_question']);
    const badBody = await save(attempt.id, 'q1', { answer: ['a'], revision: 0 });
    expect(badBody.statusCode).toBe(400);
  });

  it('is only for the student who owns the attempt', async () => {
    expect(
      (await save(attempt.id, 'q1', { answer: ['a'], revision: 50 }, classmate.headers)).statusCode,
    ).toBe(404);
    expect(
      (await save(attempt.id, 'q1', { answer: ['a'], revision: 50 }, foreignStudent.headers)).statusCode,
    ).toBe(404);
    expect((await save(attempt.id, 'q1', { answer: ['a'], revision: 50 }, teacher.headers)).statusCode).toBe(
      403,
    );
  });
});

describe('saving answers on the one-statement path', () => {
  it('refuses at once a student deactivated or no longer a Student, with their token still valid, and writes nothing', async () => {
    const a = await insertAssessment(app.db, {
      organizationId: orgId,
      questions: [questionOf('multiple-choice', 'q1')],
    });
    for (const change of [{ status: 'inactive' }, { role: 'Teacher' }] as const) {
      const leaver = await signInAs(app, 'Student', orgId);
      const attempt = await startOk(a.id, leaver.headers);
      // The first save reads the attempt's question types; the next ones come from the cache.
      expect((await save(attempt.id, 'q1', { answer: ['a'], revision: 1 }, leaver.headers)).statusCode).toBe(
        200,
      );
      await app.db.update(users).set(change).where(eq(users.id, leaver.user.id));
      const refused = await save(attempt.id, 'q1', { answer: ['b'], revision: 2 }, leaver.headers);
      expect(refused.statusCode).toBe('status' in change ? 401 : 403);
      const wrong = await save(attempt.id, 'nope', { answer: ['b'], revision: 2 }, leaver.headers);
      expect(wrong.statusCode).toBe('status' in change ? 401 : 403);
      expect(await storedAnswer(attempt.id, 'q1')).toMatchObject({ answer: ['a'], revision: 1 });
    }
  });

  it('refuses at once a token whose session has ended (signed out elsewhere), and writes nothing', async () => {
    const a = await insertAssessment(app.db, {
      organizationId: orgId,
      questions: [questionOf('multiple-choice', 'q1')],
    });
    const leaver = await signInAs(app, 'Student', orgId);
    const attempt = await startOk(a.id, leaver.headers);
    expect((await save(attempt.id, 'q1', { answer: ['a'], revision: 1 }, leaver.headers)).statusCode).toBe(
      200,
    );
    const { sid } = decodeJwt(leaver.headers.authorization.slice('Bearer '.length)) as { sid: string };
    await markSessionsEnded(app.db, [sid]);
    const refused = await save(attempt.id, 'q1', { answer: ['b'], revision: 2 }, leaver.headers);
    expect(refused.statusCode).toBe(401);
    expect(await storedAnswer(attempt.id, 'q1')).toMatchObject({ answer: ['a'], revision: 1 });
    expect((await start(a.id, leaver.headers)).statusCode).toBe(401);
  });

  it("answers its errors in the student's language", async () => {
    const a = await insertAssessment(app.db, {
      organizationId: orgId,
      questions: [questionOf('multiple-choice', 'q1')],
    });
    const thai = await signInAs(app, 'Student', orgId);
    await app.db.update(users).set({ language: 'th' }).where(eq(users.id, thai.user.id));
    const attempt = await startOk(a.id, thai.headers);
    const invalid = await save(attempt.id, 'q1', { answer: 'not a list', revision: 1 }, thai.headers);
    expect(invalid.json().code).toBe('answer_invalid');
    expect(invalid.json().message).toMatch(/[\u0E00-\u0E7F]/);
  });
});

describe('reading an attempt', () => {
  it('is for its student and staff of its organization; others get 404', async () => {
    const a = await insertAssessment(app.db, { organizationId: orgId });
    const attempt = await startOk(a.id);
    const read = (headers: Headers) =>
      app.inject({ method: 'GET', url: `/api/attempts/${attempt.id}`, headers });
    expect((await read(student.headers)).statusCode).toBe(200);
    expect((await read(teacher.headers)).statusCode).toBe(200);
    expect((await read(classmate.headers)).statusCode).toBe(404);
    expect((await read(foreignTeacher.headers)).statusCode).toBe(404);
    expect((await read(foreignStudent.headers)).statusCode).toBe(404);
  });
});

describe('submitting', () => {
  it('submits once for 20 concurrent requests, with one score', async () => {
    const q1 = questionOf('multiple-choice', 'q1');
    const q2 = questionOf('true-false', 'q2');
    const q3 = questionOf('short-answers', 'q3');
    const a = await insertAssessment(app.db, {
      organizationId: orgId,
      questions: [q1, q2, q3],
      passMark: 60,
    });
    const attempt = await startOk(a.id);
    await save(attempt.id, 'q1', { answer: await rightAnswer(attempt, q1), revision: 1 });
    await save(attempt.id, 'q2', { answer: !(await rightAnswer(attempt, q2)), revision: 1 });
    const results = await Promise.all(Array.from({ length: 20 }, () => submit(attempt.id)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const bodies = results.map((r) => AttemptResultSchema.parse(r.json()));
    // The call that handed it in builds its result from what it wrote, the others read it back
    //: the same result either way, the question never answered included.
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(AttemptResultSchema.parse((await submit(attempt.id)).json())).toEqual(bodies[0]);
    expect(bodies[0]).toMatchObject({
      score: q1.score,
      maxScore: q1.score + q2.score + q3.score,
      markingStatus: 'auto',
      status: 'Submitted',
      submittedBy: 'student',
    });
    expect(bodies[0]!.passed).toBe(bodies[0]!.percentage >= 60);
    expect(bodies[0]!.questions.map((q) => q.correct)).toEqual([true, false, false]);
    const late = await save(attempt.id, 'q1', { answer: ['a'], revision: 99 });
    expect([late.statusCode, late.json().code]).toEqual([409, 'attempt_submitted']);
  });

  it('matching answered in the view ids scores full marks', async () => {
    const q = questionOf('matching-pairs', 'm1');
    const a = await insertAssessment(app.db, { organizationId: orgId, questions: [q] });
    const attempt = await startOk(a.id);
    await save(attempt.id, 'm1', { answer: await rightAnswer(attempt, q), revision: 1 });
    const result = AttemptResultSchema.parse((await submit(attempt.id)).json());
    expect(result).toMatchObject({ score: q.score, percentage: 100, passed: true });
  });

  it('matching where two prompts share an answer: listed once, chosen for both, full marks', async () => {
    const q = {
      ...questionOf('matching-pairs', 'm2'),
      config: {
        pairs: [
          { id: '1', prompt: 'Frog', match: 'Amphibian' },
          { id: '2', prompt: 'Newt', match: 'Amphibian' },
          { id: '3', prompt: 'Snake', match: 'Reptile' },
        ],
        distractors: ['Fish'],
      },
    };
    const a = await insertAssessment(app.db, { organizationId: orgId, questions: [q] });
    const attempt = await startOk(a.id);
    const view = attempt.questions[0]!.config as { matches: { id: string; text: string }[] };
    expect(view.matches.map((m) => m.text).sort()).toEqual(['Amphibian', 'Fish', 'Reptile']);
    const amphibian = view.matches.find((m) => m.text === 'Amphibian')!.id;
    const reptile = view.matches.find((m) => m.text === 'Reptile')!.id;
    const answer = { '1': amphibian, '2': amphibian, '3': reptile };
    expect((await save(attempt.id, 'm2', { answer, revision: 1 })).statusCode).toBe(200);
    const result = AttemptResultSchema.parse((await submit(attempt.id)).json());
    expect(result).toMatchObject({ score: q.score, percentage: 100, passed: true });
  });

  it('leaves open answers pending: provisional score, passed null, status Pending', async () => {
    const mcq = questionOf('multiple-choice', 'q1');
    const essay = questionOf('essay', 'q2');
    const a = await insertAssessment(app.db, { organizationId: orgId, questions: [mcq, essay] });
    const attempt = await startOk(a.id);
    await save(attempt.id, 'q1', { answer: await rightAnswer(attempt, mcq), revision: 1 });
    await save(attempt.id, 'q2', { answer: { text: '<p>My essay</p>' }, revision: 1 });
    const result = AttemptResultSchema.parse((await submit(attempt.id)).json());
    expect(result).toMatchObject({
      markingStatus: 'pending',
      status: 'Pending',
      passed: null,
      score: mcq.score,
      maxScore: mcq.score + essay.score,
    });
    expect(result.questions[1]).toMatchObject({ markStatus: 'manual', correct: null, score: 0 });
  });
});

describe('deadlines', () => {
  it('accepts saves within the grace, then closes the attempt with its saved answers', async () => {
    const q1 = questionOf('multiple-choice', 'q1');
    const a = await insertAssessment(app.db, { organizationId: orgId, durationMinutes: 10, questions: [q1] });
    const attempt = await startOk(a.id);
    clock.advance(10 * MINUTE + 10_000);
    expect(
      (await save(attempt.id, 'q1', { answer: await rightAnswer(attempt, q1), revision: 1 })).statusCode,
    ).toBe(200);
    clock.advance(25_000);
    const late = await save(attempt.id, 'q1', { answer: ['x'], revision: 2 });
    expect([late.statusCode, late.json().code]).toEqual([409, 'attempt_closed']);
    const [row] = await app.db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(row).toMatchObject({ status: 'submitted', submittedBy: 'deadline', score: q1.score });
    expect(row!.submittedAt!.toISOString()).toBe(attempt.deadlineAt);
    // The student's submit afterwards gets the same result rather than an error.
    const result = await submit(attempt.id);
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({ submittedBy: 'deadline', score: q1.score });
  });

  it('refuses a submit after deadline + grace and closes the attempt', async () => {
    const a = await insertAssessment(app.db, { organizationId: orgId, durationMinutes: 5 });
    const attempt = await startOk(a.id);
    clock.advance(5 * MINUTE + 31_000);
    const late = await submit(attempt.id);
    expect([late.statusCode, late.json().code]).toEqual([409, 'attempt_closed']);
    const [row] = await app.db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(row!.submittedBy).toBe('deadline');
  });

  it('closes lazily when the attempt is read after its time', async () => {
    const a = await insertAssessment(app.db, { organizationId: orgId, durationMinutes: 1 });
    const attempt = await startOk(a.id);
    clock.advance(2 * MINUTE);
    const read = AttemptSchema.parse(
      (
        await app.inject({ method: 'GET', url: `/api/attempts/${attempt.id}`, headers: student.headers })
      ).json(),
    );
    expect(read).toMatchObject({ status: 'submitted', submittedBy: 'deadline' });
  });

  it('the closer submits every expired attempt once, and leaves running ones alone', async () => {
    const short = await insertAssessment(app.db, { organizationId: orgId, durationMinutes: 1 });
    const long = await insertAssessment(app.db, { organizationId: orgId, durationMinutes: 100 });
    const expiring = await startOk(short.id);
    const running = await startOk(long.id);
    await save(expiring.id, 'q1', { answer: ['a'], revision: 1 });
    clock.advance(2 * MINUTE);
    const counts = await Promise.all([
      closeExpiredAttempts(attemptsContext(app), clock.now()),
      closeExpiredAttempts(attemptsContext(app), clock.now()),
    ]);
    expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(1);
    const rows = await app.db.select().from(attempts);
    expect(rows.find((r) => r.id === expiring.id)).toMatchObject({
      status: 'submitted',
      submittedBy: 'deadline',
    });
    expect(rows.find((r) => r.id === running.id)!.status).toBe('in_progress');
    const answers = await app.db
      .select()
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, expiring.id));
    expect(answers.find((x) => x.questionId === 'q1')).toMatchObject({ answer: ['a'], markStatus: 'auto' });
    expect(await closeExpiredAttempts(attemptsContext(app), clock.now())).toBe(0);
  });
});

describe('my results and review policy', () => {
  async function takeAndSubmit(
    policy: 'never' | 'afterSubmission' | 'afterWindow',
    endsAt: Date | null = null,
  ) {
    const q = questionOf('timeline-assignments', 'q1');
    const a = await insertAssessment(app.db, {
      organizationId: orgId,
      questions: [q],
      reviewPolicy: policy,
      endsAt,
      allowRetake: true,
    });
    const attempt = await startOk(a.id);
    await save(attempt.id, 'q1', { answer: await rightAnswer(attempt, q), revision: 1 });
    return { assessment: a, attempt, result: AttemptResultSchema.parse((await submit(attempt.id)).json()) };
  }

  it('shows expected answers after submission when the policy says so, in the ids the student saw', async () => {
    const { result, attempt } = await takeAndSubmit('afterSubmission');
    expect(result.reviewAvailable).toBe(true);
    const view = result.questions[0]!;
    expect(view.expectedAnswer).toEqual(view.answer);
    expect(view.correct).toBe(true);
    expect(Object.keys(view.details!).sort()).toEqual(
      (attempt.questions[0]!.config.items as { id: string }[]).map((i) => i.id).sort(),
    );
  });

  it('never: no expected answers and no details', async () => {
    const { result } = await takeAndSubmit('never');
    expect(result.reviewAvailable).toBe(false);
    expect(result.questions[0]).not.toHaveProperty('expectedAnswer');
    expect(result.questions[0]!.details).toBeNull();
  });

  it('afterWindow: only once the window has ended', async () => {
    const endsAt = new Date(clock.now().getTime() + 30 * MINUTE);
    const { assessment } = await takeAndSubmit('afterWindow', endsAt);
    const mine = async () =>
      MyResultsSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: `/api/assessments/${assessment.id}/my-results`,
            headers: student.headers,
          })
        ).json(),
      );
    const before = await mine();
    expect(before.attempts[0]!.reviewAvailable).toBe(false);
    expect(before.canRetake).toBe(true);
    clock.advance(31 * MINUTE);
    const after = await mine();
    expect(after.attempts[0]!.reviewAvailable).toBe(true);
    expect(after.attempts[0]!.questions[0]!.expectedAnswer).toBeDefined();
    expect(after.canRetake).toBe(false);
  });

  it('lists attempts newest first and is private to the student', async () => {
    const a = await insertAssessment(app.db, { organizationId: orgId, allowRetake: true });
    await submit((await startOk(a.id)).id);
    await submit((await startOk(a.id)).id);
    const third = await startOk(a.id);
    const res = await app.inject({
      method: 'GET',
      url: `/api/assessments/${a.id}/my-results`,
      headers: student.headers,
    });
    const mine = MyResultsSchema.parse(res.json());
    expect(mine.attempts.map((x) => x.number)).toEqual([2, 1]);
    expect(mine).toMatchObject({ inProgressAttemptId: third.id, canRetake: false });
    const others = await app.inject({
      method: 'GET',
      url: `/api/assessments/${a.id}/my-results`,
      headers: classmate.headers,
    });
    expect(MyResultsSchema.parse(others.json()).attempts).toEqual([]);
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/assessments/${a.id}/my-results`,
      headers: foreignStudent.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('files', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  function upload(
    attemptId: string,
    questionId: string,
    bytes: Buffer,
    name: string,
    headers = student.headers,
  ) {
    const boundary = '----vbtest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/attempts/${attemptId}/answers/${questionId}/files`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }

  it('stores a file for a file question; its student and staff read it, nobody else', async () => {
    const a = await insertAssessment(app.db, {
      organizationId: orgId,
      questions: [questionOf('mind-maps', 'f1'), questionOf('multiple-choice', 'q1')],
    });
    const attempt = await startOk(a.id);
    const res = await upload(attempt.id, 'f1', PNG, 'map.png');
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({ name: 'map.png', contentType: 'image/png', size: PNG.length });
    const get = (headers: Headers) => app.inject({ method: 'GET', url: file.url, headers });
    const own = await get(student.headers);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect((await get(teacher.headers)).statusCode).toBe(200);
    expect((await get(classmate.headers)).statusCode).toBe(404);
    expect((await get(foreignTeacher.headers)).statusCode).toBe(404);
    // Not a file question; a program; somebody else's attempt.
    expect((await upload(attempt.id, 'q1', PNG, 'x.png')).json().code).toBe('unsupported_file_type');
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
    expect((await upload(attempt.id, 'f1', elf, 'run')).json().code).toBe('unsupported_file_type');
    expect((await upload(attempt.id, 'f1', PNG, 'x.png', classmate.headers)).statusCode).toBe(404);
  });

  it('downloads a file under its own name in any script, with an ASCII fallback', async () => {
    const a = await insertAssessment(app.db, {
      organizationId: orgId,
      questions: [questionOf('mind-maps', 'f1')],
    });
    const attempt = await startOk(a.id);
    const name = 'မြေပုံ ပုံစံ.png';
    const file = (await upload(attempt.id, 'f1', PNG, name)).json();
    expect(file.name).toBe(name);
    const res = await app.inject({ method: 'GET', url: file.url, headers: teacher.headers });
    const header = String(res.headers['content-disposition']);
    expect(parseDisposition(header).parameters.filename).toBe(name);
    expect(parseDisposition(header, { extended: false }).parameters.filename).toBe('download.png');
  });

  it('an audio question takes recordings only', async () => {
    const a = await insertAssessment(app.db, {
      organizationId: orgId,
      questions: [questionOf('audio-recordings', 'a1')],
    });
    const attempt = await startOk(a.id);
    expect((await upload(attempt.id, 'a1', PNG, 'voice.png')).json().code).toBe('unsupported_file_type');
  });
});

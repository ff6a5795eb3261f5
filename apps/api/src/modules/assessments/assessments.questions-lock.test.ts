import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  AssessmentSchema,
  BankCategorySchema,
  BankQuestionSchema,
  PLANS,
  type Assessment,
  type AssessmentInput,
  type Question,
} from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { recordPlan } from '../plans/plans.service.ts';
import { testClock } from '../attempts/test-fixtures.ts';
import { insertAttemptIfNone } from '../attempts/attempts.repository.ts';
import type { Actor } from '../../types.d.ts';
import { findQuestionsWritableAssessment } from './assessments.access.ts';
import { findAssessmentHead, updateAssessment } from './assessments.repository.ts';
import { assessmentInput, questionOf } from './test-helpers.ts';

/**
 * The one rule for an assessment's questions: they and the draw rules change only while
 * no student has started it. After a start the editor's save must repeat them (409
 * questions_locked otherwise, nothing changed) and every other field still saves.
 */
const clock = testClock();
let t: TestApp;
let app: FastifyInstance;
type Headers = Record<string, string>;
let orgId: string;
let teacher: { user: { id: string }; headers: Headers };
let student: { user: { id: string }; headers: Headers };
let categoryId: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  app = t.app;
  orgId = (await makeOrganization(app)).id;
  await recordPlan(app.db, orgId, PLANS.Enterprise);
  teacher = await signInAs(app, 'Teacher', orgId);
  student = await signInAs(app, 'Student', orgId);
  const category = await call('POST', '/api/question-bank/categories', teacher.headers, {
    name: 'Pool',
    parentId: null,
  });
  categoryId = BankCategorySchema.parse(category.json()).id;
  for (const text of ['Pool one', 'Pool two', 'Pool three']) {
    await bankQuestion(text);
  }
});
afterAll(() => t.close());

async function bankQuestion(text: string) {
  const res = await call('POST', '/api/question-bank/questions', teacher.headers, {
    question: { ...questionOf('multiple-choice', 'x'), text },
    categoryId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return BankQuestionSchema.parse(res.json());
}

async function get(id: string): Promise<Assessment> {
  const res = await call('GET', `/api/assessments/${id}`, teacher.headers);
  expect(res.statusCode, res.body).toBe(200);
  return AssessmentSchema.parse(res.json());
}

/** What the editor sends back: the detail's input fields, as GET answered them. */
const inputOf = (a: Assessment): AssessmentInput => ({
  title: a.title,
  subject: a.subject,
  difficulty: a.difficulty,
  generationType: a.generationType,
  startsAt: a.startsAt,
  endsAt: a.endsAt,
  dueAt: a.dueAt,
  durationMinutes: a.durationMinutes,
  passMark: a.passMark,
  instructions: a.instructions,
  allowRetake: a.allowRetake,
  language: a.language,
  instructor: a.instructor,
  status: a.status,
  reviewPolicy: a.reviewPolicy,
  releasePolicy: a.releasePolicy,
  assignment: a.assignment,
  questions: a.questions,
  draws: a.draws,
});

const put = (a: Assessment, input: AssessmentInput) =>
  call('PUT', `/api/assessments/${a.id}`, teacher.headers, input);

/** A published assessment with its own question, a bank question by reference and a draw rule. */
async function publishedAssessment(): Promise<Assessment> {
  const linked = await bankQuestion('Linked from the bank');
  const res = await call(
    'POST',
    '/api/assessments',
    teacher.headers,
    assessmentInput({
      status: 'published',
      questions: [
        questionOf('multiple-choice', 'q1'),
        { ...questionOf('multiple-choice', 'q2'), bankRef: linked.id },
      ],
      draws: [{ id: 'd1', position: 1, categoryId, count: 1, score: 2, tags: [], types: [] }],
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return AssessmentSchema.parse(res.json());
}

const changes: [string, (a: Assessment) => Partial<AssessmentInput>][] = [
  ['a question’s text', (a) => ({ questions: a.questions.map((q, i) => (i ? q : { ...q, text: 'New' })) })],
  ['a question’s points', (a) => ({ questions: a.questions.map((q, i) => (i ? q : { ...q, score: 7 })) })],
  ['the order', (a) => ({ questions: [...a.questions].reverse(), draws: [] })],
  ['a new question', (a) => ({ questions: [...a.questions, questionOf('true-false', 'q9')] })],
  ['a removed question', (a) => ({ questions: a.questions.slice(1), draws: [] })],
  ['a bank link dropped', (a) => ({ questions: a.questions.map(({ bankRef: _b, ...q }) => q as Question) })],
  ['a draw rule’s count', (a) => ({ draws: a.draws.map((d) => ({ ...d, count: 2 })) })],
  ['a draw rule removed', () => ({ draws: [] })],
];

describe('questions lock once a student has started', () => {
  it('before any start, a published assessment’s questions change freely and it is not locked', async () => {
    const a = await publishedAssessment();
    expect(a.questionsLocked).toBe(false);
    const res = await put(a, {
      ...inputOf(a),
      questions: [...a.questions, questionOf('true-false', 'q3')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await get(a.id);
    expect(after.questions.map((q) => q.id)).toEqual(['q1', 'q2', 'q3']);
    expect(after.questionsLocked).toBe(false);
  });

  it('after a start, refuses every change to the questions or draw rules with 409 and changes nothing', async () => {
    const a = await publishedAssessment();
    const started = await call('POST', `/api/assessments/${a.id}/attempts`, student.headers);
    expect(started.statusCode, started.body).toBe(201);
    const locked = await get(a.id);
    expect(locked.questionsLocked).toBe(true);
    for (const [label, change] of changes) {
      const res = await put(locked, { ...inputOf(locked), title: 'Renamed', ...change(locked) });
      expect(res.statusCode, label).toBe(409);
      expect(res.json(), label).toMatchObject({ code: 'questions_locked' });
      expect(res.json<{ message: string }>().message).toMatch(/use Regrade on the Submissions screen/);
    }
    const after = await get(a.id);
    expect(after).toEqual(locked);
  });

  it('after a start, saves the settings when the questions sent are those GET answered', async () => {
    const a = await publishedAssessment();
    const started = await call('POST', `/api/assessments/${a.id}/attempts`, student.headers);
    expect(started.statusCode, started.body).toBe(201);
    const locked = await get(a.id);
    // The round trip as it is.
    expect((await put(locked, inputOf(locked))).statusCode).toBe(200);
    // Settings only: title, dates, time, instructions, retake, release, status.
    const res = await put(locked, {
      ...inputOf(locked),
      title: 'Fractions, week 2',
      endsAt: new Date(clock.now().getTime() + 86_400_000).toISOString(),
      durationMinutes: 45,
      instructions: 'Show your working.',
      allowRetake: true,
      releasePolicy: 'manual',
      status: 'draft',
      // Keys in another order, tags in another case: the same questions and rules.
      questions: locked.questions.map((q) => Object.fromEntries(Object.entries(q).reverse()) as Question),
      draws: locked.draws.map((d) => ({ ...d, tags: d.tags.map((tag) => tag.toUpperCase()) })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = AssessmentSchema.parse(res.json());
    expect(after).toMatchObject({
      title: 'Fractions, week 2',
      durationMinutes: 45,
      instructions: 'Show your working.',
      allowRetake: true,
      releasePolicy: 'manual',
      status: 'draft',
      questionsLocked: true,
    });
    expect(after.questions).toEqual(locked.questions);
    expect(after.draws).toEqual(locked.draws);
    expect(after.totalMarks).toBe(locked.totalMarks);
  });

  it('keeps a started assessment’s bank-linked question when the bank question is edited, and its round trip still saves', async () => {
    const a = await publishedAssessment();
    const bankId = a.questions[1]!.bankRef!;
    expect((await call('POST', `/api/assessments/${a.id}/attempts`, student.headers)).statusCode).toBe(201);
    const edited = await call('PUT', `/api/question-bank/questions/${bankId}`, teacher.headers, {
      question: { ...questionOf('multiple-choice', 'x'), text: 'Edited in the bank' },
      categoryId,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await get(a.id);
    expect(after.questions).toEqual(a.questions);
    expect((await put(after, { ...inputOf(after), title: 'Still saves' })).statusCode).toBe(200);
  });

  it('after a start, links a question to the bank no more (409), and still saves a copy to the bank', async () => {
    const a = await publishedAssessment();
    expect((await call('POST', `/api/assessments/${a.id}/attempts`, student.headers)).statusCode).toBe(201);
    const url = `/api/question-bank/assessments/${a.id}/save-to-bank`;
    const linked = await call('POST', url, teacher.headers, { questionId: 'q1', link: true });
    expect(linked.statusCode, linked.body).toBe(409);
    expect(linked.json()).toMatchObject({ code: 'questions_locked' });
    const copied = await call('POST', url, teacher.headers, { questionId: 'q1' });
    expect(copied.statusCode, copied.body).toBe(201);
    expect((await get(a.id)).questions).toEqual(a.questions);
  });

  it('a start that races a change of the questions waits for it and then does not start from the old questions', async () => {
    const a = await publishedAssessment();
    const head = await findAssessmentHead(app.db, { organizationId: orgId }, a.id);
    const actor: Actor = {
      userId: teacher.user.id,
      organizationId: orgId,
      role: 'Teacher',
      sessionId: null,
      language: 'en',
    };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // The editor's save: the row locked, no attempt yet, the questions replaced; not committed yet.
    const change = app.db.transaction(async (tx) => {
      await findQuestionsWritableAssessment(tx, actor, a.id);
      await updateAssessment(tx, orgId, a.id, {
        questions: [questionOf('true-false', 'new')],
        updatedAt: clock.now(),
      });
      locked();
      await held;
    });
    await lockTaken;
    // A student's start read the assessment before the change: its insert must not go through.
    const start = insertAttemptIfNone(app.db, {
      organizationId: orgId,
      assessmentId: a.id,
      studentId: student.user.id,
      number: 1,
      version: head!.version,
      questions: a.questions,
      startedAt: clock.now(),
      deadlineAt: null,
      passMark: a.passMark,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await change;
    expect(await start).toBeNull();
    const after = await get(a.id);
    expect(after.questions.map((q) => q.id)).toEqual(['new']);
    expect(after.questionsLocked).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { exampleToQuestion, QuestionSchema, type Question } from '@vbuilder/shared';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { pdfText, savePageImage, squeeze } from '../../test/pdf.ts';
import { makeAssessment, QUESTIONS, submitAttempt } from '../submissions/test-fixtures.ts';

/**
 * The student's result PDF reads back (pdftotext) with each answer in the teacher's states: an
 * essay given 4 of 5 and drag and drop with 3 of 4 places are partly correct with their points,
 * not incorrect; an essay nobody has marked yet is pending marking.
 */

const dragDrop = QuestionSchema.parse(
  exampleToQuestion(
    {
      type: 'Drag & Drop',
      question: 'Sort the animals into their groups.',
      options: {
        dragItems: ['Frog', 'Eagle', 'Shark', 'Dolphin'],
        dropZones: ['Mammals', 'Birds', 'Fish', 'Amphibians'],
      },
      answer: { Frog: 'Amphibians', Eagle: 'Birds', Shark: 'Fish', Dolphin: 'Mammals' },
      score: 4,
      instructions: 'Move each animal into its group.',
    },
    'q-dd',
  ),
);
const [mcq, , essay] = QUESTIONS as [Question, Question, Question];
const secondEssay: Question = { ...essay, id: 'q-essay-2', text: 'Describe the water cycle.' };
const questions: Question[] = [essay, dragDrop, secondEssay, mcq];

let t: TestApp;
let app: FastifyInstance;
let orgId: string;
type Person = Awaited<ReturnType<typeof signInAs>>;
let teacher: Person;
let student: Person;
let classmate: Person;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  orgId = (await makeOrganization(app)).id;
  teacher = await signInAs(app, 'Teacher', orgId);
  student = await signInAs(app, 'Student', orgId);
  classmate = await signInAs(app, 'Student', orgId);
});
afterAll(() => t.close());

const download = (attemptId: string, who: Person) =>
  app.inject({ method: 'GET', url: `/api/attempts/${attemptId}/result.pdf`, headers: who.headers });

describe('the student’s result PDF', () => {
  it('prints partly correct with the points for partial credit and pending marking for an unmarked answer', async () => {
    const assessment = await makeAssessment(app, orgId, { title: 'Life science check', questions });
    const attempt = await submitAttempt(app, assessment, student.user.id, {
      'q-essay': { text: '<p>The Earth is tilted.</p>' },
      // Frog, Eagle, Shark right; the dolphin put with the fish.
      'q-dd': { i1: 'z4', i2: 'z2', i3: 'z3', i4: 'z3' },
      'q-essay-2': { text: '<p>Water evaporates.</p>' },
      'q-mcq': ['a'],
    });
    const marked = await app.inject({
      method: 'POST',
      url: `/api/attempts/${attempt.id}/marks`,
      headers: teacher.headers,
      payload: { marks: [{ questionId: 'q-essay', score: 4, feedback: 'Say why the tilt matters.' }] },
    });
    expect(marked.statusCode, marked.body).toBe(200);

    const res = await download(attempt.id, student);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('Life science check - result.pdf');
    const pdf = res.rawPayload;
    savePageImage(pdf, 'student-result-en');
    const text = squeeze(pdfText(pdf));
    expect(text).toContain(squeeze('1. Explain why the seasons change. Partly correct · 4 / 5'));
    expect(text).toContain(squeeze('Say why the tilt matters.'));
    expect(text).toContain(squeeze('2. Sort the animals into their groups. Partly correct · 3 / 4'));
    expect(text).toContain(squeeze('3. Describe the water cycle. Pending marking'));
    expect(text).toContain(squeeze('4. Which planet is known as the Red Planet? Incorrect · 0 / 2'));
    expect(text).toContain(squeeze('1 answer waits for your teacher to mark it'));
    expect(text).not.toMatch(/Incorrect·[34]\//);
  });

  it('is written in the student’s language: the teacher’s words for the states in Thai', async () => {
    const thai = await signInAs(app, 'Student', orgId);
    await app.db.update(users).set({ language: 'th' }).where(eq(users.id, thai.user.id));
    const assessment = await makeAssessment(app, orgId, { title: 'แบบทดสอบวิทยาศาสตร์', questions });
    const attempt = await submitAttempt(app, assessment, thai.user.id, {
      'q-dd': { i1: 'z4', i2: 'z2', i3: 'z3', i4: 'z3' },
      'q-essay-2': { text: '<p>น้ำระเหย</p>' },
    });
    const res = await download(attempt.id, thai);
    expect(res.statusCode, res.body).toBe(200);
    savePageImage(res.rawPayload, 'student-result-th');
    const text = squeeze(pdfText(res.rawPayload));
    expect(text).toContain(squeeze('แบบทดสอบวิทยาศาสตร์'));
    expect(text).toContain(squeeze('ถูกบางส่วน · 3 / 4'));
    expect(text).toContain(squeeze('รอตรวจ'));
  });

  it('is its own student’s only, and only once submitted', async () => {
    const assessment = await makeAssessment(app, orgId, { questions });
    const attempt = await submitAttempt(app, assessment, student.user.id, {});
    expect((await download(attempt.id, classmate)).statusCode).toBe(404);
    expect((await download(attempt.id, teacher)).statusCode).toBe(403);
  });

  it('carries no marks while the teacher has not released the result', async () => {
    const assessment = await makeAssessment(app, orgId, { questions, releasePolicy: 'manual' });
    const attempt = await submitAttempt(app, assessment, student.user.id, { 'q-mcq': ['b'] });
    const res = await download(attempt.id, student);
    expect(res.statusCode, res.body).toBe(200);
    const text = squeeze(pdfText(res.rawPayload));
    expect(text).toContain(squeeze('Your teacher will release your results.'));
    expect(text).not.toContain(squeeze('Correct · 2 / 2'));
  });
});

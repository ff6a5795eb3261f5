import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QuestionSchema,
  type NotificationKind,
  type Question,
  type Regrade,
  type RegradeOverview,
  type RegradePreview,
  type RegradeRequestInput,
} from '@vbuilder/shared';
import {
  assessments,
  attemptAnswers,
  attempts,
  auditEvents,
  certificateRules,
  certificates,
  notifications,
  type AssessmentRow,
  type AttemptRow,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization } from '../../test/sign-in.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { member, type Member } from '../notifications/test-helpers.ts';
import { makeAssessment, submitAttempt } from '../submissions/test-fixtures.ts';
import thErrors from '../../locales/th/errors.json' with { type: 'json' };

/**
 * Regrades end to end on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and a real
 * SMTP peer. The multiple-choice question below was published with a wrong key
 * ('a'; Mars is 'b'): the regrade's preview lists each affected attempt before and after, the
 * apply writes them in one transaction with its history, tells the students, keeps a teacher's
 * hand mark unless asked, and moves certificates with the pass.
 */

/** MCQ 2 pts with the WRONG key 'a', True/False 1 pt, Essay 2 pts (open). Pass mark 60 %: 3 of 5. */
const WRONG_KEY: Question[] = [
  {
    id: 'q-mcq',
    type: 'multiple-choice',
    text: 'Which planet is known as the Red Planet?',
    score: 2,
    config: {
      options: [
        { id: 'a', text: 'Venus', imageUrl: null },
        { id: 'b', text: 'Mars', imageUrl: null },
        { id: 'c', text: 'Jupiter', imageUrl: null },
      ],
      correct: ['a'],
      multiple: false,
      shuffle: false,
    },
  },
  {
    id: 'q-tf',
    type: 'true-false',
    text: 'Water boils at 100 °C at sea level.',
    score: 1,
    config: { correct: true },
  },
  {
    id: 'q-essay',
    type: 'essay',
    text: 'Explain why the seasons change.',
    score: 2,
    config: { responseKind: 'richText', modelAnswer: 'Axis tilt.', rubric: '' },
  },
];
for (const q of WRONG_KEY) QuestionSchema.parse(q);
const FIXED_MCQ: Question = {
  ...WRONG_KEY[0]!,
  config: { ...(WRONG_KEY[0]!.config as Record<string, unknown>), correct: ['b'] },
};

let t: TestApp;
let smtp: SmtpPeer;
let orgId: string;
let teacher: Member;
/** Reads the API in Thai (their profile's language). */
let thaiTeacher: Member;
let admin: Member;
let student: Member;
let foreign: Member;
let superAdmin: Member;
const students: Record<'ada' | 'ben' | 'cy' | 'dee', Member> = {} as never;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await buildTestApp({ SMTP_URL: smtp.url });
  orgId = (await makeOrganization(t.app, 'Regrade School')).id;
  const other = (await makeOrganization(t.app, 'Other School')).id;
  teacher = await member(t.app, 'Teacher', orgId, { name: 'Teacher Tan' });
  thaiTeacher = await member(t.app, 'Teacher', orgId, { language: 'th' });
  admin = await member(t.app, 'Administrator', orgId);
  student = await member(t.app, 'Student', orgId);
  foreign = await member(t.app, 'Administrator', other);
  superAdmin = await member(t.app, 'Super Administrator', null);
  students.ada = await member(t.app, 'Student', orgId, { name: 'Ada Lovelace' });
  students.ben = await member(t.app, 'Student', orgId, { name: 'Ben Okafor', language: 'th' });
  students.cy = await member(t.app, 'Student', orgId, { name: 'Cy Nguyen' });
  students.dee = await member(t.app, 'Student', orgId, { name: 'Dee Ramos' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

interface Scene {
  assessment: AssessmentRow;
  ada: AttemptRow;
  ben: AttemptRow;
  cy: AttemptRow;
  dee: AttemptRow;
}

/**
 * Four submissions under the wrong key (score of 5, pass at 3):
 * Ada  mcq b, tf ✓, essay marked 2 by the teacher → 3/5 pass  (after the fix 5/5 pass)
 * Ben  mcq b, tf ✓                               → 1/5 fail  (after 3/5 pass)
 * Cy   mcq a, tf ✓                               → 3/5 pass  (after 1/5 fail), holds a certificate
 * Dee  mcq b marked 1 by hand, tf ✗              → 1/5 fail  (her teacher's mark stays unless asked)
 */
async function scene(options: { autoGive?: boolean; releasePolicy?: string } = {}): Promise<Scene> {
  const assessment = await makeAssessment(t.app, orgId, {
    questions: WRONG_KEY,
    passMark: 60,
    title: 'Planets',
    ...(options.releasePolicy ? { releasePolicy: options.releasePolicy } : {}),
  });
  const ada = await submitAttempt(t.app, assessment, students.ada.user.id, {
    'q-mcq': ['b'],
    'q-tf': true,
    'q-essay': { text: 'The axis is tilted.' },
  });
  const ben = await submitAttempt(t.app, assessment, students.ben.user.id, { 'q-mcq': ['b'], 'q-tf': true });
  const cy = await submitAttempt(t.app, assessment, students.cy.user.id, { 'q-mcq': ['a'], 'q-tf': true });
  const dee = await submitAttempt(t.app, assessment, students.dee.user.id, { 'q-mcq': ['b'], 'q-tf': false });
  await mark(teacher, ada.id, [{ questionId: 'q-essay', score: 2 }]);
  await mark(teacher, dee.id, [
    { questionId: 'q-mcq', score: 1, feedback: 'Half: you named it, no reason.' },
  ]);
  if (options.autoGive) {
    await t.app.db
      .insert(certificateRules)
      .values({ assessmentId: assessment.id, organizationId: orgId, autoGive: true });
  }
  await t.app.db.insert(certificates).values({
    code: `CODE${crypto.randomUUID().replaceAll('-', '').slice(0, 28).toUpperCase()}`,
    organizationId: orgId,
    assessmentId: assessment.id,
    studentId: students.cy.user.id,
    attemptId: cy.id,
    holderName: 'Cy Nguyen',
    assessmentTitle: 'Planets',
    organizationName: 'Regrade School',
    issuedAt: new Date(),
  });
  await t.app.jobs.drain();
  return { assessment, ada, ben, cy, dee };
}

async function mark(
  who: Member,
  attemptId: string,
  marks: { questionId: string; score: number; feedback?: string }[],
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/attempts/${attemptId}/marks`,
    headers: who.headers,
    payload: { marks },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const remark = (question: Question = FIXED_MCQ, includeTeacherMarks = false): RegradeRequestInput => ({
  questionId: question.id,
  mode: 'remark',
  question,
  includeTeacherMarks,
});

async function preview(who: Member, assessmentId: string, body: RegradeRequestInput) {
  return t.app.inject({
    method: 'POST',
    url: `/api/assessments/${assessmentId}/regrades/preview`,
    headers: who.headers,
    payload: body,
  });
}

async function apply(who: Member, assessmentId: string, body: RegradeRequestInput, token: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/assessments/${assessmentId}/regrades`,
    headers: who.headers,
    payload: { request: body, token },
  });
}

async function previewOk(assessmentId: string, body: RegradeRequestInput): Promise<RegradePreview> {
  const res = await preview(teacher, assessmentId, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const attemptRow = async (id: string) =>
  (await t.app.db.select().from(attempts).where(eq(attempts.id, id)))[0]!;
const answerRow = async (attemptId: string, questionId: string) =>
  (
    await t.app.db
      .select()
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)))
  )[0]!;

const figuresOf = (a: AttemptRow) => ({
  score: a.score,
  maxScore: a.maxScore,
  percentage: a.percentage,
  passed: a.passed,
});

async function kinds(userId: string): Promise<NotificationKind[]> {
  const rows = await t.app.db.select().from(notifications).where(eq(notifications.userId, userId));
  return rows.map((r) => r.kind as NotificationKind);
}

describe('the preview', () => {
  let s: Scene;
  beforeAll(async () => {
    s = await scene({ autoGive: true });
  });

  it('lists every affected attempt with its score and pass before and after, and changes nothing', async () => {
    const before = await Promise.all([s.ada, s.ben, s.cy, s.dee].map((a) => attemptRow(a.id)));
    const p = await previewOk(s.assessment.id, remark());
    expect(p).toMatchObject({ questionId: 'q-mcq', mode: 'remark', attempts: 4, changed: 3, inProgress: 0 });
    const row = (id: string) => p.rows.find((r) => r.attemptId === id)!;
    expect(row(s.ben.id)).toMatchObject({
      student: { name: 'Ben Okafor' },
      before: { questionScore: 0, questionMax: 2, score: 1, maxScore: 5, percentage: 20, passed: false },
      after: { questionScore: 2, questionMax: 2, score: 3, maxScore: 5, percentage: 60, passed: true },
      teacherMarkKept: false,
      certificate: 'give',
    });
    expect(row(s.cy.id)).toMatchObject({
      before: { score: 3, percentage: 60, passed: true },
      after: { score: 1, percentage: 20, passed: false },
      certificate: 'revoke',
    });
    expect(row(s.ada.id)).toMatchObject({
      before: { score: 3, passed: true },
      after: { score: 5, passed: true },
    });
    // Dee's hand mark (1 of 2) stays: listed so the teacher sees it, before = after.
    expect(row(s.dee.id)).toMatchObject({
      teacherMarkKept: true,
      before: { questionScore: 1, score: 1 },
      after: { questionScore: 1, score: 1 },
    });
    // Changed attempts first.
    expect(p.rows.at(-1)!.attemptId).toBe(s.dee.id);
    const after = await Promise.all([s.ada, s.ben, s.cy, s.dee].map((a) => attemptRow(a.id)));
    expect(after.map(figuresOf)).toEqual(before.map(figuresOf));
    expect(after.map((a) => a.questions)).toEqual(before.map((a) => a.questions));
  });

  it("changes a teacher's hand mark only when asked", async () => {
    const p = await previewOk(s.assessment.id, remark(FIXED_MCQ, true));
    expect(p.changed).toBe(4);
    expect(p.rows.find((r) => r.attemptId === s.dee.id)).toMatchObject({
      teacherMarkKept: false,
      before: { questionScore: 1, score: 1 },
      after: { questionScore: 2, score: 2, passed: false },
    });
  });

  it('gives everyone full marks, or drops the question from the total', async () => {
    const full = await previewOk(s.assessment.id, { questionId: 'q-mcq', mode: 'fullMarks' });
    expect(full.rows.find((r) => r.attemptId === s.ben.id)!.after).toMatchObject({ score: 3, passed: true });
    // Cy already had full marks: unchanged, not listed.
    expect(full.rows.map((r) => r.attemptId)).not.toContain(s.cy.id);

    const drop = await previewOk(s.assessment.id, { questionId: 'q-mcq', mode: 'drop' });
    expect(drop.rows.find((r) => r.attemptId === s.ben.id)!.after).toMatchObject({
      questionScore: 0,
      questionMax: 0,
      score: 1,
      maxScore: 3,
      percentage: 33.33,
      passed: false,
    });
    expect(drop.rows.find((r) => r.attemptId === s.cy.id)!.after).toMatchObject({
      score: 1,
      maxScore: 3,
      passed: false,
    });
    // Dee keeps her 1 of 2 unless asked.
    expect(drop.rows.find((r) => r.attemptId === s.dee.id)).toMatchObject({ teacherMarkKept: true });
  });

  it('refuses bad input with a translated message and unknown questions with 404', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/assessments/${s.assessment.id}/regrades/preview`,
      headers: thaiTeacher.headers,
      payload: { questionId: 'q-mcq', mode: 'remark' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_error', message: thErrors.validation_error });
    expect(JSON.stringify(missing.json().details)).toContain('regrades.errors.questionMissing');

    const otherType = await preview(teacher, s.assessment.id, {
      questionId: 'q-mcq',
      mode: 'remark',
      question: {
        id: 'q-mcq',
        type: 'true-false',
        text: 'Mars is red.',
        score: 2,
        config: { correct: true },
      },
    });
    expect(otherType.statusCode).toBe(400);
    expect(JSON.stringify(otherType.json().details)).toContain('regrades.errors.typeChanged');

    const invalid = await preview(teacher, s.assessment.id, {
      ...remark(),
      question: { ...FIXED_MCQ, config: { ...(FIXED_MCQ.config as object), correct: [] } },
    });
    expect(invalid.statusCode).toBe(400);

    const mismatch = await preview(teacher, s.assessment.id, { ...remark(), questionId: 'q-tf' });
    expect(mismatch.statusCode).toBe(400);
    expect(JSON.stringify(mismatch.json().details)).toContain('regrades.errors.questionMismatch');

    const unknown = await preview(teacher, s.assessment.id, { questionId: 'q-nope', mode: 'drop' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('unknown_question');
  });
});

describe('applying', () => {
  let s: Scene;
  let applied: Regrade;
  beforeAll(async () => {
    s = await scene({ autoGive: true });
    smtp.received.length = 0;
    const p = await previewOk(s.assessment.id, remark());
    const res = await apply(teacher, s.assessment.id, remark(), p.token);
    expect(res.statusCode, res.body).toBe(200);
    applied = res.json();
    await t.app.jobs.drain();
    await t.app.mailer.idle();
  });

  it("writes the new marks and totals, and the attempts' question holds the corrected key", async () => {
    expect(figuresOf(await attemptRow(s.ben.id))).toEqual({
      score: 3,
      maxScore: 5,
      percentage: 60,
      passed: true,
    });
    expect(figuresOf(await attemptRow(s.cy.id))).toEqual({
      score: 1,
      maxScore: 5,
      percentage: 20,
      passed: false,
    });
    expect(figuresOf(await attemptRow(s.ada.id))).toEqual({
      score: 5,
      maxScore: 5,
      percentage: 100,
      passed: true,
    });
    expect(await answerRow(s.ben.id, 'q-mcq')).toMatchObject({ score: 2, correct: true, markStatus: 'auto' });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/attempts/${s.ben.id}/submission`,
      headers: teacher.headers,
    });
    const mcq = detail.json().questions.find((q: { id: string }) => q.id === 'q-mcq');
    expect(mcq).toMatchObject({ score: 2, expectedAnswer: ['b'] });
    // The assessment itself holds the corrected key: attempts started from now on are marked with it.
    const [own] = await t.app.db.select().from(assessments).where(eq(assessments.id, s.assessment.id));
    expect((own!.questions as Question[])[0]!.config).toMatchObject({ correct: ['b'] });
  });

  it("keeps the teacher's hand mark", async () => {
    expect(await answerRow(s.dee.id, 'q-mcq')).toMatchObject({
      score: 1,
      markStatus: 'marked',
      markedBy: teacher.user.id,
      feedback: 'Half: you named it, no reason.',
    });
    expect(figuresOf(await attemptRow(s.dee.id))).toMatchObject({ score: 1, passed: false });
  });

  it('keeps the history: who, when, each attempt before and after', async () => {
    expect(applied).toMatchObject({
      questionId: 'q-mcq',
      mode: 'remark',
      includeTeacherMarks: false,
      appliedBy: { id: teacher.user.id, name: 'Teacher Tan' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/assessments/${s.assessment.id}/regrades`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const overview: RegradeOverview = res.json();
    expect(overview.history).toHaveLength(1);
    expect(overview.history[0]!.rows.find((r) => r.attemptId === s.ben.id)).toMatchObject({
      before: { score: 1, passed: false },
      after: { score: 3, passed: true },
    });
    expect(overview.questions.map((q) => [q.id, q.attempts])).toEqual([
      ['q-mcq', 4],
      ['q-tf', 4],
      ['q-essay', 4],
    ]);
    // The attempts and the assessment agree again: nothing edited since.
    expect(overview.questions[0]!.edited).toBeNull();
    expect(overview.questions.some((q) => q.notInAssessment)).toBe(false);
    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'assessment.regraded'), eq(auditEvents.targetId, s.assessment.id)));
    expect(audit).toMatchObject({ actorId: teacher.user.id, details: { questionId: 'q-mcq', changed: 3 } });
  });

  it('tells each student whose result changed, in the app and by mail in their language', async () => {
    expect(await kinds(students.ben.user.id)).toContain('result_regraded');
    expect(await kinds(students.cy.user.id)).toContain('result_regraded');
    expect(await kinds(students.ada.user.id)).toContain('result_regraded');
    expect(await kinds(students.dee.user.id)).not.toContain('result_regraded');
    const benMails = smtp.received.filter((m) => m.to.includes(students.ben.user.email));
    expect(benMails.map((m) => m.mail.subject)).toContain('ผลของคุณใน Planets เปลี่ยนแปลงแล้ว');
    expect(smtp.received.some((m) => m.to.includes(students.dee.user.email))).toBe(false);
  });

  it('gives the new pass its certificate and revokes the one of a pass that is gone', async () => {
    const held = await t.app.db
      .select()
      .from(certificates)
      .where(eq(certificates.assessmentId, s.assessment.id));
    const ben = held.filter((c) => c.studentId === students.ben.user.id);
    expect(ben).toHaveLength(1);
    expect(ben[0]!.revokedAt).toBeNull();
    const cy = held.find((c) => c.studentId === students.cy.user.id)!;
    expect(cy.revokedAt).not.toBeNull();
    expect(cy.revokedBy).toBe(teacher.user.id);
    expect(cy.revokeReason).toContain('Planets');
    expect(await kinds(students.ben.user.id)).toContain('certificate_given');
    // Cy is told, as after an Administrator's revoke, and the audit names the regrade.
    expect(await kinds(students.cy.user.id)).toContain('certificate_revoked');
    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'certificate.revoked'), eq(auditEvents.targetId, cy.id)));
    expect(audit!.details).toMatchObject({ studentId: students.cy.user.id, regradeId: expect.any(String) });
  });

  it('shows the new values in the results list and exports', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/assessments/${s.assessment.id}/submissions`,
      headers: teacher.headers,
    });
    const ben = list.json().items.find((i: { attemptId: string }) => i.attemptId === s.ben.id);
    expect(ben).toMatchObject({ score: 3, percentage: 60, passed: true });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/assessments/${s.assessment.id}/export.csv`,
      headers: teacher.headers,
    });
    expect(csv.statusCode).toBe(200);
    const benLine = csv.body.split('\n').find((l) => l.includes('Ben Okafor'))!;
    expect(benLine).toContain('60');
  });
});

describe('a question the assessment no longer has', () => {
  it('is offered (the attempts hold it) and said to be outside the assessment; its correction reaches the attempts only', async () => {
    const s = await scene();
    // The teacher removed the True/False from the assessment after the submissions.
    await t.app.db
      .update(assessments)
      .set({ questions: [WRONG_KEY[0], WRONG_KEY[2]] })
      .where(eq(assessments.id, s.assessment.id));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/assessments/${s.assessment.id}/regrades`,
      headers: teacher.headers,
    });
    const tf = (res.json() as RegradeOverview).questions.find((q) => q.id === 'q-tf')!;
    expect(tf).toMatchObject({ notInAssessment: true, attempts: 4 });
    const fixed: Question = { ...WRONG_KEY[1]!, config: { correct: false } };
    const p = await previewOk(s.assessment.id, remark(fixed));
    expect((await apply(teacher, s.assessment.id, remark(fixed), p.token)).statusCode).toBe(200);
    expect(figuresOf(await attemptRow(s.ben.id))).toMatchObject({ score: 0 });
    const [own] = await t.app.db.select().from(assessments).where(eq(assessments.id, s.assessment.id));
    expect((own!.questions as Question[]).map((q) => q.id)).toEqual(['q-mcq', 'q-essay']);
  });
});

describe('results not released yet', () => {
  it("tells nobody: the teacher's release will", async () => {
    const s = await scene({ releasePolicy: 'manual' });
    const before = await kinds(students.ben.user.id);
    const p = await previewOk(s.assessment.id, remark());
    expect((await apply(teacher, s.assessment.id, remark(), p.token)).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(figuresOf(await attemptRow(s.ben.id))).toMatchObject({ score: 3, passed: true });
    expect(await kinds(students.ben.user.id)).toEqual(before);
  });
});

describe('full marks and drop, applied', () => {
  it('full marks changes every answer below full, and a teacher mark only when asked', async () => {
    const s = await scene();
    const body: RegradeRequestInput = { questionId: 'q-mcq', mode: 'fullMarks', includeTeacherMarks: true };
    const p = await previewOk(s.assessment.id, body);
    expect((await apply(teacher, s.assessment.id, body, p.token)).statusCode).toBe(200);
    for (const a of [s.ada, s.ben, s.dee]) expect((await answerRow(a.id, 'q-mcq')).score).toBe(2);
    expect(await answerRow(s.dee.id, 'q-mcq')).toMatchObject({ markStatus: 'auto', markedBy: null });
    expect(figuresOf(await attemptRow(s.dee.id))).toEqual({
      score: 2,
      maxScore: 5,
      percentage: 40,
      passed: false,
    });
    // The question's key is left as it was: full marks is not a correction.
    expect((await attemptRow(s.ben.id)).questions).toEqual(s.ben.questions);
  });

  it('drop takes the question out of the score and the maximum', async () => {
    const s = await scene();
    const body: RegradeRequestInput = { questionId: 'q-mcq', mode: 'drop' };
    const p = await previewOk(s.assessment.id, body);
    expect((await apply(admin, s.assessment.id, body, p.token)).statusCode).toBe(200);
    expect(figuresOf(await attemptRow(s.ben.id))).toEqual({
      score: 1,
      maxScore: 3,
      percentage: 33.33,
      passed: false,
    });
    expect(figuresOf(await attemptRow(s.cy.id))).toEqual({
      score: 1,
      maxScore: 3,
      percentage: 33.33,
      passed: false,
    });
    expect(await answerRow(s.ben.id, 'q-mcq')).toMatchObject({
      score: 0,
      maxScore: 0,
      markStatus: 'unscored',
    });
    // Dee's hand mark stays (she was not asked about): 1 of 2 still counts.
    expect(figuresOf(await attemptRow(s.dee.id))).toEqual({
      score: 1,
      maxScore: 5,
      percentage: 20,
      passed: false,
    });
    // A later re-mark brings the dropped question back with the corrected key.
    const back = await previewOk(s.assessment.id, remark());
    expect(back.rows.find((r) => r.attemptId === s.ben.id)!.after).toMatchObject({ score: 3, maxScore: 5 });
  });
});

describe('what was previewed is what is applied', () => {
  it('refuses (409, translated) when a teacher marked in between, and changes nothing', async () => {
    const s = await scene();
    const p = await previewOk(s.assessment.id, remark());
    await mark(teacher, s.ben.id, [{ questionId: 'q-mcq', score: 1 }]);
    const before = await Promise.all([s.ada, s.ben, s.cy, s.dee].map((a) => attemptRow(a.id)));
    const res = await apply(thaiTeacher, s.assessment.id, remark(), p.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'regrade_changed', message: thErrors.regrade_changed });
    const after = await Promise.all([s.ada, s.ben, s.cy, s.dee].map((a) => attemptRow(a.id)));
    expect(after).toEqual(before);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/assessments/${s.assessment.id}/regrades`,
      headers: teacher.headers,
    });
    expect(history.json().history).toEqual([]);
  });

  it('refuses a token of another request, and a second apply of the same preview', async () => {
    const s = await scene();
    const p = await previewOk(s.assessment.id, remark());
    expect((await apply(teacher, s.assessment.id, remark(FIXED_MCQ, true), p.token)).statusCode).toBe(409);
    expect((await apply(teacher, s.assessment.id, remark(), p.token)).statusCode).toBe(200);
    expect((await apply(teacher, s.assessment.id, remark(), p.token)).statusCode).toBe(409);
  });

  it('is safe against a teacher marking the same attempt at the same time', async () => {
    for (let round = 0; round < 3; round += 1) {
      const s = await scene();
      const p = await previewOk(s.assessment.id, remark());
      const [regrade, marked] = await Promise.all([
        apply(teacher, s.assessment.id, remark(), p.token),
        t.app.inject({
          method: 'POST',
          url: `/api/attempts/${s.ben.id}/marks`,
          headers: admin.headers,
          payload: { marks: [{ questionId: 'q-mcq', score: 1 }] },
        }),
      ]);
      expect(marked.statusCode).toBe(200);
      expect([200, 409]).toContain(regrade.statusCode);
      // Whichever came second saw the first: the teacher's mark is the last word on Ben's answer,
      // and every attempt's totals are the sum of its stored marks.
      expect(await answerRow(s.ben.id, 'q-mcq')).toMatchObject({ score: 1, markStatus: 'marked' });
      for (const a of [s.ada, s.ben, s.cy, s.dee]) {
        const row = await attemptRow(a.id);
        const marks = await t.app.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, a.id));
        expect(row.score).toBe(marks.reduce((sum, m) => sum + (m.score ?? 0), 0));
      }
      expect(figuresOf(await attemptRow(s.ben.id))).toMatchObject({ score: 2, passed: false });
    }
  });
});

describe('who may', () => {
  let s: Scene;
  beforeAll(async () => {
    s = await scene();
  });

  it('reads: staff of the organization and the Super Administrator; not students, not another organization', async () => {
    const get = (who: Member) =>
      t.app.inject({
        method: 'GET',
        url: `/api/assessments/${s.assessment.id}/regrades`,
        headers: who.headers,
      });
    expect((await get(teacher)).statusCode).toBe(200);
    expect((await get(superAdmin)).statusCode).toBe(200);
    expect((await get(student)).statusCode).toBe(403);
    expect((await get(foreign)).statusCode).toBe(404);
  });

  it('previews and applies: the markers of the organization only', async () => {
    const body = remark();
    expect((await preview(student, s.assessment.id, body)).statusCode).toBe(403);
    expect((await preview(superAdmin, s.assessment.id, body)).statusCode).toBe(403);
    expect((await preview(foreign, s.assessment.id, body)).statusCode).toBe(404);
    const p = await previewOk(s.assessment.id, body);
    expect((await apply(foreign, s.assessment.id, body, p.token)).statusCode).toBe(404);
    expect((await apply(student, s.assessment.id, body, p.token)).statusCode).toBe(403);
    expect(figuresOf(await attemptRow(s.ben.id))).toMatchObject({ score: 1 });
  });
});

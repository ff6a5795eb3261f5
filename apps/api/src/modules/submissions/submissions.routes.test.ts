import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MarkingView,
  Question,
  StudentStatusList,
  SubmissionDetail,
  SubmissionList,
} from '@vbuilder/shared';
import {
  attemptAnswers,
  attempts,
  auditEvents,
  type AssessmentRow,
  type AttemptRow,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import {
  GOOD_ANSWERS,
  makeAssessment,
  OBJECTIVE_ONLY,
  startAttempt,
  submitAttempt,
} from './test-fixtures.ts';

let t: TestApp;
type Headers = Record<string, string>;
const as: Record<'teacher' | 'admin' | 'legacyAdmin' | 'student' | 'foreign' | 'super', Headers> =
  {} as never;
let ada: { id: string };
let ben: { id: string };
let cy: { id: string };
let assessment: AssessmentRow;
let adaAttempt: AttemptRow;
let benFirst: AttemptRow;
let benRetake: AttemptRow;

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  t = await buildTestApp();
  const org = await makeOrganization(t.app, 'Submissions School');
  const other = await makeOrganization(t.app, 'Other School');
  const headersOf = async (role: Parameters<typeof makeUser>[1], orgId: string | null) =>
    bearer(await tokenFor(t.app, await makeUser(t.app, role, orgId)));
  as.teacher = await headersOf('Teacher', org.id);
  as.admin = await headersOf('Administrator', org.id);
  as.legacyAdmin = await headersOf('user', org.id);
  as.student = await headersOf('Student', org.id);
  as.foreign = await headersOf('Administrator', other.id);
  as.super = await headersOf('Super Administrator', null);
  // as.student is also an active Student of the organization: the "all" assignment counts them.
  ada = await makeUser(t.app, 'Student', org.id, { name: 'Ada Lovelace' });
  ben = await makeUser(t.app, 'Student', org.id, { name: 'Ben Okafor' });
  cy = await makeUser(t.app, 'Student', org.id, { name: 'Cy Nguyen' });
  await makeUser(t.app, 'Student', org.id, { name: 'Inactive Ivy', status: 'inactive' });
  await makeUser(t.app, 'Student', other.id, { name: 'Elsewhere Eve' });

  assessment = await makeAssessment(t.app, org.id, { allowRetake: true });
  // Ada: objective right, essay and code waiting for a teacher → 3/10, Pending.
  adaAttempt = await submitAttempt(t.app, assessment, ada.id, GOOD_ANSWERS, {
    submittedAt: minutesAgo(10),
    files: [{ questionId: 'q-essay', name: 'diagram.pdf' }],
  });
  // Ben: all wrong, open questions unanswered → 0/10; his retake gets the objective part → 3/10.
  benFirst = await submitAttempt(
    t.app,
    assessment,
    ben.id,
    { 'q-mcq': ['a'], 'q-tf': false },
    {
      submittedAt: minutesAgo(30),
    },
  );
  benRetake = await submitAttempt(t.app, assessment, ben.id, OBJECTIVE_ONLY, {
    number: 2,
    submittedAt: minutesAgo(5),
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const mark = (attemptId: string, headers: Headers, marks: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/attempts/${attemptId}/marks`, headers, payload: { marks } });

async function storedAnswers(attemptId: string) {
  const rows = await t.app.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId));
  return Object.fromEntries(rows.map((r) => [r.questionId, r]));
}
async function storedAttempt(attemptId: string) {
  const [row] = await t.app.db.select().from(attempts).where(eq(attempts.id, attemptId));
  return row!;
}

describe('GET /api/assessments/:id/submissions', () => {
  it('lists submitted attempts newest first with the figures', async () => {
    const res = await get(`/api/assessments/${assessment.id}/submissions`, as.teacher);
    expect(res.statusCode).toBe(200);
    const list = res.json<SubmissionList>();
    expect(
      list.items.map((i) => [i.student.name, i.number, i.status, i.score, i.percentage, i.passed]),
    ).toEqual([
      ['Ben Okafor', 2, 'Submitted', 3, 30, false],
      ['Ada Lovelace', 1, 'Pending', 3, 30, null],
      ['Ben Okafor', 1, 'Submitted', 0, 0, false],
    ]);
    expect(list.total).toBe(3);
    expect(list.items[1]!.student.email).toMatch(/@example\.test$/);
    expect(list.items[1]!.maxScore).toBe(10);
    expect(list.stats).toEqual({
      // Ada, Ben, Cy and the signed-in Student; not the inactive one, nor another organization's.
      assigned: 4,
      submitted: 3,
      studentsSubmitted: 2,
      passed: 0,
      passRate: 0,
      pendingMarking: 1,
      averagePercentage: 20,
    });
  });

  it('filters by status and pages, keeping the figures of all submissions', async () => {
    const pending = (
      await get(`/api/assessments/${assessment.id}/submissions?status=Pending`, as.admin)
    ).json<SubmissionList>();
    expect(pending.items.map((i) => i.attemptId)).toEqual([adaAttempt.id]);
    expect(pending.stats.submitted).toBe(3);
    const done = (
      await get(`/api/assessments/${assessment.id}/submissions?status=Submitted`, as.admin)
    ).json<SubmissionList>();
    expect(done.items.map((i) => i.attemptId)).toEqual([benRetake.id, benFirst.id]);
    const page2 = (
      await get(`/api/assessments/${assessment.id}/submissions?page=2&pageSize=1`, as.admin)
    ).json<SubmissionList>();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(page2.items.map((i) => i.attemptId)).toEqual([adaAttempt.id]);
  });

  it('does not count attempts still being taken', async () => {
    const fresh = await makeAssessment(t.app, assessment.organizationId);
    await startAttempt(t.app, fresh, cy.id);
    const list = (await get(`/api/assessments/${fresh.id}/submissions`, as.teacher)).json<SubmissionList>();
    expect(list.items).toEqual([]);
    expect(list.stats).toMatchObject({ submitted: 0, passRate: 0, averagePercentage: null });
  });

  it('answers 400 for an unknown status', async () => {
    const res = await get(`/api/assessments/${assessment.id}/submissions?status=Done`, as.teacher);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/assessments/:id/students', () => {
  it("lists the organization's active Students for an assessment assigned to all", async () => {
    const res = await get(`/api/assessments/${assessment.id}/students`, as.teacher);
    expect(res.statusCode).toBe(200);
    const rows = res.json<StudentStatusList>();
    const byName = Object.fromEntries(rows.map((r) => [r.student.name, r]));
    expect(rows).toHaveLength(4);
    expect(Object.keys(byName)).not.toContain('Inactive Ivy');
    expect(Object.keys(byName)).not.toContain('Elsewhere Eve');
    expect(byName['Ada Lovelace']).toMatchObject({
      status: 'Submitted',
      attempts: 1,
      bestPercentage: 30,
      pendingMarking: true,
    });
    expect(byName['Ben Okafor']).toMatchObject({
      status: 'Submitted',
      attempts: 2,
      bestPercentage: 30,
      pendingMarking: false,
    });
    expect(byName['Ben Okafor']!.lastSubmittedAt).toBe(benRetake.submittedAt!.toISOString());
    expect(byName['Cy Nguyen']).toMatchObject({
      status: 'Pending',
      attempts: 0,
      bestPercentage: null,
      lastSubmittedAt: null,
      pendingMarking: false,
    });
    // Sorted by name.
    expect(rows.map((r) => r.student.name)).toEqual([...rows.map((r) => r.student.name)].sort());
  });

  it('lists only the chosen students for a selected assignment', async () => {
    const chosen = await makeAssessment(t.app, assessment.organizationId, { selected: [ben.id, cy.id] });
    await submitAttempt(t.app, chosen, cy.id, OBJECTIVE_ONLY);
    const rows = (await get(`/api/assessments/${chosen.id}/students`, as.teacher)).json<StudentStatusList>();
    expect(rows.map((r) => [r.student.name, r.status])).toEqual([
      ['Ben Okafor', 'Pending'],
      ['Cy Nguyen', 'Submitted'],
    ]);
    const list = (await get(`/api/assessments/${chosen.id}/submissions`, as.teacher)).json<SubmissionList>();
    expect(list.stats.assigned).toBe(2);
  });
});

describe('GET /api/attempts/:id/submission', () => {
  it('shows every question with the answer, the marks and what the teacher needs', async () => {
    const res = await get(`/api/attempts/${adaAttempt.id}/submission`, as.teacher);
    expect(res.statusCode).toBe(200);
    const detail = res.json<SubmissionDetail>();
    expect(detail).toMatchObject({
      attemptId: adaAttempt.id,
      student: { id: ada.id, name: 'Ada Lovelace' },
      status: 'Pending',
      markingStatus: 'pending',
      score: 3,
      maxScore: 10,
      passed: null,
      passMark: 50,
      assessment: {
        id: assessment.id,
        title: 'Science quiz',
        subject: 'Science',
        passMark: 50,
        totalMarks: 10,
      },
    });
    const q = Object.fromEntries(detail.questions.map((x) => [x.id, x]));
    expect(detail.questions.map((x) => x.id)).toEqual(['q-mcq', 'q-tf', 'q-essay', 'q-code']);
    expect(q['q-mcq']).toMatchObject({
      family: 'choice',
      score: 2,
      max: 2,
      correct: true,
      markStatus: 'auto',
      needsMarking: false,
      answer: ['b'],
      expectedAnswer: ['b'],
    });
    expect(q['q-mcq']!.question.config).toMatchObject({ correct: ['b'] });
    expect(q['q-essay']).toMatchObject({
      family: 'open',
      score: 0,
      max: 5,
      correct: null,
      markStatus: 'manual',
      needsMarking: true,
      answer: { text: '<p>The Earth is tilted on its axis.</p>' },
      modelAnswer: 'The tilt of the Earth’s axis changes the angle of sunlight.',
      rubric: '2 pts axis tilt, 2 pts angle of sunlight, 1 pt clear writing',
      codeLanguage: null,
      feedback: null,
      markedBy: null,
    });
    expect(q['q-essay']!.files).toEqual([
      expect.objectContaining({
        name: 'diagram.pdf',
        contentType: 'application/pdf',
        url: expect.stringMatching(`^/api/attempts/${adaAttempt.id}/files/`),
      }),
    ]);
    expect(q['q-code']).toMatchObject({
      codeLanguage: 'python',
      expectedAnswer: { code: 'def add(a, b):\n    return a + b' },
    });
  });

  it('marks an unanswered question as the registry does', async () => {
    const detail = (
      await get(`/api/attempts/${benFirst.id}/submission`, as.teacher)
    ).json<SubmissionDetail>();
    const essay = detail.questions.find((q) => q.id === 'q-essay')!;
    expect(essay).toMatchObject({ answer: null, score: 0, max: 5, markStatus: 'auto', needsMarking: false });
  });

  it('answers no_submission for an attempt still being taken', async () => {
    const taking = await startAttempt(t.app, assessment, cy.id);
    const res = await get(`/api/attempts/${taking.id}/submission`, as.teacher);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('no_submission');
    await t.app.db.delete(attempts).where(eq(attempts.id, taking.id));
  });
});

describe('GET /api/assessments/:id/marking/:studentId', () => {
  it('gives the attempt with answers waiting for a teacher', async () => {
    const res = await get(`/api/assessments/${assessment.id}/marking/${ada.id}`, as.teacher);
    expect(res.statusCode).toBe(200);
    const view = res.json<MarkingView>();
    expect(view).toMatchObject({ attemptId: adaAttempt.id, pendingAnswers: 2, otherAttempts: [] });
    expect(view.questions.filter((q) => q.needsMarking).map((q) => q.id)).toEqual(['q-essay', 'q-code']);
  });

  it('falls back to the latest submitted attempt and lists the others', async () => {
    const view = (
      await get(`/api/assessments/${assessment.id}/marking/${ben.id}`, as.teacher)
    ).json<MarkingView>();
    expect(view).toMatchObject({ attemptId: benRetake.id, number: 2, pendingAnswers: 0 });
    expect(view.otherAttempts).toEqual([
      {
        attemptId: benFirst.id,
        number: 1,
        submittedAt: benFirst.submittedAt!.toISOString(),
        status: 'Submitted',
      },
    ]);
  });

  it('answers no_submission for a student who has not submitted', async () => {
    const res = await get(`/api/assessments/${assessment.id}/marking/${cy.id}`, as.teacher);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'no_submission',
      message: 'No submission found for this student',
    });
  });
});

describe('POST /api/attempts/:id/marks', () => {
  it('refuses a score above the max, and changes nothing', async () => {
    const before = await storedAnswers(adaAttempt.id);
    const res = await mark(adaAttempt.id, as.teacher, [
      { questionId: 'q-code', score: 2, feedback: 'Good' },
      { questionId: 'q-essay', score: 5.5 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'score_out_of_range',
      details: [
        {
          path: ['marks', '1', 'score'],
          message: 'submissions.errors.scoreOutOfRange',
          questionId: 'q-essay',
          max: 5,
        },
      ],
    });
    expect(await storedAnswers(adaAttempt.id)).toEqual(before);
    expect(await storedAttempt(adaAttempt.id)).toMatchObject({ score: 3, markingStatus: 'pending' });
  });

  it('refuses an unknown question, negative scores and steps finer than 0.5, changing nothing', async () => {
    const before = await storedAnswers(adaAttempt.id);
    const unknown = await mark(adaAttempt.id, as.teacher, [
      { questionId: 'q-essay', score: 3 },
      { questionId: 'q-nope', score: 1 },
    ]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('unknown_question');
    for (const score of [-1, 2.25]) {
      const res = await mark(adaAttempt.id, as.teacher, [{ questionId: 'q-essay', score }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
    const duplicate = await mark(adaAttempt.id, as.teacher, [
      { questionId: 'q-essay', score: 1 },
      { questionId: 'q-essay', score: 2 },
    ]);
    expect(duplicate.statusCode).toBe(400);
    expect((await mark(adaAttempt.id, as.teacher, [])).statusCode).toBe(400);
    expect(await storedAnswers(adaAttempt.id)).toEqual(before);
  });

  it('marks open answers: pending until the last one, then passed or not', async () => {
    const first = await mark(adaAttempt.id, as.teacher, [
      { questionId: 'q-essay', score: 4.5, feedback: 'Clear, but say more about the angle.' },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json<SubmissionDetail>()).toMatchObject({
      status: 'Pending',
      markingStatus: 'pending',
      score: 7.5,
      passed: null,
    });
    const essay = first.json<SubmissionDetail>().questions.find((q) => q.id === 'q-essay')!;
    expect(essay).toMatchObject({
      score: 4.5,
      markStatus: 'marked',
      needsMarking: false,
      correct: false,
      feedback: 'Clear, but say more about the angle.',
      markedBy: { name: expect.stringContaining('Teacher') },
    });
    expect(essay.markedAt).toEqual(expect.any(String));

    const last = await mark(adaAttempt.id, as.admin, [{ questionId: 'q-code', score: 2 }]);
    expect(last.statusCode).toBe(200);
    expect(last.json<SubmissionDetail>()).toMatchObject({
      status: 'Submitted',
      markingStatus: 'marked',
      score: 9.5,
      maxScore: 10,
      percentage: 95,
      passed: true,
    });
    expect(await storedAttempt(adaAttempt.id)).toMatchObject({
      score: 9.5,
      percentage: 95,
      passed: true,
      markingStatus: 'marked',
    });
    const list = (
      await get(`/api/assessments/${assessment.id}/submissions`, as.teacher)
    ).json<SubmissionList>();
    expect(list.stats).toMatchObject({ passed: 1, pendingMarking: 0, passRate: 33.33 });
    const view = (
      await get(`/api/assessments/${assessment.id}/marking/${ada.id}`, as.teacher)
    ).json<MarkingView>();
    expect(view.pendingAnswers).toBe(0);
  });

  it('is idempotent: the same body again changes nothing and audits nothing new', async () => {
    const body = [{ questionId: 'q-code', score: 2 }];
    const audits = async () =>
      (
        await t.app.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.targetId, adaAttempt.id), eq(auditEvents.action, 'attempt.marked')))
      ).length;
    const before = await audits();
    const answersBefore = await storedAnswers(adaAttempt.id);
    const again = await mark(adaAttempt.id, as.admin, body);
    expect(again.statusCode).toBe(200);
    expect(again.json<SubmissionDetail>()).toMatchObject({ score: 9.5, passed: true });
    expect(await storedAnswers(adaAttempt.id)).toEqual(answersBefore);
    expect(await audits()).toBe(before);
    expect(before).toBe(2);
  });

  it('records who marked what in the audit log', async () => {
    const [event] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, adaAttempt.id), eq(auditEvents.action, 'attempt.marked')))
      .limit(1);
    expect(event).toMatchObject({
      targetType: 'attempt',
      organizationId: assessment.organizationId,
      actorRole: 'Teacher',
    });
    expect(event!.details).toMatchObject({
      assessmentId: assessment.id,
      studentId: ada.id,
      questions: ['q-essay'],
    });
  });

  it('lets a teacher override an automatic mark, and keeps or clears feedback', async () => {
    const res = await mark(benRetake.id, as.legacyAdmin, [
      { questionId: 'q-mcq', score: 1, feedback: 'Half: no working shown' },
    ]);
    expect(res.statusCode).toBe(200);
    const detail = res.json<SubmissionDetail>();
    expect(detail).toMatchObject({
      score: 2,
      percentage: 20,
      markingStatus: 'marked',
      status: 'Submitted',
      passed: false,
    });
    expect(detail.questions.find((q) => q.id === 'q-mcq')).toMatchObject({
      markStatus: 'marked',
      score: 1,
      correct: false,
    });

    const kept = (
      await mark(benRetake.id, as.teacher, [{ questionId: 'q-mcq', score: 2 }])
    ).json<SubmissionDetail>();
    expect(kept.questions.find((q) => q.id === 'q-mcq')).toMatchObject({
      score: 2,
      correct: true,
      feedback: 'Half: no working shown',
    });
    const cleared = (
      await mark(benRetake.id, as.teacher, [{ questionId: 'q-mcq', score: 2, feedback: '' }])
    ).json<SubmissionDetail>();
    expect(cleared.questions.find((q) => q.id === 'q-mcq')!.feedback).toBeNull();
  });

  it('marks a question the student left unanswered', async () => {
    const res = await mark(benFirst.id, as.teacher, [
      { questionId: 'q-essay', score: 1, feedback: 'Spoke to me after class' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json<SubmissionDetail>()).toMatchObject({ score: 1, percentage: 10, markingStatus: 'marked' });
    expect((await storedAnswers(benFirst.id))['q-essay']).toMatchObject({
      answer: null,
      score: 1,
      markStatus: 'marked',
    });
  });

  it('answers no_submission for an attempt still being taken', async () => {
    const taking = await startAttempt(t.app, assessment, cy.id);
    const res = await mark(taking.id, as.teacher, [{ questionId: 'q-essay', score: 1 }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('no_submission');
    expect(await storedAnswers(taking.id)).toEqual({});
    await t.app.db.delete(attempts).where(eq(attempts.id, taking.id));
  });

  it('applies concurrent marks one after the other, the totals matching the answers', async () => {
    const fresh = await submitAttempt(t.app, assessment, cy.id, GOOD_ANSWERS);
    const results = await Promise.all([
      mark(fresh.id, as.teacher, [{ questionId: 'q-essay', score: 5 }]),
      mark(fresh.id, as.admin, [{ questionId: 'q-code', score: 1 }]),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await storedAttempt(fresh.id)).toMatchObject({ score: 9, markingStatus: 'marked', passed: true });
  });
});

describe('who may do it', () => {
  const reads = () => [
    `/api/assessments/${assessment.id}/submissions`,
    `/api/assessments/${assessment.id}/students`,
    `/api/attempts/${adaAttempt.id}/submission`,
    `/api/assessments/${assessment.id}/marking/${ada.id}`,
    `/api/assessments/${assessment.id}/export.csv`,
    `/api/assessments/${assessment.id}/export.xlsx`,
    `/api/assessments/${assessment.id}/report.pdf`,
    `/api/assessments/${assessment.id}/item-analysis`,
  ];

  it('refuses Students (403) and callers without a token (401)', async () => {
    for (const url of reads()) {
      expect((await get(url, as.student)).statusCode, url).toBe(403);
      expect((await get(url, {})).statusCode, url).toBe(401);
    }
    expect((await mark(adaAttempt.id, as.student, [{ questionId: 'q-essay', score: 1 }])).statusCode).toBe(
      403,
    );
  });

  it("answers 404 to another organization's staff, as for a missing id", async () => {
    for (const url of reads()) {
      const res = await get(url, as.foreign);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('not_found');
    }
    const before = await storedAnswers(adaAttempt.id);
    const res = await mark(adaAttempt.id, as.foreign, [{ questionId: 'q-essay', score: 0 }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect(await storedAnswers(adaAttempt.id)).toEqual(before);
  });

  it('lets the Super Administrator read but not mark', async () => {
    for (const url of reads()) expect((await get(url, as.super)).statusCode, url).toBe(200);
    expect((await mark(adaAttempt.id, as.super, [{ questionId: 'q-essay', score: 1 }])).statusCode).toBe(403);
  });

  it('hides a deleted assessment', async () => {
    const gone = await makeAssessment(t.app, assessment.organizationId, { deletedAt: new Date() });
    const attempt = await submitAttempt(t.app, gone, ada.id, OBJECTIVE_ONLY);
    expect((await get(`/api/assessments/${gone.id}/submissions`, as.teacher)).statusCode).toBe(404);
    expect((await get(`/api/attempts/${attempt.id}/submission`, as.teacher)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every submissions route', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths as Record<string, unknown>);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/assessments/{id}/submissions',
        '/api/assessments/{id}/students',
        '/api/attempts/{id}/submission',
        '/api/assessments/{id}/marking/{studentId}',
        '/api/attempts/{id}/marks',
        '/api/assessments/{id}/export.csv',
        '/api/assessments/{id}/export.xlsx',
        '/api/assessments/{id}/report.pdf',
        '/api/assessments/{id}/item-analysis',
      ]),
    );
  });
});

describe('answers in the student view ids', () => {
  it('shows and exports them in the question’s own ids', async () => {
    const timeline: Question = {
      id: 'q-order',
      type: 'timeline-assignments',
      text: 'Put these events in order.',
      score: 3,
      config: {
        items: [
          { id: 'first', text: 'Printing press' },
          { id: 'second', text: 'Steam engine' },
          { id: 'third', text: 'Internet' },
        ],
      },
    };
    const ordered = await makeAssessment(t.app, assessment.organizationId, { questions: [timeline] });
    const attempt = await submitAttempt(t.app, ordered, cy.id, { 'q-order': ['first', 'second', 'third'] });
    const [stored] = await t.app.db
      .select()
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, attempt.id));
    expect(stored!.answer).not.toEqual(['first', 'second', 'third']);
    const detail = (await get(`/api/attempts/${attempt.id}/submission`, as.teacher)).json<SubmissionDetail>();
    expect(detail.questions[0]).toMatchObject({
      answer: ['first', 'second', 'third'],
      expectedAnswer: ['first', 'second', 'third'],
      score: 3,
      correct: true,
    });
    // Overriding it re-reads the stored answer the same way (nothing is lost or re-marked wrongly).
    const marked = await mark(attempt.id, as.teacher, [{ questionId: 'q-order', score: 2 }]);
    expect(marked.json<SubmissionDetail>()).toMatchObject({ score: 2, maxScore: 3, percentage: 66.67 });
  });
});

describe('with the attempts API', () => {
  it('shows and marks an attempt a student took and submitted through the API', async () => {
    const org = assessment.organizationId;
    const taker = await makeUser(t.app, 'Student', org, { name: 'Dana Real' });
    const headers = bearer(await tokenFor(t.app, taker));
    const quiz = await makeAssessment(t.app, org, { selected: [taker.id] });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/assessments/${quiz.id}/attempts`,
      headers,
    });
    expect(started.statusCode).toBe(201);
    const attemptId = started.json<{ id: string }>().id;
    for (const [questionId, answer] of Object.entries({
      'q-mcq': ['b'],
      'q-essay': { text: '<p>Axis tilt.</p>' },
    })) {
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/attempts/${attemptId}/answers/${questionId}`,
        headers,
        payload: { answer, revision: 1, idempotencyKey: crypto.randomUUID() },
      });
      expect(saved.statusCode).toBe(200);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/attempts/${attemptId}/submit`, headers })).statusCode,
    ).toBe(200);

    const view = (
      await get(`/api/assessments/${quiz.id}/marking/${taker.id}`, as.teacher)
    ).json<MarkingView>();
    expect(view).toMatchObject({ attemptId, status: 'Pending', score: 2, maxScore: 10, pendingAnswers: 1 });
    expect(view.questions.find((q) => q.id === 'q-mcq')).toMatchObject({ answer: ['b'], correct: true });
    const marked = await mark(attemptId, as.teacher, [{ questionId: 'q-essay', score: 3 }]);
    expect(marked.json<SubmissionDetail>()).toMatchObject({
      status: 'Submitted',
      score: 5,
      percentage: 50,
      passed: true,
    });
  });
  it('never fails an assessment that can score nothing: 100 % at submit and after a teacher’s mark', async () => {
    const org = assessment.organizationId;
    const taker = await makeUser(t.app, 'Student', org, { name: 'Sam Survey' });
    const headers = bearer(await tokenFor(t.app, taker));
    const survey: Question = {
      id: 'q-survey',
      type: 'survey-based',
      text: 'Did you enjoy the unit?',
      score: 1,
      config: { responseKind: 'survey', surveyOptions: ['Yes', 'No'] },
    };
    const poll = await makeAssessment(t.app, org, {
      selected: [taker.id],
      questions: [survey],
      passMark: 60,
    });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/assessments/${poll.id}/attempts`,
      headers,
    });
    const attemptId = started.json<{ id: string }>().id;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/attempts/${attemptId}/answers/q-survey`,
      headers,
      payload: { answer: { choices: ['Yes'] }, revision: 1, idempotencyKey: crypto.randomUUID() },
    });
    expect(saved.statusCode).toBe(200);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/attempts/${attemptId}/submit`,
      headers,
    });
    const figures = { score: 0, maxScore: 0, percentage: 100, passed: true };
    expect(submitted.json()).toMatchObject({ ...figures, markingStatus: 'auto' });

    const marked = await mark(attemptId, as.teacher, [
      { questionId: 'q-survey', score: 0, feedback: 'Thanks!' },
    ]);
    expect(marked.json<SubmissionDetail>()).toMatchObject({ ...figures, markingStatus: 'marked' });
  });
});

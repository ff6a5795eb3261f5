import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AssessmentListSchema,
  AssessmentSchema,
  PLANS,
  type AssessmentInput,
  type AssessmentList,
} from '@vbuilder/shared';
import { attempts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, makeUser, signInAs } from '../../test/sign-in.ts';
import { recordPlan } from '../plans/plans.service.ts';
import { assessmentInput, createAssessmentAs, DAY, questionOf, settableClock } from './test-helpers.ts';

const clock = settableClock('2026-03-10T12:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { clock });
});
afterAll(() => t.close());

/** An organization on Enterprise (no monthly limit) with a Teacher signed in. */
async function school() {
  const org = await makeOrganization(t.app);
  await recordPlan(t.app.db, org.id, PLANS.Enterprise, { now: new Date('2026-01-01T00:00:00Z') });
  const teacher = await signInAs(t.app, 'Teacher', org.id);
  return { org, teacher };
}

const iso = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();

async function list(headers: Record<string, string>, query = ''): Promise<AssessmentList> {
  const res = await t.app.inject({ method: 'GET', url: `/api/assessments${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return AssessmentListSchema.parse(res.json());
}

describe('validation', () => {
  const post = async (body: unknown) => {
    const { teacher } = await school();
    return t.app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: teacher.headers,
      payload: body as object,
    });
  };
  const pathsOf = (body: { details?: Array<{ path: string[] }> }) =>
    body.details?.map((d) => d.path.join('.'));

  it.each<[string, Partial<AssessmentInput> & Record<string, unknown>, string]>([
    ['a missing title', { title: '' }, 'title'],
    ['a missing subject', { subject: '  ' }, 'subject'],
    ['a pass mark above 100', { passMark: 101 }, 'passMark'],
    ['a negative pass mark', { passMark: -1 }, 'passMark'],
    [
      'an end before the start',
      { startsAt: '2026-03-12T10:00:00Z', endsAt: '2026-03-11T10:00:00Z' },
      'endsAt',
    ],
    ['a published assessment without questions', { status: 'published', questions: [] }, 'questions'],
  ])('refuses %s with 400 validation_error', async (_label, overrides, path) => {
    const res = await post(assessmentInput(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(pathsOf(res.json())).toContain(path);
  });

  it('names the question config path that is wrong', async () => {
    const bad = { ...questionOf('multiple-choice', 'q1'), config: { multiple: false, options: [] } };
    const res = await post(assessmentInput({ questions: [bad] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(pathsOf(res.json())!.some((p) => p.startsWith('questions.0.config'))).toBe(true);
  });

  it('does not take total marks from the client', async () => {
    const { teacher } = await school();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: teacher.headers,
      payload: { ...assessmentInput(), totalMarks: 999 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().totalMarks).toBe(questionOf('multiple-choice').score);
  });
});

describe('create, read, update, delete', () => {
  it('creates, reads, replaces and soft-deletes an assessment', async () => {
    const { org, teacher } = await school();
    const questions = [questionOf('multiple-choice', 'q1'), questionOf('true-false', 'q2')];
    const created = await createAssessmentAs(t.app, teacher.headers, {
      questions,
      instructions: 'Read carefully',
      startsAt: iso(-DAY),
      endsAt: iso(DAY),
    });
    expect(created).toMatchObject({
      organizationId: org.id,
      title: 'Fractions check',
      status: 'draft',
      timing: 'ongoing',
      questionCount: 2,
      totalMarks: questions[0]!.score + questions[1]!.score,
      createdBy: { id: teacher.user.id, name: teacher.user.name },
      assignment: { mode: 'all' },
      myAttempts: null,
      resources: [],
      instructions: 'Read carefully',
    });

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/assessments/${created.id}`,
      headers: teacher.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(AssessmentSchema.parse(read.json()).questions).toEqual(questions);

    // PUT replaces everything: what is not sent goes back to its default.
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/assessments/${created.id}`,
      headers: teacher.headers,
      payload: assessmentInput({ title: 'Fractions test', questions: [questionOf('short-answers', 'q9')] }),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      title: 'Fractions test',
      instructions: '',
      startsAt: null,
      timing: 'notSet',
      questionCount: 1,
      totalMarks: questionOf('short-answers').score,
    });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/assessments/${created.id}`,
      headers: teacher.headers,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/assessments/${created.id}`,
      headers: teacher.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect((await list(teacher.headers)).items.map((a) => a.id)).not.toContain(created.id);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/assessments/${created.id}`,
      headers: teacher.headers,
    });
    expect(again.statusCode).toBe(404);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/assessments/${created.id}`,
      headers: teacher.headers,
      payload: assessmentInput(),
    });
    expect(edit.statusCode).toBe(404);
  });

  it('lets administrators of the organization write too, but no Student', async () => {
    const { org, teacher } = await school();
    const created = await createAssessmentAs(t.app, teacher.headers);
    for (const role of ['Administrator', 'user'] as const) {
      const { headers } = await signInAs(t.app, role, org.id);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/assessments/${created.id}`,
        headers,
        payload: assessmentInput({ title: `Edited by ${role}` }),
      });
      expect(res.statusCode).toBe(200);
    }
    const student = await signInAs(t.app, 'Student', org.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: student.headers,
      payload: assessmentInput(),
    });
    expect(res.statusCode).toBe(403);
  });

  it("answers 404 for another organization's assessment, whatever the call", async () => {
    const a = await school();
    const b = await school();
    const created = await createAssessmentAs(t.app, a.teacher.headers);
    for (const [method, url, payload] of [
      ['GET', `/api/assessments/${created.id}`, undefined],
      ['PUT', `/api/assessments/${created.id}`, assessmentInput()],
      ['DELETE', `/api/assessments/${created.id}`, undefined],
      ['POST', `/api/assessments/${created.id}/duplicate`, {}],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: b.teacher.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/assessments?organizationId=${a.org.id}`,
      headers: b.teacher.headers,
    });
    expect(listed.statusCode).toBe(404);
  });

  it('duplicates as a draft named "Copy of …", or with the title given', async () => {
    const { teacher } = await school();
    const source = await createAssessmentAs(t.app, teacher.headers, {
      status: 'published',
      questions: [questionOf('matching-pairs', 'm1')],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/assessments/${source.id}/duplicate`,
      headers: teacher.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = AssessmentSchema.parse(res.json());
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      title: 'Copy of Fractions check',
      status: 'draft',
      questions: source.questions,
    });

    const named = await t.app.inject({
      method: 'POST',
      url: `/api/assessments/${source.id}/duplicate`,
      headers: teacher.headers,
      payload: { title: 'Term 2 version' },
    });
    expect(named.json().title).toBe('Term 2 version');
  });

  it('keeps chosen students, and refuses anyone who is not a Student of the organization', async () => {
    const { org, teacher } = await school();
    const other = await school();
    const s1 = await makeUser(t.app, 'Student', org.id);
    const s2 = await makeUser(t.app, 'Student', org.id);
    const created = await createAssessmentAs(t.app, teacher.headers, {
      assignment: { mode: 'selected', studentIds: [s2.id, s1.id, s1.id] },
    });
    expect(created.assignment).toEqual({ mode: 'selected', studentIds: [s1.id, s2.id].sort() });

    const foreignStudent = await makeUser(t.app, 'Student', other.org.id);
    for (const stranger of [foreignStudent.id, teacher.user.id, crypto.randomUUID()]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/assessments',
        headers: teacher.headers,
        payload: assessmentInput({ assignment: { mode: 'selected', studentIds: [s1.id, stranger] } }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'student_not_in_organization',
        details: { studentIds: [stranger] },
      });
    }
  });
});

describe('list: search, filters, sort, pagination, timing', () => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    clock.set('2026-03-10T12:00:00.000Z');
    ({ headers } = (await school()).teacher);
    const make = (title: string, overrides: Partial<AssessmentInput>) =>
      createAssessmentAs(t.app, headers, { title, ...overrides });
    await make('Algebra basics', { subject: 'Mathematics', startsAt: iso(DAY), endsAt: iso(3 * DAY) });
    await make('Cell biology', {
      subject: 'Science',
      difficulty: 'Medium',
      startsAt: iso(-DAY),
      endsAt: iso(DAY),
    });
    await make('World history', { subject: 'History', generationType: 'ai', endsAt: iso(-DAY / 2) });
    await make('Poetry', { subject: 'English', status: 'published', difficulty: 'Difficult' });
    await make('50% off maths', { subject: 'Economics', startsAt: iso(-DAY) });
  });

  const titles = (page: AssessmentList) => page.items.map((a) => a.title);

  it('searches title or subject, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(titles(await list(headers, '?search=BIOLOGY'))).toEqual(['Cell biology']);
    expect(titles(await list(headers, '?search=mathem&sort=title'))).toEqual(['Algebra basics']);
    expect(titles(await list(headers, '?search=50%25'))).toEqual(['50% off maths']);
  });

  it('filters by status, generation type and difficulty', async () => {
    expect(titles(await list(headers, '?status=published'))).toEqual(['Poetry']);
    expect(titles(await list(headers, '?generationType=ai'))).toEqual(['World history']);
    expect(titles(await list(headers, '?difficulty=Medium'))).toEqual(['Cell biology']);
  });

  it('sorts either way and pages on the server', async () => {
    const asc = await list(headers, '?sort=title&order=asc');
    expect(titles(asc)).toEqual([
      '50% off maths',
      'Algebra basics',
      'Cell biology',
      'Poetry',
      'World history',
    ]);
    expect(titles(await list(headers, '?sort=title&order=desc'))).toEqual([...titles(asc)].reverse());
    const page2 = await list(headers, '?sort=title&pageSize=2&page=2');
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(titles(page2)).toEqual(['Cell biology', 'Poetry']);
    // Unset start dates go last either way.
    expect(
      titles(await list(headers, '?sort=startsAt&order=desc'))
        .slice(-2)
        .sort(),
    ).toEqual(['Poetry', 'World history']);
  });

  it('filters by timing in SQL at the app clock, so pages stay right', async () => {
    const timing = async (status: string) => titles(await list(headers, `?timing=${status}&sort=title`));
    expect(await timing('upcoming')).toEqual(['Algebra basics']);
    expect(await timing('ongoing')).toEqual(['50% off maths', 'Cell biology']);
    expect(await timing('past')).toEqual(['World history']);
    expect(await timing('notSet')).toEqual(['Poetry']);
    const page = await list(headers, '?timing=ongoing&pageSize=1');
    expect(page.total).toBe(2);
    expect(page.items[0]!.timing).toBe('ongoing');

    clock.advance(2 * DAY);
    expect(await timing('upcoming')).toEqual([]);
    expect(await timing('ongoing')).toEqual(['50% off maths', 'Algebra basics']);
    expect(await timing('past')).toEqual(['Cell biology', 'World history']);
    clock.set('2026-03-10T12:00:00.000Z');
  });

  it('makes the Super Administrator name the organization', async () => {
    const { org, teacher } = await school();
    await createAssessmentAs(t.app, teacher.headers);
    const { headers: superHeaders } = await signInAs(t.app, 'Super Administrator', null);
    const without = await t.app.inject({ method: 'GET', url: '/api/assessments', headers: superHeaders });
    expect(without.statusCode).toBe(400);
    expect((await list(superHeaders, `?organizationId=${org.id}`)).total).toBe(1);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/assessments?organizationId=${crypto.randomUUID()}`,
      headers: superHeaders,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('what a Student sees', () => {
  it('sees published assessments assigned to them, without questions, with their attempts', async () => {
    clock.set('2026-03-10T12:00:00.000Z');
    const { org, teacher } = await school();
    const student = await signInAs(t.app, 'Student', org.id);
    const classmate = await makeUser(t.app, 'Student', org.id);
    const window = { startsAt: iso(-DAY), endsAt: iso(DAY) };
    const draft = await createAssessmentAs(t.app, teacher.headers, { title: 'Draft', ...window });
    const forAll = await createAssessmentAs(t.app, teacher.headers, {
      title: 'For all',
      status: 'published',
      ...window,
    });
    const forMe = await createAssessmentAs(t.app, teacher.headers, {
      title: 'For me',
      status: 'published',
      allowRetake: false,
      assignment: { mode: 'selected', studentIds: [student.user.id] },
      ...window,
    });
    const forOther = await createAssessmentAs(t.app, teacher.headers, {
      title: 'For my classmate',
      status: 'published',
      assignment: { mode: 'selected', studentIds: [classmate.id] },
      ...window,
    });

    const seen = await list(student.headers, '?sort=title');
    expect(seen.items.map((a) => a.title)).toEqual(['For all', 'For me']);
    expect(seen.items[0]!.myAttempts).toEqual({ submitted: 0, inProgressAttemptId: null, canStart: true });
    // A status filter cannot show a Student drafts.
    expect((await list(student.headers, '?status=draft')).total).toBe(0);

    for (const hidden of [draft, forOther]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/assessments/${hidden.id}`,
        headers: student.headers,
      });
      expect(res.statusCode).toBe(404);
    }
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/assessments/${forMe.id}`,
      headers: student.headers,
    });
    expect(detail.statusCode).toBe(200);
    expect(AssessmentSchema.parse(detail.json())).toMatchObject({
      questions: [],
      assignment: { mode: 'all' },
      questionCount: 1,
    });

    // A submitted attempt without retakes: results, but no new start; an attempt in progress is named.
    const attempt = (assessmentId: string, status: string, number: number) => ({
      organizationId: org.id,
      assessmentId,
      studentId: student.user.id,
      number,
      status,
      startedAt: clock.now(),
      passMark: 50,
    });
    await t.app.db.insert(attempts).values(attempt(forMe.id, 'submitted', 1));
    const [inProgress] = await t.app.db
      .insert(attempts)
      .values(attempt(forAll.id, 'in_progress', 1))
      .returning();
    const after = await list(student.headers, '?sort=title');
    expect(after.items.map((a) => a.myAttempts)).toEqual([
      { submitted: 0, inProgressAttemptId: inProgress!.id, canStart: true },
      { submitted: 1, inProgressAttemptId: null, canStart: false },
    ]);

    // After the window: nothing can start.
    clock.advance(2 * DAY);
    expect((await list(student.headers)).items.every((a) => !a.myAttempts!.canStart)).toBe(true);
    clock.set('2026-03-10T12:00:00.000Z');

    // Staff get no attempts; another organization's student sees none of it.
    expect((await list(teacher.headers)).items.every((a) => a.myAttempts === null)).toBe(true);
    const stranger = await signInAs(t.app, 'Student', (await makeOrganization(t.app)).id);
    expect((await list(stranger.headers)).total).toBe(0);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/assessments/${forAll.id}`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});

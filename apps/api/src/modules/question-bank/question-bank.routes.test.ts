import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  AssessmentSchema,
  AttemptSchema,
  BankCategorySchema,
  BankQuestionListSchema,
  BankQuestionLinksSchema,
  BankQuestionSchema,
  PLANS,
  drawnQuestionId,
  type Attempt,
  type BankQuestionInput,
  type DrawRuleInput,
  type Question,
} from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { attempts, users } from '../../db/schema/index.ts';
import { recordPlan } from '../plans/plans.service.ts';
import { assessmentInput } from '../assessments/test-helpers.ts';
import { questionOf, testClock } from '../attempts/test-fixtures.ts';
import { drawForAttempt, drawRulesOf } from '../assessments/bank-links.service.ts';

const clock = testClock();
let t: TestApp;
let app: FastifyInstance;
let orgId: string;
type Headers = Record<string, string>;
type Person = { user: { id: string }; headers: Headers };
let teacher: Person;
let admin: Person;
let student: Person;
let classmate: Person;
let foreignTeacher: Person;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  app = t.app;
  orgId = (await makeOrganization(app)).id;
  const otherOrgId = (await makeOrganization(app)).id;
  await recordPlan(app.db, orgId, PLANS.Enterprise);
  await recordPlan(app.db, otherOrgId, PLANS.Enterprise);
  teacher = await signInAs(app, 'Teacher', orgId);
  admin = await signInAs(app, 'Administrator', orgId);
  student = await signInAs(app, 'Student', orgId);
  classmate = await signInAs(app, 'Student', orgId);
  foreignTeacher = await signInAs(app, 'Teacher', otherOrgId);
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function category(name: string, parentId: string | null = null, headers = teacher.headers) {
  const res = await call('POST', '/api/question-bank/categories', headers, { name, parentId });
  expect(res.statusCode, res.body).toBe(201);
  return BankCategorySchema.parse(res.json());
}

const textOf = (text: string, type: Parameters<typeof questionOf>[0] = 'multiple-choice'): Question => ({
  ...questionOf(type, 'x'),
  text,
});

async function bankQuestion(
  input: Omit<BankQuestionInput, 'question'> & { question?: Question; text?: string },
  headers = teacher.headers,
) {
  const { text, question, ...rest } = input;
  const res = await call('POST', '/api/question-bank/questions', headers, {
    question: question ?? textOf(text ?? 'A bank question'),
    ...rest,
  });
  expect(res.statusCode, res.body).toBe(201);
  return BankQuestionSchema.parse(res.json());
}

async function search(query: string, headers = teacher.headers) {
  const res = await call('GET', `/api/question-bank/questions?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return BankQuestionListSchema.parse(res.json());
}

async function createAssessment(overrides: Record<string, unknown>) {
  const res = await call('POST', '/api/assessments', teacher.headers, assessmentInput(overrides as never));
  return res;
}

async function start(assessmentId: string, who: Person): Promise<Attempt> {
  const res = await call('POST', `/api/assessments/${assessmentId}/attempts`, who.headers);
  expect([200, 201], res.body).toContain(res.statusCode);
  return AttemptSchema.parse(res.json());
}

describe('categories', () => {
  it('nests, renames, moves, and refuses loops, duplicate names and deleting what is not empty', async () => {
    const science = await category('Science');
    const physics = await category('Physics', science.id);
    const optics = await category('Optics', physics.id);

    // Names are unique among siblings, whatever their case.
    const twin = await call('POST', '/api/question-bank/categories', teacher.headers, {
      name: 'physics',
      parentId: science.id,
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().code).toBe('bank_category_name_taken');

    // A category never moves under itself or its own subcategories.
    const loop = await call('PATCH', `/api/question-bank/categories/${science.id}`, teacher.headers, {
      parentId: optics.id,
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().code).toBe('bank_category_loop');

    const moved = await call('PATCH', `/api/question-bank/categories/${optics.id}`, admin.headers, {
      parentId: null,
      name: 'Light',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(BankCategorySchema.parse(moved.json())).toMatchObject({ name: 'Light', parentId: null });

    const notEmpty = await call('DELETE', `/api/question-bank/categories/${science.id}`, teacher.headers);
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().code).toBe('bank_category_not_empty');

    await bankQuestion({ categoryId: physics.id, text: 'Speed of light' });
    expect(
      (await call('DELETE', `/api/question-bank/categories/${physics.id}`, teacher.headers)).json().code,
    ).toBe('bank_category_not_empty');
    expect(
      (await call('DELETE', `/api/question-bank/categories/${optics.id}`, teacher.headers)).statusCode,
    ).toBe(204);

    const list = (await call('GET', '/api/question-bank/categories', teacher.headers)).json();
    const names = list.items.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Science', 'Physics']));
    expect(names).not.toContain('Light');
    expect(list.items.find((c: { id: string }) => c.id === physics.id).questionCount).toBe(1);
  });

  it('is the organization’s own: students are refused, other organizations see nothing', async () => {
    const mine = await category('Private');
    expect((await call('GET', '/api/question-bank/categories', student.headers)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/question-bank/categories', student.headers, { name: 'X' })).statusCode,
    ).toBe(403);
    const foreign = await call('PATCH', `/api/question-bank/categories/${mine.id}`, foreignTeacher.headers, {
      name: 'Taken over',
    });
    expect(foreign.statusCode).toBe(404);
    const theirs = (await call('GET', '/api/question-bank/categories', foreignTeacher.headers)).json();
    expect(theirs.items.map((c: { id: string }) => c.id)).not.toContain(mine.id);
    // A foreign parent is refused like a missing one.
    const under = await call('POST', '/api/question-bank/categories', foreignTeacher.headers, {
      name: 'Sneaky',
      parentId: mine.id,
    });
    expect(under.statusCode).toBe(400);
  });
});

describe('questions', () => {
  it('are searched and filtered by text, category (with subcategories), type, difficulty, tag and author, a page at a time', async () => {
    const maths = await category('Maths');
    const algebra = await category('Algebra', maths.id);
    await bankQuestion({
      categoryId: maths.id,
      text: 'Add fractions 1/2 + 1/3',
      tags: ['Fractions', ' fractions '],
      difficulty: 'Easy',
    });
    await bankQuestion({
      categoryId: algebra.id,
      text: 'Solve 2x = 4',
      tags: ['equations'],
      difficulty: 'Difficult',
    });
    await bankQuestion(
      {
        categoryId: algebra.id,
        question: textOf('Is x = 2 a solution of 2x = 4?', 'true-false'),
        tags: ['equations', 'fractions'],
      },
      admin.headers,
    );

    const all = await search(`categoryId=${maths.id}`);
    expect(all.total).toBe(3);
    expect((await search(`categoryId=${maths.id}&includeSubcategories=false`)).total).toBe(1);
    expect(
      (await search(`categoryId=${maths.id}&type=true-false`)).items.map((q) => q.question.text),
    ).toEqual(['Is x = 2 a solution of 2x = 4?']);
    expect((await search(`categoryId=${maths.id}&difficulty=Difficult`)).items[0]!.question.text).toBe(
      'Solve 2x = 4',
    );
    // Tags are stored once, in lower case; several tags must all be carried.
    const fractions = await search(`categoryId=${maths.id}&tag=fractions`);
    expect(fractions.total).toBe(2);
    expect(fractions.items.find((q) => q.question.text.startsWith('Add'))!.tags).toEqual(['fractions']);
    expect((await search(`categoryId=${maths.id}&tag=fractions&tag=equations`)).total).toBe(1);
    expect((await search(`categoryId=${maths.id}&authorId=${admin.user.id}`)).total).toBe(1);
    expect((await search(`search=${encodeURIComponent('2x = 4')}`)).total).toBe(2);
    // A search for a LIKE wildcard finds that character, not everything.
    expect((await search(`categoryId=${maths.id}&search=%25`)).total).toBe(0);
    const page = await search(`categoryId=${maths.id}&pageSize=2&page=2&sort=text&order=asc`);
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(3);

    const tags = (await call('GET', '/api/question-bank/tags', teacher.headers)).json();
    expect(tags.items).toEqual(expect.arrayContaining([{ tag: 'fractions', count: 2 }]));
    const authors = (await call('GET', '/api/question-bank/authors', teacher.headers)).json();
    expect(authors.items.map((a: { id: string }) => a.id)).toEqual(
      expect.arrayContaining([teacher.user.id, admin.user.id]),
    );
    // Another organization finds none of them.
    const foreign = await call('GET', `/api/question-bank/questions?search=2x`, foreignTeacher.headers);
    expect(foreign.json().total).toBe(0);
  });

  it('refuses a type the plan does not include, an invalid question, and a foreign category', async () => {
    const freeOrg = (await makeOrganization(app)).id;
    const freeTeacher = await signInAs(app, 'Teacher', freeOrg);
    const essay = await call('POST', '/api/question-bank/questions', freeTeacher.headers, {
      question: textOf('Discuss', 'essay'),
    });
    expect(essay.statusCode).toBe(403);
    expect(essay.json().code).toBe('type_not_in_plan');
    const empty = await call('POST', '/api/question-bank/questions', teacher.headers, {
      question: textOf('  '),
    });
    expect(empty.statusCode).toBe(400);
    const mine = await category('Not yours');
    const foreign = await call('POST', '/api/question-bank/questions', foreignTeacher.headers, {
      question: textOf('Hello'),
      categoryId: mine.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].message).toBe('questionBank.errors.categoryMissing');
  });
});

describe('in assessments', () => {
  it('by reference follows bank edits until a student starts the assessment (then its questions are locked); by copy never; deleting unlinks', async () => {
    const shared = await bankQuestion({ text: 'Original wording' });
    const created = await createAssessment({
      status: 'published',
      questions: [
        { ...shared.question, id: 'linked', bankRef: shared.id, text: 'stale client copy' },
        { ...shared.question, id: 'copied', text: 'My own copy' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const assessment = AssessmentSchema.parse(created.json());
    // The server keeps a referenced question equal to the bank's.
    expect(assessment.questions[0]).toMatchObject({
      id: 'linked',
      bankRef: shared.id,
      text: 'Original wording',
    });

    const edit = await call('PUT', `/api/question-bank/questions/${shared.id}`, teacher.headers, {
      question: { ...shared.question, text: 'Better wording', score: 3 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().linkedAssessments).toBe(1);
    const after = AssessmentSchema.parse(
      (await call('GET', `/api/assessments/${assessment.id}`, teacher.headers)).json(),
    );
    expect(after.questions.map((q) => q.text)).toEqual(['Better wording', 'My own copy']);
    expect(after.totalMarks).toBe(3 + shared.question.score);

    // Once a student has started, a bank edit leaves the assessment (and its totals) as they are:
    // the started attempt and every later one have the same questions.
    const before = await start(assessment.id, student);
    expect(before.questions.map((q) => q.text)).toEqual(['Better wording', 'My own copy']);
    const late = await call('PUT', `/api/question-bank/questions/${shared.id}`, teacher.headers, {
      question: { ...shared.question, text: 'Too late', score: 5 },
    });
    expect(late.statusCode, late.body).toBe(200);
    const locked = AssessmentSchema.parse(
      (await call('GET', `/api/assessments/${assessment.id}`, teacher.headers)).json(),
    );
    expect(locked.questions).toEqual(after.questions);
    expect(locked.totalMarks).toBe(after.totalMarks);
    const again = AttemptSchema.parse(
      (await call('GET', `/api/attempts/${before.id}`, student.headers)).json(),
    );
    expect(again.questions.map((q) => q.text)).toEqual(['Better wording', 'My own copy']);
    const later = await start(assessment.id, classmate);
    expect(later.questions.map((q) => q.text)).toEqual(['Better wording', 'My own copy']);

    expect(
      (await call('DELETE', `/api/question-bank/questions/${shared.id}`, teacher.headers)).statusCode,
    ).toBe(204);
    const unlinked = AssessmentSchema.parse(
      (await call('GET', `/api/assessments/${assessment.id}`, teacher.headers)).json(),
    );
    expect(unlinked.questions[0]!.bankRef).toBeUndefined();
    expect(unlinked.questions[0]!.text).toBe('Better wording');

    // A reference to a question not in the bank (deleted, or another organization's) is refused alike.
    const foreign = await bankQuestion({ text: 'Theirs' }, foreignTeacher.headers);
    for (const ref of [shared.id, foreign.id]) {
      const res = await createAssessment({ questions: [{ ...shared.question, id: 'q', bankRef: ref }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bank_question_missing');
    }
  });

  it('lists the linked assessments that a save changes and those a started attempt has locked, and a save does exactly that', async () => {
    const shared = await bankQuestion({ text: 'Linked wording' });
    const linked = (title: string) =>
      createAssessment({
        title,
        status: 'published',
        questions: [{ ...shared.question, id: 'linked', bankRef: shared.id }],
      }).then((res) => AssessmentSchema.parse(res.json()));
    const open = await linked('Biology quiz');
    const started = await linked('Algebra test');
    await createAssessment({ title: 'Own copy', questions: [{ ...shared.question, id: 'copy' }] });
    await start(started.id, student);

    const links = await call('GET', `/api/question-bank/questions/${shared.id}/links`, teacher.headers);
    expect(links.statusCode, links.body).toBe(200);
    expect(BankQuestionLinksSchema.parse(links.json()).items).toEqual([
      { id: started.id, title: 'Algebra test', locked: true },
      { id: open.id, title: 'Biology quiz', locked: false },
    ]);

    const edit = await call('PUT', `/api/question-bank/questions/${shared.id}`, teacher.headers, {
      question: { ...shared.question, text: 'New wording' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const textOfAssessment = async (id: string) =>
      AssessmentSchema.parse((await call('GET', `/api/assessments/${id}`, teacher.headers)).json())
        .questions[0]!.text;
    expect(await textOfAssessment(open.id)).toBe('New wording');
    expect(await textOfAssessment(started.id)).toBe('Linked wording');

    // Another organization's teacher learns nothing; students never read the bank.
    const foreign = await call(
      'GET',
      `/api/question-bank/questions/${shared.id}/links`,
      foreignTeacher.headers,
    );
    expect(foreign.statusCode).toBe(404);
    const pupil = await call('GET', `/api/question-bank/questions/${shared.id}/links`, student.headers);
    expect(pupil.statusCode).toBe(403);
  });

  it('saves an assessment question to the bank (linked) and adds bank questions by reference or copy', async () => {
    const created = AssessmentSchema.parse((await createAssessment({})).json());
    const saved = await call(
      'POST',
      `/api/question-bank/assessments/${created.id}/save-to-bank`,
      teacher.headers,
      {
        questionId: 'q1',
        tags: ['saved'],
        link: true,
      },
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const bank = BankQuestionSchema.parse(saved.json());
    expect(bank.question.text).toBe(created.questions[0]!.text);
    expect(bank.tags).toEqual(['saved']);
    const linked = AssessmentSchema.parse(
      (await call('GET', `/api/assessments/${created.id}`, teacher.headers)).json(),
    );
    expect(linked.questions[0]!.bankRef).toBe(bank.id);
    const unknown = await call(
      'POST',
      `/api/question-bank/assessments/${created.id}/save-to-bank`,
      teacher.headers,
      {
        questionId: 'nope',
      },
    );
    expect(unknown.statusCode).toBe(404);

    const other = AssessmentSchema.parse((await createAssessment({ title: 'Other' })).json());
    for (const mode of ['reference', 'copy'] as const) {
      const res = await call(
        'POST',
        `/api/question-bank/assessments/${other.id}/questions`,
        teacher.headers,
        {
          questionIds: [bank.id],
          mode,
        },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const grown = AssessmentSchema.parse(
      (await call('GET', `/api/assessments/${other.id}`, teacher.headers)).json(),
    );
    expect(grown.questions).toHaveLength(3);
    expect(grown.questions[1]!.bankRef).toBe(bank.id);
    expect(grown.questions[2]!.bankRef).toBeUndefined();
    expect(new Set(grown.questions.map((q) => q.id)).size).toBe(3);
    // Another organization's teacher cannot add to it, nor add another organization's questions.
    const foreign = await call(
      'POST',
      `/api/question-bank/assessments/${other.id}/questions`,
      foreignTeacher.headers,
      {
        questionIds: [bank.id],
      },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('adds bank questions to an assessment nobody has started, published or not; once started, refuses (409 questions_locked) and changes nothing', async () => {
    const bank = await bankQuestion({ text: 'Until the first start' });
    const published = AssessmentSchema.parse((await createAssessment({ status: 'published' })).json());
    const added = await call(
      'POST',
      `/api/question-bank/assessments/${published.id}/questions`,
      teacher.headers,
      { questionIds: [bank.id] },
    );
    expect(added.statusCode, added.body).toBe(200);
    const grown = AssessmentSchema.parse(added.json());
    expect(grown.questions).toHaveLength(published.questions.length + 1);
    expect(grown.questionsLocked).toBe(false);
    const draft = AssessmentSchema.parse((await createAssessment({ title: 'Started' })).json());
    await app.db.insert(attempts).values({
      organizationId: orgId,
      assessmentId: draft.id,
      studentId: student.user.id,
      number: 1,
      status: 'submitted',
      questions: draft.questions,
      passMark: 50,
      startedAt: clock.now(),
    });
    await start(grown.id, student);
    for (const a of [grown, draft]) {
      const res = await call('POST', `/api/question-bank/assessments/${a.id}/questions`, teacher.headers, {
        questionIds: [bank.id],
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'questions_locked' });
      const after = AssessmentSchema.parse(
        (await call('GET', `/api/assessments/${a.id}`, teacher.headers)).json(),
      );
      expect(after.questions).toEqual(a.questions);
      expect(after.questionsLocked).toBe(true);
    }
  });
});

describe('random draw', () => {
  async function pool(name: string, size: number, extra: Partial<BankQuestionInput> = {}) {
    const c = await category(name);
    for (let i = 1; i <= size; i += 1)
      await bankQuestion({ categoryId: c.id, text: `${name} question ${i}`, ...extra });
    return c;
  }
  const rule = (categoryId: string, more: Partial<DrawRuleInput> = {}): DrawRuleInput => ({
    id: 'r1',
    position: 1,
    categoryId,
    count: 5,
    score: 2,
    ...more,
  });

  it('gives each student their own questions, reproducibly, marked and exported per question', async () => {
    const c = await pool('Draw pool', 20);
    const res = await createAssessment({ status: 'published', draws: [rule(c.id)] });
    expect(res.statusCode, res.body).toBe(201);
    const assessment = AssessmentSchema.parse(res.json());
    expect(assessment.questionCount).toBe(6);
    expect(assessment.totalMarks).toBe(assessment.questions[0]!.score + 10);
    expect(assessment.draws).toEqual([
      expect.objectContaining({ id: 'r1', count: 5, score: 2, categoryId: c.id, includeSubcategories: true }),
    ]);

    // A Student is told how many questions there are, not how they are drawn.
    const seen = AssessmentSchema.parse(
      (await call('GET', `/api/assessments/${assessment.id}`, student.headers)).json(),
    );
    expect(seen.questionCount).toBe(6);
    expect(seen.draws).toEqual([]);

    const one = await start(assessment.id, student);
    const two = await start(assessment.id, classmate);
    for (const attempt of [one, two]) {
      expect(attempt.questions).toHaveLength(6);
      expect(attempt.questions[0]!.id).toBe('q1');
      const drawn = attempt.questions.slice(1);
      expect(new Set(drawn.map((q) => q.id)).size).toBe(5);
      for (const q of drawn) {
        expect(q.text).toMatch(/^Draw pool question \d+$/);
        expect(q.score).toBe(2);
      }
    }
    const drawnIds = (a: Attempt) =>
      a.questions
        .slice(1)
        .map((q) => q.id)
        .sort();
    expect(drawnIds(one)).not.toEqual(drawnIds(two));
    // Starting again answers the same attempt with the same questions.
    expect((await start(assessment.id, student)).questions.map((q) => q.id)).toEqual(
      one.questions.map((q) => q.id),
    );

    // Reproducible: the attempt's seed draws the same questions again.
    const [row] = await app.db.select().from(attempts).where(eq(attempts.id, one.id));
    const rules = await drawRulesOf(app.db, assessment.id);
    const redrawn = await drawForAttempt(app.db, orgId, row!.shuffleSeed, assessment.questions, rules);
    expect(redrawn.map((q) => q.id)).toEqual((row!.questions as Question[]).map((q) => q.id));

    // Submitted and exported: each student's own questions are their columns.
    for (const [attempt, who] of [
      [one, student],
      [two, classmate],
    ] as const) {
      const q = attempt.questions[1]!;
      const saved = await call('PUT', `/api/attempts/${attempt.id}/answers/${q.id}`, who.headers, {
        answer: null,
        revision: 1,
        idempotencyKey: crypto.randomUUID(),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await call('POST', `/api/attempts/${attempt.id}/submit`, who.headers)).statusCode).toBe(200);
    }
    const csv = (await call('GET', `/api/assessments/${assessment.id}/export.csv`, teacher.headers)).body;
    for (const q of [...one.questions.slice(1), ...two.questions.slice(1)]) expect(csv).toContain(q.text);
    const [submitted] = await app.db.select().from(attempts).where(eq(attempts.id, two.id));
    expect(submitted!.maxScore).toBe(assessment.questions[0]!.score + 10);
  });

  it('refuses at publish a rule asking more than the category holds, with a translated message', async () => {
    const c = await pool('Small pool', 3);
    const draft = await createAssessment({ draws: [rule(c.id)] });
    expect(draft.statusCode, draft.body).toBe(201);
    const published = await call(
      'POST',
      '/api/assessments',
      { ...teacher.headers, 'accept-language': 'en' },
      assessmentInput({ status: 'published', draws: [rule(c.id)] } as never),
    );
    expect(published.statusCode).toBe(400);
    expect(published.json()).toMatchObject({
      code: 'draw_pool_too_small',
      details: { available: 3, requested: 5 },
    });
    expect(published.json().message).toContain('Small pool');
    // A teacher who reads Swahili gets it in Swahili, with the category named.
    await app.db.update(users).set({ language: 'sw' }).where(eq(users.id, admin.user.id));
    const swahili = await app.inject({
      method: 'PUT',
      url: `/api/assessments/${AssessmentSchema.parse(draft.json()).id}`,
      headers: admin.headers,
      payload: assessmentInput({ status: 'published', draws: [rule(c.id)] } as never),
    });
    expect(swahili.statusCode).toBe(400);
    expect(swahili.json().code).toBe('draw_pool_too_small');
    expect(swahili.json().message).not.toBe(published.json().message);
    expect(swahili.json().message).toBe(
      'Kategoria “Small pool” ina maswali 3 yanayolingana, lakini uchaguzi unaomba 5. Ongeza maswali kwenye kategoria au chagua machache.',
    );
    await app.db.update(users).set({ language: 'en' }).where(eq(users.id, admin.user.id));
  });

  it('draws only types the plan allows, and refuses a rule naming a type outside the plan', async () => {
    const basicOrg = (await makeOrganization(app)).id;
    await recordPlan(app.db, basicOrg, PLANS.Enterprise);
    const author = await signInAs(app, 'Teacher', basicOrg);
    const c = BankCategorySchema.parse(
      (await call('POST', '/api/question-bank/categories', author.headers, { name: 'Mixed' })).json(),
    );
    for (let i = 0; i < 3; i += 1) {
      await bankQuestion({ categoryId: c.id, question: textOf(`Essay ${i}`, 'essay') }, author.headers);
      await bankQuestion({ categoryId: c.id, text: `Choice ${i}` }, author.headers);
    }
    // The organization moves to Basic: its essays stay in the bank, but are never drawn.
    await recordPlan(app.db, basicOrg, PLANS.Basic);
    const res = await app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: author.headers,
      payload: assessmentInput({ status: 'published', draws: [rule(c.id, { count: 3 })] } as never),
    });
    expect(res.statusCode, res.body).toBe(201);
    const tooMany = await app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: author.headers,
      payload: assessmentInput({ status: 'published', draws: [rule(c.id, { count: 4 })] } as never),
    });
    expect(tooMany.json().code).toBe('draw_pool_too_small');
    const named = await app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: author.headers,
      payload: assessmentInput({ draws: [rule(c.id, { types: ['essay'] })] } as never),
    });
    expect(named.statusCode).toBe(403);
    expect(named.json().code).toBe('type_not_in_plan');

    const pupil = await signInAs(app, 'Student', basicOrg);
    const attempt = await start(AssessmentSchema.parse(res.json()).id, pupil);
    expect(attempt.questions.slice(1).map((q) => q.type)).toEqual([
      'multiple-choice',
      'multiple-choice',
      'multiple-choice',
    ]);
  });

  it('never draws one bank question twice, nor one the assessment uses by reference', async () => {
    const c = await pool('Overlap', 4);
    const list = await search(`categoryId=${c.id}`);
    const linked = list.items[0]!;
    const res = await createAssessment({
      status: 'published',
      questions: [{ ...linked.question, id: 'own', bankRef: linked.id }],
      draws: [rule(c.id, { count: 2 }), rule(c.id, { id: 'r2', count: 1, position: 0 })],
    });
    expect(res.statusCode, res.body).toBe(201);
    const attempt = await start(AssessmentSchema.parse(res.json()).id, student);
    expect(attempt.questions).toHaveLength(4);
    const ids = attempt.questions.map((q) => q.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).not.toContain(drawnQuestionId(linked.id));
    // The rule at position 0 comes first, the one at position 1 after the assessment's own question.
    expect(ids[1]).toBe('own');
  });

  it('keeps its draws in a duplicate, and a save without draws removes them', async () => {
    const c = await pool('Copied pool', 5);
    const created = AssessmentSchema.parse(
      (await createAssessment({ draws: [rule(c.id, { count: 2 })] })).json(),
    );
    const copy = await call('POST', `/api/assessments/${created.id}/duplicate`, teacher.headers, {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect(AssessmentSchema.parse(copy.json()).draws).toEqual([
      expect.objectContaining({ categoryId: c.id, count: 2 }),
    ]);
    const saved = await call(
      'PUT',
      `/api/assessments/${created.id}`,
      teacher.headers,
      assessmentInput({} as never),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(AssessmentSchema.parse(saved.json())).toMatchObject({ draws: [], questionCount: 1 });
  });

  it('keeps its draws when the AI assistant adds questions to the draft', async () => {
    const c = await pool('Assistant pool', 3);
    const created = AssessmentSchema.parse(
      (await createAssessment({ draws: [rule(c.id, { count: 2 })] })).json(),
    );
    const added = await call('POST', '/api/ai/assessment-drafts', teacher.headers, {
      target: 'existing',
      assessmentId: created.id,
      questions: [questionOf('true-false', 'card-1')],
    });
    expect(added.statusCode, added.body).toBe(200);
    const after = AssessmentSchema.parse(
      (await call('GET', `/api/assessments/${created.id}`, teacher.headers)).json(),
    );
    expect(after.questions).toHaveLength(2);
    expect(after.draws).toEqual([expect.objectContaining({ categoryId: c.id, count: 2 })]);
  });

  it('keeps a category that live assessments draw from, and answers the draw pool', async () => {
    const c = await category('In use');
    const res = await createAssessment({ draws: [rule(c.id)] });
    expect(res.statusCode, res.body).toBe(201);
    const del = await call('DELETE', `/api/question-bank/categories/${c.id}`, teacher.headers);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('bank_category_in_use');
    await bankQuestion({ categoryId: c.id, text: 'One', tags: ['t'] });
    const poolRes = await call('POST', '/api/question-bank/draw-pool', teacher.headers, {
      categoryId: c.id,
      tags: ['t'],
    });
    expect(poolRes.json()).toEqual({ available: 1 });
    // A rule naming another organization's category is refused.
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: foreignTeacher.headers,
      payload: assessmentInput({ draws: [rule(c.id)] } as never),
    });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('importing into the bank', () => {
  it('creates the category path once, reusing what exists, and saves every question or none', async () => {
    const { importIntoBank } = await import('./question-bank.service.ts');
    const { assessmentsContext } = await import('../assessments/assessments.access.ts');
    const ctx = assessmentsContext(app);
    const actor = { userId: teacher.user.id, role: 'Teacher', organizationId: orgId } as never;
    const ids = await importIntoBank(ctx, actor, [
      { question: textOf('Imported one'), categoryPath: ['Imported', 'Optics'], tags: ['Light', 'light'] },
      { question: textOf('Imported two'), categoryPath: ['imported', 'Optics'] },
    ]);
    expect(ids).toHaveLength(2);
    const list = (await call('GET', '/api/question-bank/categories', teacher.headers)).json() as {
      items: { id: string; name: string; parentId: string | null }[];
    };
    const top = list.items.filter((c) => c.name === 'Imported');
    expect(top).toHaveLength(1);
    const optics = list.items.filter((c) => c.name === 'Optics' && c.parentId === top[0]!.id);
    expect(optics).toHaveLength(1);
    const found = await search(`categoryId=${optics[0]!.id}`);
    expect(found.items.map((q) => q.question.text).sort()).toEqual(['Imported one', 'Imported two']);
    expect(found.items.find((q) => q.question.text === 'Imported one')!.tags).toEqual(['light']);

    // A type outside the plan refuses the whole import.
    const freeOrg = (await makeOrganization(app)).id;
    const freeTeacher = await signInAs(app, 'Teacher', freeOrg);
    const freeActor = { userId: freeTeacher.user.id, role: 'Teacher', organizationId: freeOrg } as never;
    await expect(
      importIntoBank(ctx, freeActor, [
        { question: textOf('Fine'), categoryPath: ['Free'] },
        { question: textOf('Not in Free', 'essay'), categoryPath: ['Free'] },
      ]),
    ).rejects.toMatchObject({ code: 'type_not_in_plan' });
    expect((await call('GET', '/api/question-bank/categories', freeTeacher.headers)).json().items).toEqual(
      [],
    );
  });
});

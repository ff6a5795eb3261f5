import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  AssessmentSchema,
  BankCategoryListSchema,
  BankQuestionListSchema,
  NOT_EXPORTABLE_HEADER,
  PLANS,
  QuestionExportCheckSchema,
  QuestionImportResultSchema,
  type Assessment,
  type Question,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { recordPlan } from '../plans/plans.service.ts';
import { createAssessmentAs, questionOf } from '../assessments/test-helpers.ts';
import { sampleFor } from '../question-interchange/test-fixtures.ts';
import { readZip } from '../question-interchange/zip.ts';

const FIXTURES = fileURLToPath(new URL('../question-interchange/fixtures/', import.meta.url));
type Headers = Record<string, string>;
type Person = { user: { id: string }; headers: Headers };

/** Types each format carries, plus ones it cannot (crossword everywhere, drag and drop outside QTI). */
const CARRIED: QuestionTypeId[] = [
  'multiple-choice',
  'true-false',
  'short-answers',
  'fill-in-the-blanks',
  'matching-pairs',
  'essay',
  'interactive-games',
];

/** A question shaped as the format carries it (the interchange's own round-trip samples), without images. */
function sample(type: QuestionTypeId, format: 'moodle' | 'qti3'): Question {
  const { category: _c, tags: _t, ...question } = sampleFor(type, format)!;
  return { ...question, imageUrl: null } as Question;
}

/** A multipart body as a browser sends it: the text fields, then the file. */
async function multipart(fields: Record<string, string>, file: { name: string; bytes: Uint8Array }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file.bytes]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** What must survive a round trip: the question as a teacher wrote it, ids aside. */
const content = (q: Question) => ({ type: q.type, text: q.text, score: q.score, config: q.config });

describe('GET /api/question-exports', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dataDir: string;
  let teacher: Person;
  let admin: Person;
  let student: Person;
  let foreignTeacher: Person;
  let swTeacher: Person;
  let assessment: Assessment;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vb-question-exports-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    app = t.app;
    const orgId = (await makeOrganization(app)).id;
    const otherOrgId = (await makeOrganization(app)).id;
    await recordPlan(app.db, orgId, PLANS.Enterprise);
    await recordPlan(app.db, otherOrgId, PLANS.Enterprise);
    teacher = await signInAs(app, 'Teacher', orgId);
    admin = await signInAs(app, 'Administrator', orgId);
    student = await signInAs(app, 'Student', orgId);
    foreignTeacher = await signInAs(app, 'Teacher', otherOrgId);
    swTeacher = await signInAs(app, 'Teacher', orgId);
    const picked = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile/language',
      headers: swTeacher.headers,
      payload: { language: 'sw' },
    });
    expect(picked.statusCode, picked.body).toBe(200);
    assessment = await createAssessmentAs(app, teacher.headers, {
      title: 'Biología: células/plantas',
      questions: [
        ...CARRIED.map((type) => sample(type, 'moodle')),
        questionOf('crosswords-and-puzzles', 'q-crossword'),
        questionOf('drag-and-drop', 'q-dnd'),
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers = teacher.headers) => app.inject({ method: 'GET', url, headers });
  const check = async (query: string, headers = teacher.headers) => {
    const res = await get(`/api/question-exports/check?${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return QuestionExportCheckSchema.parse(res.json());
  };
  const importFile = async (
    fields: Record<string, string>,
    file: { name: string; bytes: Uint8Array },
    headers = teacher.headers,
  ) => {
    const body = await multipart(fields, file);
    const res = await app.inject({
      method: 'POST',
      url: '/api/question-imports',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return QuestionImportResultSchema.parse(res.json());
  };
  const bank = async (query = '') =>
    BankQuestionListSchema.parse((await get(`/api/question-bank/questions?pageSize=100${query}`)).json());

  it('checks what each format leaves out, with the question’s number, first words and reason', async () => {
    const moodle = await check(`format=moodle&assessmentId=${assessment.id}`);
    expect(moodle).toMatchObject({ format: 'moodle', total: 9, exported: 7 });
    expect(moodle.fileName).toBe('Biología células plantas.moodle.xml');
    expect(moodle.notExportable.map((n) => [n.questionId, n.number, n.type, n.reason.code])).toEqual([
      ['q-crossword', 8, 'crosswords-and-puzzles', 'typeNotCarried'],
      ['q-dnd', 9, 'drag-and-drop', 'typeNotCarried'],
    ]);
    expect(moodle.notExportable[0]!.label.length).toBeGreaterThan(0);
    expect(moodle.notExportable[0]!.reason.message).toBe(
      'This format cannot hold this question type (Crosswords and Puzzles).',
    );
    // QTI carries drag and drop; GIFT no ordering; Aiken single-answer multiple choice only.
    const qti = await check(`format=qti3&assessmentId=${assessment.id}`);
    expect(qti.notExportable.map((n) => n.questionId)).toEqual(['q-crossword']);
    const gift = await check(`format=gift&assessmentId=${assessment.id}`);
    expect(gift.notExportable.map((n) => n.type)).toContain('interactive-games');
    const aiken = await check(`format=aiken&assessmentId=${assessment.id}`);
    expect(aiken.exported).toBeLessThan(aiken.total);
    expect(aiken.notExportable.map((n) => n.type)).toContain('essay');
  });

  it('says how many random draws stay out of the file (their questions are the bank’s)', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/api/question-bank/categories',
      headers: teacher.headers,
      payload: { name: 'Drawn from', parentId: null },
    });
    expect(made.statusCode, made.body).toBe(201);
    const withDraw = await createAssessmentAs(app, teacher.headers, {
      title: 'With a draw',
      draws: [{ id: 'r1', position: 1, categoryId: made.json<{ id: string }>().id, count: 2, score: 1 }],
    });
    const result = await check(`format=qti3&assessmentId=${withDraw.id}`);
    expect(result).toMatchObject({ total: 1, exported: 1, draws: 1 });
    expect((await check(`format=qti3&assessmentId=${assessment.id}`)).draws).toBe(0);
  });

  it('downloads the file with its type, a safe name in the assessment’s title, and the count left out', async () => {
    const res = await get(`/api/question-exports/file?format=moodle&assessmentId=${assessment.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Biología células plantas.moodle.xml')}`,
    );
    expect(res.headers['content-disposition']).toContain('filename="Biologia celulas plantas.moodle.xml"');
    expect(res.headers[NOT_EXPORTABLE_HEADER]).toBe('2');
    expect(res.body).toMatch(/^<\?xml/);
    expect(res.body).toContain('<quiz>');
    const qti = await get(`/api/question-exports/file?format=qti3&assessmentId=${assessment.id}`);
    expect(qti.headers['content-type']).toBe('application/zip');
    expect(qti.headers['content-disposition']).toContain('.qti3.zip');
    expect(qti.headers[NOT_EXPORTABLE_HEADER]).toBe('1');
    expect([...readZip(new Uint8Array(qti.rawPayload)).keys()]).toContain('imsmanifest.xml');
    const gift = await get(`/api/question-exports/file?format=gift&assessmentId=${assessment.id}`);
    expect(gift.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('round trip through the routes: Moodle XML into the bank, QTI into a draft, the same questions back', async () => {
    const moodle = await get(`/api/question-exports/file?format=moodle&assessmentId=${assessment.id}`);
    const saved = await importFile(
      { mode: 'save' },
      { name: 'export.moodle.xml', bytes: new Uint8Array(moodle.rawPayload) },
    );
    expect(saved.skipped).toEqual([]);
    expect(saved.saved!.count).toBe(7);
    // The assessment's title became the category the questions sit in.
    const categories = BankCategoryListSchema.parse(
      (await get('/api/question-bank/categories')).json(),
    ).items;
    const category = categories.find((c) => c.name === assessment.title)!;
    expect(category.questionCount).toBe(7);
    // One transaction gives them one creation time: compared in type order.
    const inBank = (await bank(`&categoryId=${category.id}`)).items;
    const byType = (a: { type: string }, b: { type: string }) => a.type.localeCompare(b.type);
    expect(inBank.map((b) => content(b.question)).sort(byType)).toEqual(
      assessment.questions.slice(0, 7).map(content).sort(byType),
    );

    const qtiSource = await createAssessmentAs(app, teacher.headers, {
      title: 'QTI source',
      questions: [...CARRIED, 'drag-and-drop' as const].map((type) => sample(type, 'qti3')),
    });
    const qti = await get(`/api/question-exports/file?format=qti3&assessmentId=${qtiSource.id}`);
    expect(qti.headers[NOT_EXPORTABLE_HEADER]).toBe('0');
    const target = await createAssessmentAs(app, teacher.headers, { title: 'Target', questions: [] });
    const into = await importFile(
      { mode: 'save', assessmentId: target.id },
      { name: 'export.zip', bytes: new Uint8Array(qti.rawPayload) },
    );
    expect(into.skipped).toEqual([]);
    const after = AssessmentSchema.parse((await get(`/api/assessments/${target.id}`)).json());
    expect(after.questions.map(content)).toEqual(qtiSource.questions.map(content));
  });

  it('exports a bank selection by ids or by category, images included in the QTI package', async () => {
    const file = readFileSync(path.join(FIXTURES, 'moodle/categories-images-cloze.xml'));
    const imported = await importFile({ mode: 'save' }, { name: 'bank.xml', bytes: new Uint8Array(file) });
    const ids = imported.saved!.bankQuestionIds!;
    const picked = await check(`format=qti3&${ids.map((id) => `bankQuestionId=${id}`).join('&')}`);
    expect(picked).toMatchObject({ total: ids.length, exported: ids.length, notExportable: [] });
    expect(picked.fileName).toBe('Question bank.qti3.zip');
    const zip = await get(`/api/question-exports/file?format=qti3&bankQuestionId=${ids[0]}`);
    const entries = readZip(new Uint8Array(zip.rawPayload));
    // The first question of the fixture carries a stored image: it travels inside the package.
    expect([...entries.keys()].some((name) => name.startsWith('items/media/'))).toBe(true);
    // GIFT cannot hold a stored image: that question is listed, not dropped.
    const gift = await check(`format=gift&bankQuestionId=${ids[0]}`);
    expect(gift.notExportable.map((n) => [n.questionId, n.reason.code])).toEqual([
      [ids[0], 'imageNotCarried'],
    ]);

    const categories = BankCategoryListSchema.parse(
      (await get('/api/question-bank/categories')).json(),
    ).items;
    const cells = categories.find((c) => c.name === 'Cells')!;
    const byCategory = await check(`format=moodle&categoryId=${cells.id}`);
    expect(byCategory).toMatchObject({ total: 2, fileName: 'Cells.moodle.xml' });
  });

  it('answers the reasons in the reader’s language', async () => {
    const read = (name: string) =>
      JSON.parse(readFileSync(new URL(`../../locales/sw/${name}.json`, import.meta.url), 'utf8')) as Record<
        string,
        Record<string, string>
      >;
    const sw = read('questionInterchange');
    const types = read('questionTypes') as unknown as Record<string, string>;
    const result = await check(`format=moodle&assessmentId=${assessment.id}`, swTeacher.headers);
    // The type by its name in the reader's language.
    expect(result.notExportable[0]!.reason.message).toBe(
      sw.reasons!.typeNotCarried!.replace('{{type}}', types['crosswords-and-puzzles']!),
    );
  });

  it("is for the organization's authors only: students 403, no token 401, another organization's assessment, questions or category 404", async () => {
    const url = `format=moodle&assessmentId=${assessment.id}`;
    expect((await get(`/api/question-exports/check?${url}`, admin.headers)).statusCode).toBe(200);
    expect((await get(`/api/question-exports/file?${url}`, student.headers)).statusCode).toBe(403);
    expect((await get(`/api/question-exports/file?${url}`, {})).statusCode).toBe(401);
    for (const route of ['check', 'file']) {
      const foreign = await get(`/api/question-exports/${route}?${url}`, foreignTeacher.headers);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).not.toContain(assessment.title);
    }
    const own = (await bank()).items[0]!;
    expect(
      (await get(`/api/question-exports/file?format=gift&bankQuestionId=${own.id}`, foreignTeacher.headers))
        .statusCode,
    ).toBe(404);
    const categories = BankCategoryListSchema.parse(
      (await get('/api/question-bank/categories')).json(),
    ).items;
    expect(
      (
        await get(
          `/api/question-exports/check?format=gift&categoryId=${categories[0]!.id}`,
          foreignTeacher.headers,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('refuses an unknown format and two sources at once', async () => {
    expect(
      (await get(`/api/question-exports/check?format=docx&assessmentId=${assessment.id}`)).statusCode,
    ).toBe(400);
    const both = await get(
      `/api/question-exports/check?format=gift&assessmentId=${assessment.id}&bankQuestionId=${crypto.randomUUID()}`,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ code: 'validation_error' });
  });
});

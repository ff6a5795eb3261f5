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
import { collectQti3Exports } from '../../test/qti3-xsd.ts';
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

  /** Every QTI 3.0 package downloaded here, validated against 1EdTech's schemas after the block. */
  const qti3 = collectQti3Exports();
  const get = async (url: string, headers = teacher.headers) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (url.startsWith('/api/question-exports/file?format=qti3') && res.statusCode === 200) {
      qti3.add(new Uint8Array(res.rawPayload), url);
    }
    return res;
  };
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

  it('lists what each written question loses: QTI 3.0 carries the essay rubric and the file types; GIFT and Aiken say “points not carried” per question and write the essay without its rubric', async () => {
    const essay: Question = {
      ...questionOf('essay', 'q-essay'),
      instructions: undefined,
      text: 'Why do leaves change colour?',
      score: 5,
      config: {
        responseKind: 'richText',
        rubric: 'Names chlorophyll.',
        modelAnswer: 'Less light.',
        maxWords: 300,
      },
    };
    const upload: Question = {
      ...questionOf('project-based', 'q-file'),
      instructions: undefined,
      text: 'Hand in your poster.',
      score: 1,
      config: {
        responseKind: 'file',
        rubric: 'Clear layout.',
        acceptedFileTypes: ['.pdf', 'image/*', '.weird'],
      },
    };
    // Single-answer, one-line multiple choice: every format holds it.
    const { category: _c, tags: _t, ...single } = sampleFor('multiple-choice', 'aiken')!;
    const choice: Question = {
      ...single,
      id: 'q-choice',
      score: 2,
      instructions: 'Pick the best answer.',
    };
    const one = { ...single, id: 'q-one', score: 1, instructions: 'Choose the one correct answer.' };
    const lossy = await createAssessmentAs(app, teacher.headers, {
      title: 'Leaves',
      questions: [essay, upload, choice, one],
    });
    const lost = (c: { partial: { questionId: string; lost: { code: string; params: object }[] }[] }) =>
      c.partial.map((p) => [p.questionId, p.lost.map((l) => [l.code, l.params])]);

    const qti = await check(`format=qti3&assessmentId=${lossy.id}`);
    expect(qti).toMatchObject({ total: 4, exported: 4, notExportable: [] });
    expect(lost(qti)).toEqual([
      ['q-essay', [['partNotCarried', { part: 'wordLimit' }]]],
      ['q-file', [['partNotCarried', { part: 'fileTypesSome', types: '.weird' }]]],
      ['q-choice', [['partNotCarried', { part: 'instructions' }]]],
    ]);
    expect(qti.partial[1]!.lost[0]!.message).toBe(
      'Not in the file: the accepted file types without a known MIME type (.weird). This format has no place for it.',
    );
    const zip = readZip(
      new Uint8Array(
        (await get(`/api/question-exports/file?format=qti3&assessmentId=${lossy.id}`)).rawPayload,
      ),
    );
    const items = [...zip.entries()]
      .filter(([name]) => name.startsWith('items/'))
      .map(([, bytes]) => new TextDecoder().decode(bytes));
    expect(items[0]).toContain(
      '<qti-rubric-block use="scoring" view="scorer"><qti-content-body><p>Names chlorophyll.</p></qti-content-body></qti-rubric-block>',
    );
    expect(items[1]).toContain(
      '<qti-upload-interaction response-identifier="RESPONSE" type="application/pdf image/*"/>',
    );
    expect(items[1]).toContain('<p>Clear layout.</p>');

    const gift = await check(`format=gift&assessmentId=${lossy.id}`);
    // The essay is written (GIFT's {}), not refused with a rule it does not break.
    expect(gift.notExportable.map((n) => n.questionId)).toEqual(['q-file']);
    expect(gift.notExportable[0]!.reason.code).toBe('typeNotCarried');
    expect(lost(gift)).toEqual([
      [
        'q-essay',
        [
          ['scoreNotCarried', { score: 5 }],
          ['partNotCarried', { part: 'rubric' }],
          ['partNotCarried', { part: 'modelAnswer' }],
          ['partNotCarried', { part: 'wordLimit' }],
        ],
      ],
      [
        'q-choice',
        [
          ['scoreNotCarried', { score: 2 }],
          ['partNotCarried', { part: 'instructions' }],
          ['partNotCarried', { part: 'fixedOrder' }],
        ],
      ],
      // A score of 1 and the type's own instructions come back as they are: only the order is lost.
      ['q-one', [['partNotCarried', { part: 'fixedOrder' }]]],
    ]);
    expect(gift.partial[0]!.lost.map((l) => l.message)).toEqual([
      'Its score (5 points) is not in the file: this format has no points, so the question comes back worth 1 point.',
      'Not in the file: the rubric. This format has no place for it.',
      'Not in the file: the model answer. This format has no place for it.',
      'Not in the file: the maximum number of words. This format has no place for it.',
    ]);
    const giftFile = await get(`/api/question-exports/file?format=gift&assessmentId=${lossy.id}`);
    expect(giftFile.body).toContain('[html]<p>Why do leaves change colour?</p> {}');

    const aiken = await check(`format=aiken&assessmentId=${lossy.id}`);
    expect(aiken.exported).toBe(2);
    expect(lost(aiken)).toEqual([
      [
        'q-choice',
        [
          ['scoreNotCarried', { score: 2 }],
          ['partNotCarried', { part: 'instructions' }],
        ],
      ],
    ]);
    const sw = await check(`format=aiken&assessmentId=${lossy.id}`, swTeacher.headers);
    expect(sw.partial[0]!.lost[0]!.message).toContain('(alama 2)');
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
    const { types } = JSON.parse(
      readFileSync(
        new URL('../../../../../packages/shared/src/locales/sw/questionTypes.json', import.meta.url),
        'utf8',
      ),
    ) as { types: Record<string, { label: string }> };
    const result = await check(`format=moodle&assessmentId=${assessment.id}`, swTeacher.headers);
    // The type by its name in the reader's language.
    expect(result.notExportable[0]!.reason.message).toBe(
      sw.reasons!.typeNotCarried!.replace('{{type}}', types['crosswords-and-puzzles']!.label),
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

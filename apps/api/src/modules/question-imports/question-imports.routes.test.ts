import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { zipSync } from 'fflate';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  AssessmentSchema,
  BankCategoryListSchema,
  BankQuestionListSchema,
  PLANS,
  QuestionImportResultSchema,
} from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { recordPlan } from '../plans/plans.service.ts';
import { assessmentInput, createAssessmentAs } from '../assessments/test-helpers.ts';
import { attempts } from '../../db/schema/index.ts';
import { importQuestions } from '../question-interchange/index.ts';

const INTERCHANGE_FIXTURES = fileURLToPath(new URL('../question-interchange/fixtures/', import.meta.url));
const OWN_FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
type File = { name: string; bytes: Uint8Array };
const fixture = (name: string, dir = INTERCHANGE_FIXTURES): File => ({
  name: path.basename(name),
  bytes: new Uint8Array(readFileSync(path.join(dir, name))),
});
/** A fixture folder zipped as a package (the interchange keeps packages as readable folders). */
function packageOf(dir: string): File {
  const files: Record<string, Uint8Array> = {};
  const root = path.join(INTERCHANGE_FIXTURES, dir);
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = path.join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else files[path.relative(root, p).split(path.sep).join('/')] = new Uint8Array(readFileSync(p));
    }
  };
  walk(root);
  return { name: `${dir.replace(/\//g, '-')}.zip`, bytes: zipSync(files) };
}
const MOODLE = fixture('moodle/categories-images-cloze.xml');

type Headers = Record<string, string>;
type Person = { user: { id: string }; headers: Headers };

/** A multipart body as a browser sends it: the text fields, then the file. */
async function multipart(fields: Record<string, string>, file: File | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describe('POST /api/question-imports', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dataDir: string;
  let teacher: Person;
  let admin: Person;
  let student: Person;
  let basicTeacher: Person;
  let foreignTeacher: Person;
  /** A teacher who reads Swahili (stored language, as the picker saves it). */
  let swTeacher: Person;
  let orgId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vb-question-imports-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    app = t.app;
    orgId = (await makeOrganization(app)).id;
    const basicOrgId = (await makeOrganization(app)).id;
    const otherOrgId = (await makeOrganization(app)).id;
    await recordPlan(app.db, orgId, PLANS.Enterprise);
    await recordPlan(app.db, basicOrgId, PLANS.Basic);
    await recordPlan(app.db, otherOrgId, PLANS.Enterprise);
    teacher = await signInAs(app, 'Teacher', orgId);
    admin = await signInAs(app, 'Administrator', orgId);
    student = await signInAs(app, 'Student', orgId);
    basicTeacher = await signInAs(app, 'Teacher', basicOrgId);
    foreignTeacher = await signInAs(app, 'Teacher', otherOrgId);
    swTeacher = await signInAs(app, 'Teacher', orgId);
    const picked = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile/language',
      headers: swTeacher.headers,
      payload: { language: 'sw' },
    });
    expect(picked.statusCode, picked.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const send = async (headers: Headers, fields: Record<string, string>, file: File | null = MOODLE) => {
    const body = await multipart(fields, file);
    return app.inject({
      method: 'POST',
      url: '/api/question-imports',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const bank = async (headers = teacher.headers) =>
    BankQuestionListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/question-bank/questions?pageSize=100', headers })).json(),
    );
  const categories = async (headers = teacher.headers) =>
    BankCategoryListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/question-bank/categories', headers })).json(),
    ).items;
  const storedImages = async () => {
    const folder = path.join(dataDir, 'files', 'question-images');
    return existsSync(folder) ? (await readdir(folder)).filter((f) => !f.endsWith('.tmp')) : [];
  };
  const category = async (name: string, parentId: string | null = null, headers = teacher.headers) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/question-bank/categories',
      headers,
      payload: { name, parentId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  /** Nothing of the organization changed: no bank question, no category, no stored image. */
  const unchanged = async (headers = teacher.headers) => ({
    questions: (await bank(headers)).total,
    categories: (await categories(headers)).length,
    images: (await storedImages()).length,
  });

  it('previews a Moodle XML file: questions with their category paths and warnings, skipped items with reasons; nothing is saved', async () => {
    const before = await unchanged();
    const res = await send(teacher.headers, { mode: 'preview' });
    expect(res.statusCode, res.body).toBe(200);
    const result = QuestionImportResultSchema.parse(res.json());
    expect(result.format).toBe('moodle');
    expect(result.saved).toBeNull();
    expect(result.questions.map((q) => [q.question.type, q.category.join(' / ')])[0]).toEqual([
      'multiple-choice',
      'Biology / Cells',
    ]);
    expect(result.questions).toHaveLength(9);
    expect(result.questions[0]).toMatchObject({
      images: 1,
      warnings: [
        { code: 'feedbackDropped', message: 'Feedback was left out: vbuilder has no place for it.' },
      ],
    });
    // Each item named as a teacher finds it (position and title), with where exactly it is in the file.
    expect(result.skipped.map((s) => [s.item, s.location, s.reason.code])).toEqual([
      ['Question 6 — “Pi”', 'quiz/question[8] “Pi”', 'doesNotFit'],
      ['Question 10 — “Cloze with a menu”', 'quiz/question[12] “Cloze with a menu”', 'clozeGapKind'],
      ['Question 11 — “Intro”', 'quiz/question[13] “Intro”', 'unsupportedType'],
      ['Question 12 — “Drag words”', 'quiz/question[14] “Drag words”', 'unsupportedType'],
    ]);
    expect(result.questions[0]!.label).toBe('Question 1 — “Cell organelle”');
    expect(result.skipped.every((s) => s.reason.message.length > 0)).toBe(true);
    expect(await unchanged()).toEqual(before);
  });

  it("answers every reason in the reader's language", async () => {
    const res = await send(swTeacher.headers, {});
    expect(res.statusCode, res.body).toBe(200);
    const result = QuestionImportResultSchema.parse(res.json());
    const sw = JSON.parse(
      readFileSync(new URL('../../locales/sw/questionInterchange.json', import.meta.url), 'utf8'),
    ) as { reasons: Record<string, string> };
    const intro = result.skipped.find((s) => s.item.includes('Intro'))!;
    expect(intro.reason.message).toBe(sw.reasons.unsupportedType!.replace('{{type}}', 'description'));
    expect(intro.item).toBe('Swali la 11 — “Intro”');
  });

  it('saves the file under the chosen category: its tree created there, images stored and set, all questions in the bank', async () => {
    const imported = await category('Imported');
    const imagesBefore = (await storedImages()).length;
    const res = await send(teacher.headers, { mode: 'save', categoryId: imported });
    expect(res.statusCode, res.body).toBe(200);
    const result = QuestionImportResultSchema.parse(res.json());
    expect(result.saved).toMatchObject({ count: 9 });
    expect(result.saved!.bankQuestionIds).toHaveLength(9);
    const tree = await categories();
    const byName = (name: string) => tree.find((c) => c.name === name)!;
    expect(byName('Biology').parentId).toBe(imported);
    expect(byName('Cells')).toMatchObject({ parentId: byName('Biology').id, questionCount: 2 });
    expect(byName('Plants and/or trees')).toMatchObject({ parentId: byName('Biology').id, questionCount: 7 });
    const listed = await bank();
    expect(listed.total).toBe(9);
    const organelle = listed.items.find((q) => q.question.text === 'Which organelle is shown?')!;
    expect(organelle.question.imageUrl).toMatch(/^\/api\/files\/question-images\/[\w-]+\.png$/);
    expect((await storedImages()).length).toBe(imagesBefore + 1);
    const image = await app.inject({ method: 'GET', url: organelle.question.imageUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('applies the plan: a type it leaves out is skipped with a translated reason, the rest saved', async () => {
    const res = await send(basicTeacher.headers, { mode: 'save' });
    expect(res.statusCode, res.body).toBe(200);
    const result = QuestionImportResultSchema.parse(res.json());
    const refused = result.skipped.filter((s) => s.reason.code === 'typeNotInPlan');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.map((s) => s.reason.params.type)).toContain('Essay Questions');
    expect(refused[0]!.reason.message).toMatch(/^Your organization's plan \(Basic\) does not include/);
    expect(refused.map((s) => s.item)).toContain('Question 8 — “Essay”');
    expect(result.questions.length + refused.length).toBe(9);
    expect(result.questions.every((q) => PLANS.Basic && q.question.type !== 'essay')).toBe(true);
    expect((await bank(basicTeacher.headers)).total).toBe(result.questions.length);
  });

  it.each([
    ['GIFT', fixture('gift/all-constructs.gift.txt'), 'gift'],
    ['GIFT in Windows-1252', fixture('gift/windows-1252.gift.txt'), 'gift'],
    ['Aiken', fixture('aiken/questions.aiken.txt'), 'aiken'],
    ['a QTI 3.0 package', packageOf('qti3/package'), 'qti3'],
    ['a QTI 2.x package', packageOf('qti2/package'), 'qti2'],
    ['a Canvas QTI 1.2 export', packageOf('qti12/canvas'), 'qti12'],
  ] as const)('previews %s as the converter reads it', async (_name, file, format) => {
    const expected = importQuestions(file, { locale: 'en' });
    const res = await send(admin.headers, {}, file);
    expect(res.statusCode, res.body).toBe(200);
    const result = QuestionImportResultSchema.parse(res.json());
    expect(result.format).toBe(format);
    expect(result.questions.map((q) => q.question.type)).toEqual(
      expected.questions.map((q) => q.question.type),
    );
    expect(result.skipped.map((s) => s.item)).toEqual(expected.skipped.map((s) => s.item));
    expect(result.questions.length).toBeGreaterThan(0);
  });

  it('appends an Aiken file to an assessment, with fresh ids and the total marks', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: teacher.headers,
      payload: assessmentInput(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const assessment = AssessmentSchema.parse(created.json());
    const file = fixture('aiken/questions.aiken.txt');
    const res = await send(teacher.headers, { mode: 'save', assessmentId: assessment.id }, file);
    expect(res.statusCode, res.body).toBe(200);
    const result = QuestionImportResultSchema.parse(res.json());
    expect(result.saved).toEqual({ count: result.questions.length, assessmentId: assessment.id });
    const after = AssessmentSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/assessments/${assessment.id}`,
          headers: teacher.headers,
        })
      ).json(),
    );
    expect(after.questions).toHaveLength(assessment.questions.length + result.questions.length);
    const added = after.questions.slice(assessment.questions.length);
    expect(added.map((q) => q.text)).toEqual(result.questions.map((q) => q.question.text));
    expect(new Set(after.questions.map((q) => q.id)).size).toBe(after.questions.length);
    expect(after.totalMarks).toBe(after.questions.reduce((sum, q) => sum + q.score, 0));
  });

  it('imports into an assessment nobody has started, published or not; once a student has started it, refuses (409 questions_locked, translated) and changes nothing', async () => {
    const file = fixture('aiken/questions.aiken.txt');
    const published = await createAssessmentAs(app, teacher.headers, { status: 'published' });
    const open = await send(teacher.headers, { mode: 'save', assessmentId: published.id }, file);
    expect(open.statusCode, open.body).toBe(200);
    const grown = AssessmentSchema.parse(
      (
        await app.inject({ method: 'GET', url: `/api/assessments/${published.id}`, headers: teacher.headers })
      ).json(),
    );
    expect(grown.questions.length).toBeGreaterThan(published.questions.length);
    // A draft with an attempt (published, taken, then put back to draft) is locked too.
    const draft = await createAssessmentAs(app, teacher.headers);
    for (const a of [grown, draft]) {
      await app.db.insert(attempts).values({
        organizationId: orgId,
        assessmentId: a.id,
        studentId: student.user.id,
        number: 1,
        status: a === draft ? 'in_progress' : 'submitted',
        questions: a.questions,
        passMark: 50,
        startedAt: new Date(),
      });
      for (const mode of ['preview', 'save']) {
        const res = await send(teacher.headers, { mode, assessmentId: a.id }, file);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({ code: 'questions_locked' });
      }
    }
    const sw = await send(swTeacher.headers, { assessmentId: draft.id }, file);
    const swErrors = JSON.parse(
      readFileSync(new URL('../../locales/sw/errors.json', import.meta.url), 'utf8'),
    ) as Record<string, string>;
    expect(sw.json<{ message: string }>().message).toBe(swErrors.questions_locked);
    for (const a of [grown, draft]) {
      const after = await app.inject({
        method: 'GET',
        url: `/api/assessments/${a.id}`,
        headers: teacher.headers,
      });
      expect(AssessmentSchema.parse(after.json()).questions).toEqual(a.questions);
    }
  });

  it('saves the readable questions of a GIFT file with one broken question, and lists the broken one with its line and a translated reason', async () => {
    const before = await unchanged();
    const file = fixture('gift/one-broken.gift.txt');
    const preview = QuestionImportResultSchema.parse(
      (await send(teacher.headers, { mode: 'preview' }, file)).json(),
    );
    expect(preview.format).toBe('gift');
    expect(preview.questions).toHaveLength(8);
    expect(preview.skipped.map((s) => [s.item, s.location, s.reason.message])).toEqual([
      ['Question 5 — “N1”', 'line 34 “N1”', 'This question could not be read. “2~” is not a number.'],
    ]);
    const res = await send(teacher.headers, { mode: 'save' }, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(QuestionImportResultSchema.parse(res.json()).saved?.count).toBe(8);
    expect((await bank()).total).toBe(before.questions + 8);
  });

  it('refuses a GIFT file with nothing readable (400, the first line at fault) and changes nothing', async () => {
    const before = await unchanged();
    const broken: File = {
      name: 'broken.gift.txt',
      bytes: new TextEncoder().encode('Open? {=yes ~no\n\n::Title never closed Question {T}\n'),
    };
    const res = await send(teacher.headers, { mode: 'save', format: 'gift' }, broken);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ details: { at: string } }>().details.at).toBe('line 1');
    expect(await unchanged()).toEqual(before);
  });

  it('answers 400 with the line at fault for a malformed file, translated, and changes nothing', async () => {
    const before = await unchanged();
    const res = await send(teacher.headers, { mode: 'save' }, fixture('malformed.moodle.xml', OWN_FIXTURES));
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string; details: { at: string } }>();
    expect(body.code).toBe('import_malformed');
    expect(body.details.at).toMatch(/^line \d+/);
    expect(body.message).toBe(`This file could not be read. The problem is at: ${body.details.at}.`);
    const sw = await send(swTeacher.headers, {}, fixture('malformed.moodle.xml', OWN_FIXTURES));
    expect(sw.json<{ message: string }>().message).toContain(body.details.at);
    expect(sw.json<{ message: string }>().message).not.toBe(body.message);
    expect(await unchanged()).toEqual(before);
  });

  it('refuses a hostile file (XXE) with 400 and changes nothing', async () => {
    const before = await unchanged();
    const res = await send(teacher.headers, { mode: 'save' }, fixture('xxe.moodle.xml', OWN_FIXTURES));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'import_hostile' });
    expect(res.body).not.toContain('root:');
    expect(await unchanged()).toEqual(before);
  });

  it('answers 413 for a package with more entries than allowed', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i <= 2000; i++) files[`f${i}.txt`] = new Uint8Array(1);
    const res = await send(teacher.headers, { format: 'qti2' }, { name: 'many.zip', bytes: zipSync(files) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'file_too_large' });
  });

  it('refuses bad requests: no file, an unknown format, two targets, a file of no known format', async () => {
    expect((await send(teacher.headers, {}, null)).json()).toMatchObject({ code: 'file_required' });
    expect((await send(teacher.headers, { format: 'docx' })).statusCode).toBe(400);
    const both = await send(teacher.headers, {
      categoryId: crypto.randomUUID(),
      assessmentId: crypto.randomUUID(),
    });
    expect(both.statusCode).toBe(400);
    const unknown = await send(
      teacher.headers,
      {},
      { name: 'notes.txt', bytes: new TextEncoder().encode('hello') },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'import_unknownFormat' });
  });

  it("is for the organization's authors only: students 403, another organization's category or assessment 404, nothing saved", async () => {
    const before = await unchanged();
    expect((await send(student.headers, { mode: 'save' })).statusCode).toBe(403);
    expect((await send({}, { mode: 'save' })).statusCode).toBe(401);
    const ours = await category('Ours');
    expect((await send(foreignTeacher.headers, { mode: 'save', categoryId: ours })).statusCode).toBe(404);
    const created = await app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: teacher.headers,
      payload: assessmentInput(),
    });
    const assessmentId = created.json<{ id: string }>().id;
    const foreign = await send(
      foreignTeacher.headers,
      { mode: 'save', assessmentId },
      fixture('aiken/questions.aiken.txt'),
    );
    expect(foreign.statusCode).toBe(404);
    expect((await bank(foreignTeacher.headers)).total).toBe(0);
    expect({ ...(await unchanged()), categories: before.categories + 1 }).toEqual({
      ...before,
      categories: before.categories + 1,
    });
  });
});

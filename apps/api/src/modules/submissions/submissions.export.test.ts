import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { extractText } from 'unpdf';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question } from '@vbuilder/shared';
import { assessments, type AssessmentRow } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { GOOD_ANSWERS, makeAssessment, OBJECTIVE_ONLY, QUESTIONS, submitAttempt } from './test-fixtures.ts';

let t: TestApp;
let teacher: Record<string, string>;
let student: Record<string, string>;
let foreign: Record<string, string>;
let assessment: AssessmentRow;
let organizationId: string;

/** Names a spreadsheet would run as formulas, and one in a script the PDF font lacks. */
const NAMES = ['=HYPERLINK("http://evil.test","x")', '+SUM(1,2)', '-2+3', '@cmd', 'Zoë "Quote", Smith'];

beforeAll(async () => {
  t = await buildTestApp();
  const org = await makeOrganization(t.app, 'Export School');
  organizationId = org.id;
  const other = await makeOrganization(t.app, 'Elsewhere');
  teacher = bearer(await tokenFor(t.app, await makeUser(t.app, 'Teacher', org.id)));
  student = bearer(await tokenFor(t.app, await makeUser(t.app, 'Student', org.id)));
  foreign = bearer(await tokenFor(t.app, await makeUser(t.app, 'Teacher', other.id)));
  assessment = await makeAssessment(t.app, org.id, { title: 'Term 1: Science / Physics?', passMark: 30 });
  const base = Date.now() - 60 * 60_000;
  for (const [i, name] of NAMES.entries()) {
    const user = await makeUser(t.app, 'Student', org.id, { name });
    await submitAttempt(t.app, assessment, user.id, i % 2 ? OBJECTIVE_ONLY : GOOD_ANSWERS, {
      submittedAt: new Date(base + i * 60_000),
    });
  }
});
afterAll(() => t.close());

const download = (path: string, headers = teacher) =>
  t.app.inject({ method: 'GET', url: `/api/assessments/${assessment.id}/${path}`, headers });

describe('GET /api/assessments/:id/export.csv', () => {
  it('is a CSV attachment named after the assessment', async () => {
    const res = await download('export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename=term-1-science-physics-results.csv; filename*=UTF-8''${encodeURIComponent('Term 1 Science Physics - results.csv')}`,
    );
  });

  it('has one row per submitted attempt and one score column per question, formula-safe', async () => {
    const res = await download('export.csv');
    const rows = parse(res.rawPayload, { bom: true }) as string[][];
    const [header, ...data] = rows;
    expect(header).toEqual([
      'Student',
      'Email',
      'Attempt',
      'Submitted at (UTC)',
      'Status',
      'Score',
      'Max score',
      'Percentage',
      'Passed',
      'Q1 (2 pts) Which planet is known as the Red Planet?',
      'Q2 (1 pt) Water boils at 100 °C at sea level.',
      'Q3 (5 pts) Explain why the seasons change.',
      'Q4 (2 pts) Write a function that adds two numbers.',
    ]);
    expect(data).toHaveLength(NAMES.length);
    // Newest first; names that start like formulas are prefixed with an apostrophe.
    expect(data.map((r) => r[0])).toEqual([
      'Zoë "Quote", Smith',
      "'@cmd",
      "'-2+3",
      "'+SUM(1,2)",
      `'=HYPERLINK("http://evil.test","x")`,
    ]);
    const zoe = data[0]!;
    // Waiting for a teacher: the open answers and the total are empty, never 0.
    expect(zoe.slice(2)).toEqual([
      '1',
      expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M$/),
      'Pending marking',
      '',
      '10',
      '',
      '',
      '2',
      '1',
      '',
      '',
    ]);
    const cmd = data[1]!;
    expect(cmd.slice(4, 9)).toEqual(['Submitted', '3', '10', '30', 'Yes']);
    for (const row of data) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });
});

describe('GET /api/assessments/:id/export.xlsx', () => {
  it('is a workbook with the results and a summary', async () => {
    const res = await download('export.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('filename=term-1-science-physics-results.xlsx;');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Results')!;
    expect(sheet.rowCount).toBe(NAMES.length + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Student');
    expect(sheet.getRow(1).getCell(13).value).toBe('Q4 (2 pts) Write a function that adds two numbers.');
    expect(sheet.getRow(1).getCell(4).value).toBe('Submitted at (UTC)');
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('Zoë "Quote", Smith');
    expect(first.getCell(4).value).toBeInstanceOf(Date);
    expect([first.getCell(5).value, first.getCell(6).value, first.getCell(7).value]).toEqual([
      'Pending marking',
      null,
      10,
    ]);
    expect([first.getCell(12).value, first.getCell(13).value]).toEqual([null, null]);
    // Text cells are text, never formulas, in a workbook.
    const last = sheet.getRow(NAMES.length + 1).getCell(1);
    expect(last.value).toBe(NAMES[0]);
    expect(last.type).toBe(ExcelJS.ValueType.String);
    const summary = workbook.getWorksheet('Summary')!;
    const items = Object.fromEntries(
      summary.getSheetValues().flatMap((row) => (Array.isArray(row) && row[1] ? [[row[1], row[2]]] : [])),
    );
    expect(items).toMatchObject({ 'Submitted attempts': NAMES.length, 'Waiting for marking': 3, Passed: 2 });
  });
});

describe('GET /api/assessments/:id/report.pdf', () => {
  it('is a PDF with the title, the summary, the chart, the question table and the item analysis', async () => {
    const res = await download('report.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename=term-1-science-physics-report.pdf;');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.rawPayload);
    const pages = pdf.getPageCount();
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toContain('Term 1: Science / Physics?');
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    for (const expected of [
      'Term 1: Science / Physics?',
      'Subject: Science',
      'Summary',
      'Submitted attempts',
      'Score distribution',
      'Facility',
      // Long question texts wrap inside their table cell.
      'Which planet is known as the Red',
      'Multiple Choice',
      `page 1 of ${pages}`,
      // The item analysis: the two fully marked attempts; the three with an essay to mark wait.
      'Item analysis',
      'Left out: 3 waiting for marking, 0 earlier attempts.',
      'Options chosen',
      'Mars (correct answer)',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('breaks pages for long assessments and keeps a mixed-script title intact', async () => {
    const many: Question[] = Array.from({ length: 70 }, (_, i) => ({
      ...QUESTIONS[0]!,
      id: `q${i}`,
      text: `Question ${i + 1}: ${'a fairly long question text that wraps onto a second line of the table '.repeat(2)}`,
    }));
    const long = await makeAssessment(t.app, organizationId, {
      title: 'แบบทดสอบ Physics 物理',
      questions: many,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/assessments/${long.id}/report.pdf`,
      headers: teacher,
    });
    expect(res.statusCode).toBe(200);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThan(2);
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    expect(text).toContain('Physics');
    expect(text).not.toContain('??');
    expect(text).toContain('Question 70:');
    expect(text).toContain(`page ${pdf.getPageCount()} of ${pdf.getPageCount()}`);
  });

  it('reports an assessment without submissions', async () => {
    const empty = await makeAssessment(t.app, organizationId, { title: 'Nobody yet' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/assessments/${empty.id}/report.pdf`,
      headers: teacher,
    });
    expect(res.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    expect(text).toContain('Nobody yet');
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/assessments/${empty.id}/export.csv`,
      headers: teacher,
    });
    expect(parse(csv.rawPayload, { bom: true })).toHaveLength(1);
  });
});

describe('questions since removed from the assessment', () => {
  it('keep their column, described as the attempts that had them saw them, in every file', async () => {
    const changing = await makeAssessment(t.app, organizationId, { title: 'Changing quiz', passMark: 30 });
    const early = await makeUser(t.app, 'Student', organizationId, { name: 'Early Bird' });
    const late = await makeUser(t.app, 'Student', organizationId, { name: 'Late Comer' });
    const base = Date.now() - 30 * 60_000;
    await submitAttempt(t.app, changing, early.id, OBJECTIVE_ONLY, { submittedAt: new Date(base) });
    // The teacher then removes the True/False question and adds another one.
    const added: Question = { ...QUESTIONS[0]!, id: 'q-added', text: 'Which planet is the largest?' };
    const edited = QUESTIONS.filter((q) => q.id !== 'q-tf').concat(added);
    const [now] = await t.app.db
      .update(assessments)
      .set({ questions: edited, totalMarks: edited.reduce((sum, q) => sum + q.score, 0) })
      .where(eq(assessments.id, changing.id))
      .returning();
    await submitAttempt(
      t.app,
      now!,
      late.id,
      { 'q-mcq': ['b'], 'q-added': ['c'] },
      {
        submittedAt: new Date(base + 60_000),
      },
    );
    const get = (file: string) =>
      t.app.inject({ method: 'GET', url: `/api/assessments/${changing.id}/${file}`, headers: teacher });

    const [header, lateRow, earlyRow] = parse((await get('export.csv')).rawPayload, {
      bom: true,
    }) as string[][];
    // The current questions in their order, then the removed one with its text and points.
    expect(header!.slice(9)).toEqual([
      'Q1 (2 pts) Which planet is known as the Red Planet?',
      'Q2 (5 pts) Explain why the seasons change.',
      'Q3 (2 pts) Write a function that adds two numbers.',
      'Q4 (2 pts) Which planet is the largest?',
      'Q5 (1 pt) Water boils at 100 °C at sea level.',
    ]);
    expect(lateRow![0]).toBe('Late Comer');
    // A question an attempt did not have is empty; the removed one keeps the early attempt's mark.
    expect(lateRow!.slice(9)).toEqual(['2', '0', '0', '0', '']);
    expect(earlyRow!.slice(9)).toEqual(['2', '0', '0', '', '1']);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await get('export.xlsx')).rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Results')!;
    expect(sheet.getRow(1).getCell(14).value).toBe('Q5 (1 pt) Water boils at 100 °C at sea level.');
    expect([sheet.getRow(2).getCell(14).value, sheet.getRow(3).getCell(14).value]).toEqual([null, 1]);

    const pdf = await get('report.pdf');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Water boils at 100 °C at sea level.');
    expect(text).toContain('Which planet is the largest?');
  });
});

describe('who may download', () => {
  it('refuses Students and hides the files from other organizations', async () => {
    for (const path of ['export.csv', 'export.xlsx', 'report.pdf']) {
      expect((await download(path, student)).statusCode).toBe(403);
      const res = await download(path, foreign);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });
});

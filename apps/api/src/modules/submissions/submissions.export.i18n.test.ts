import { parse } from 'content-disposition';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentRow } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { GOOD_ANSWERS, makeAssessment, OBJECTIVE_ONLY, submitAttempt } from './test-fixtures.ts';

/** Issue 10: a Thai-speaking teacher's results files are Thai, dated in their zone, Pending left empty. */
let t: TestApp;
let thai: Record<string, string>;
let assessment: AssessmentRow;
const TITLE = 'แบบทดสอบวิทยาศาสตร์ ม.๒';
const MARKED_AT = new Date('2026-03-05T14:07:00Z');
const PENDING_AT = new Date('2026-03-05T16:30:00Z');

beforeAll(async () => {
  t = await buildTestApp();
  const org = await makeOrganization(t.app, 'โรงเรียนบ้านสวน');
  thai = bearer(await tokenFor(t.app, await makeUser(t.app, 'Teacher', org.id, { language: 'th' })));
  assessment = await makeAssessment(t.app, org.id, { title: TITLE, passMark: 30 });
  const somchai = await makeUser(t.app, 'Student', org.id, { name: 'สมชาย ใจดี' });
  const malee = await makeUser(t.app, 'Student', org.id, { name: 'มาลี รักเรียน' });
  await submitAttempt(t.app, assessment, somchai.id, OBJECTIVE_ONLY, { submittedAt: MARKED_AT });
  await submitAttempt(t.app, assessment, malee.id, GOOD_ANSWERS, { submittedAt: PENDING_AT });
});
afterAll(() => t.close());

const download = (file: string, query = '?timeZone=Asia/Bangkok') =>
  t.app.inject({ method: 'GET', url: `/api/assessments/${assessment.id}/${file}${query}`, headers: thai });

describe('results files in the reader’s language and time zone', () => {
  it('CSV: Thai headers, Thai dates in Asia/Bangkok, Pending as empty cells with “รอตรวจ”', async () => {
    const res = await download('export.csv');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.rawPayload, { bom: true }) as string[][];
    expect(header!.slice(0, 9)).toEqual([
      'ผู้เรียน',
      'อีเมล',
      'ครั้งที่ทำ',
      'ส่งเมื่อ (Asia/Bangkok)',
      'สถานะ',
      'คะแนน',
      'คะแนนเต็ม',
      'ร้อยละ',
      'ผ่าน',
    ]);
    expect(header![9]).toBe('ข้อ 1 (2 คะแนน) Which planet is known as the Red Planet?');
    const byName = Object.fromEntries(rows.map((r) => [r[0], r]));
    const marked = byName['สมชาย ใจดี']!;
    const pending = byName['มาลี รักเรียน']!;
    // Buddhist era, Thai month, the teacher's zone (UTC+7): not ISO, not UTC.
    expect(marked[3]).toBe('5 มี.ค. 2569 21:07');
    expect(pending[3]).toBe('5 มี.ค. 2569 23:30');
    expect(marked.slice(4, 9)).toEqual(['ส่งแล้ว', '3', '10', '30', 'ผ่าน']);
    expect(marked.slice(9)).toEqual(['2', '1', '0', '0']);
    // Waiting for a teacher: the open answers and the total are empty, never 0.
    expect(pending.slice(4, 9)).toEqual(['รอตรวจ', '', '10', '', '']);
    expect(pending.slice(9)).toEqual(['2', '1', '', '']);
    expect(res.rawPayload.toString('utf8')).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  it('XLSX: Thai sheet names and labels, real date cells holding the Bangkok wall-clock time', async () => {
    const res = await download('export.xlsx');
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['ผล', 'สรุป']);
    const sheet = workbook.getWorksheet('ผล')!;
    expect(sheet.getRow(1).getCell(5).value).toBe('สถานะ');
    const rows = [2, 3].map((n) => sheet.getRow(n));
    const pending = rows.find((r) => r.getCell(1).value === 'มาลี รักเรียน')!;
    const marked = rows.find((r) => r.getCell(1).value === 'สมชาย ใจดี')!;
    expect(marked.getCell(4).value).toEqual(new Date(Date.UTC(2026, 2, 5, 21, 7)));
    expect(pending.getCell(5).value).toBe('รอตรวจ');
    expect([pending.getCell(6).value, pending.getCell(8).value]).toEqual([null, null]);
    expect([pending.getCell(12).value, pending.getCell(13).value]).toEqual([null, null]);
    expect(marked.getCell(9).value).toBe('ผ่าน');
    const summary = Object.fromEntries(
      workbook
        .getWorksheet('สรุป')!
        .getSheetValues()
        .flatMap((row) => (Array.isArray(row) && row[1] ? [[row[1], row[2]]] : [])),
    );
    expect(summary).toMatchObject({ แบบทดสอบ: TITLE, รอตรวจ: 1, เขตเวลา: 'Asia/Bangkok' });
  });

  it('names the files after the full Thai title, with an ASCII fallback', async () => {
    for (const [file, name] of [
      ['export.csv', `${TITLE} - ผล.csv`],
      ['export.xlsx', `${TITLE} - ผล.xlsx`],
      ['report.pdf', `${TITLE} - รายงาน.pdf`],
    ] as const) {
      const header = String((await download(file)).headers['content-disposition']);
      expect(parse(header).parameters.filename).toBe(name);
      expect(parse(header, { extended: false }).parameters.filename).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('writes dates in UTC for an unknown zone and refuses a malformed one', async () => {
    const unknown = await download('export.csv', '?timeZone=Mars/Olympus');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.rawPayload.toString('utf8')).toContain('ส่งเมื่อ (UTC)');
    expect(unknown.rawPayload.toString('utf8')).toContain('5 มี.ค. 2569 14:07');
    const none = await download('export.csv', '');
    expect(none.rawPayload.toString('utf8')).toContain('ส่งเมื่อ (UTC)');
    const bad = await download('export.csv', '?timeZone=%3Cscript%3E');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_error');
  });
});

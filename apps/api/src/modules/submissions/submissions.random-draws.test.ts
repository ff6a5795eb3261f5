import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drawnQuestionId,
  type ItemAnalysisResult,
  type Question,
  type RegradeOverview,
} from '@vbuilder/shared';
import type { AssessmentRow } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { pdfText } from '../../test/pdf.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { makeAssessment, QUESTIONS, submitAttempt } from './test-fixtures.ts';

/*
 * An assessment with questions drawn at random from the bank: every student has the MCQ (2 pts) and
 * the True/False (1 pt) of the assessment, and two of four bank questions (True/False, 1 pt each)
 * drawn between them. The item analysis, the regrade screen and the results files must give each
 * drawn question the same number, and the reliability is computed over the two questions every
 * student had.
 */
let t: TestApp;
let teacher: Record<string, string>;
let org: string;
let assessment: AssessmentRow;

const [MCQ, TF] = QUESTIONS as [Question, Question];
const drawn = (n: number): Question => ({
  id: drawnQuestionId(`00000000-0000-4000-8000-00000000000${n}`),
  type: 'true-false',
  text: `Drawn question D${n}`,
  score: 1,
  config: { correct: true },
});
const D = [drawn(1), drawn(2), drawn(3), drawn(4)] as const;
const [D1, D2, D3, D4] = D;

/** A submitted attempt holding the MCQ, the two drawn questions, then the True/False. */
async function sit(
  target: AssessmentRow,
  name: string,
  minute: number,
  own: readonly Question[],
  picks: readonly Question[],
  answers: Record<string, unknown>,
) {
  const student = await makeUser(t.app, 'Student', org, { name });
  const questions = own.length === 2 ? [own[0]!, ...picks, own[1]!] : [...picks, ...own];
  await submitAttempt(t.app, { ...target, questions }, student.id, answers, {
    submittedAt: new Date(Date.now() - 60 * 60_000 + minute * 60_000),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  org = (await makeOrganization(t.app, 'Draw School')).id;
  teacher = bearer(await tokenFor(t.app, await makeUser(t.app, 'Teacher', org)));
  assessment = await makeAssessment(t.app, org, { title: 'Drawn quiz', questions: [MCQ, TF] });
  // Oldest first: D3 and D1 first appear with S1, D2 with S2, D4 with S3.
  // Common questions (MCQ, TF) right/wrong: S1 1 1, S2 1 1, S3 0 0, S4 1 0.
  const own = [MCQ, TF];
  await sit(assessment, 'S1', 1, own, [D3, D1], {
    'q-mcq': ['b'],
    'q-tf': true,
    [D3.id]: false,
    [D1.id]: true,
  });
  await sit(assessment, 'S2', 2, own, [D2, D3], {
    'q-mcq': ['b'],
    'q-tf': true,
    [D2.id]: false,
    [D3.id]: false,
  });
  await sit(assessment, 'S3', 3, own, [D4, D1], {
    'q-mcq': ['a'],
    'q-tf': false,
    [D4.id]: true,
    [D1.id]: true,
  });
  await sit(assessment, 'S4', 4, own, [D1, D2], {
    'q-mcq': ['b'],
    'q-tf': false,
    [D1.id]: true,
    [D2.id]: true,
  });
});
afterAll(() => t.close());

const get = (path: string, id = assessment.id) =>
  t.app.inject({ method: 'GET', url: `/api/assessments/${id}/${path}`, headers: teacher });

/** The number each question id has, by its text. */
const EXPECTED = new Map([
  [MCQ.id, 1],
  [TF.id, 2],
  [D3.id, 3],
  [D1.id, 4],
  [D2.id, 5],
  [D4.id, 6],
]);
const textOf = new Map([MCQ, TF, ...D].map((q) => [q.id, q.text]));

describe('questions drawn at random: one numbering', () => {
  it('numbers own questions first, then drawn ones in the order they first appeared (earliest attempt first)', async () => {
    const analysis = (await get('item-analysis')).json<ItemAnalysisResult>();
    expect(analysis.questions.map((q) => [q.id, q.number])).toEqual([...EXPECTED]);
  });

  it('the regrade screen, the item analysis, the CSV, the workbook and the PDF report give each question the same number', async () => {
    const analysis = (await get('item-analysis')).json<ItemAnalysisResult>();
    const regrades = (await get('regrades')).json<RegradeOverview>();
    const analysed = new Map(analysis.questions.map((q) => [q.id, q.number]));
    const regraded = new Map(regrades.questions.map((q) => [q.id, q.position]));
    expect(regraded).toEqual(EXPECTED);
    expect(analysed).toEqual(EXPECTED);

    // The CSV's and the workbook's headers: "Q<number> (<points>) <text>".
    const headerNumbers = (header: readonly string[]) =>
      new Map(
        [...textOf].map(([id, text]) => {
          const cell = header.find((h) => h.endsWith(` ${text}`));
          return [id, Number(/^Q(\d+) /.exec(cell ?? '')?.[1])];
        }),
      );
    const csv = parse((await get('export.csv')).rawPayload, { bom: true }) as string[][];
    expect(headerNumbers(csv[0]!)).toEqual(EXPECTED);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await get('export.xlsx')).rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets.find((s) =>
      (s.getRow(1).values as unknown[]).some((v) => typeof v === 'string' && v.startsWith('Q1 ')),
    )!;
    const row = (sheet.getRow(1).values as unknown[]).filter((v): v is string => typeof v === 'string');
    expect(headerNumbers(row)).toEqual(EXPECTED);

    // The report's question table and item analysis table: a row "<number> <text> …" each (the
    // text may wrap: its first words).
    const lines = pdfText((await get('report.pdf')).rawPayload).split('\n');
    for (const [id, text] of textOf) {
      const start = text.split(' ').slice(0, 4).join(' ');
      const rows = lines
        .filter((line) => /^\d+ /.test(line) && line.includes(` ${start}`))
        .map((line) => line.split(' ')[0]);
      expect(rows, text).toEqual([String(EXPECTED.get(id)), String(EXPECTED.get(id))]);
    }
  });
});

describe('questions drawn at random: reliability over the questions every student got', () => {
  it('computes KR-20 over the two common questions (hand-computed 8/11) and names them', async () => {
    const { reliability } = (await get('item-analysis')).json<ItemAnalysisResult>();
    // p = 3/4 and 2/4: Σpq = 7/16; totals 2, 2, 0, 1: σ² = 11/16; KR-20 = 2 · (1 − 7/11) = 8/11.
    expect(reliability).toMatchObject({
      method: 'kr20',
      reason: null,
      responses: 4,
      questions: [1, 2],
      scoredQuestions: 6,
    });
    expect(reliability.value).toBeCloseTo(8 / 11, 12);
  });

  it('the PDF report says what it was computed over', async () => {
    const text = pdfText((await get('report.pdf')).rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('KR-20 0.73');
    expect(text).toContain('Computed over the 2 questions every student got (1–2)');
  });

  it('says why not when only one question is common to every student', async () => {
    const one = await makeAssessment(t.app, org, { title: 'One in common', questions: [TF] });
    await sit(one, 'O1', 1, [TF], [D1, D2], { 'q-tf': true, [D1.id]: true });
    await sit(one, 'O2', 2, [TF], [D3, D4], { 'q-tf': false, [D3.id]: true });
    const { reliability } = (await get('item-analysis', one.id)).json<ItemAnalysisResult>();
    expect(reliability).toEqual({
      method: null,
      value: null,
      reason: 'tooFewCommonQuestions',
      responses: 2,
      questions: [1],
      scoredQuestions: 5,
    });
    const text = pdfText((await get('report.pdf', one.id)).rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Not computed: only question 1 was given to every student');
  });

  it('says why not when no question is common to every student', async () => {
    const none = await makeAssessment(t.app, org, { title: 'Nothing in common', questions: [] });
    await sit(none, 'N1', 1, [], [D1, D2], { [D1.id]: true });
    await sit(none, 'N2', 2, [], [D3, D4], { [D3.id]: true, [D4.id]: true });
    const { reliability } = (await get('item-analysis', none.id)).json<ItemAnalysisResult>();
    expect(reliability).toMatchObject({ value: null, reason: 'tooFewCommonQuestions', questions: [] });
  });
});

import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { AssessmentResults, ResultRow } from './submissions.results.ts';

/**
 * Results exports: one row per submitted attempt, then one column per question with its score.
 * Column names are English: the files are read by spreadsheets and other systems, not by the UI.
 */
export const RESULT_HEADERS = [
  'Student',
  'Email',
  'Attempt',
  'Submitted at',
  'Status',
  'Score',
  'Max score',
  'Percentage',
  'Passed',
] as const;

const QUESTION_HEADER_TEXT_MAX = 40;

/** "Q3 (2 pts) Name the capital of…" */
function questionHeader(question: AssessmentResults['questions'][number]): string {
  const text = question.text.replace(/\s+/g, ' ').trim();
  const short =
    text.length > QUESTION_HEADER_TEXT_MAX ? `${text.slice(0, QUESTION_HEADER_TEXT_MAX - 1)}…` : text;
  return `Q${question.number} (${question.max} pts) ${short}`;
}

export const resultHeaders = (results: AssessmentResults): string[] => [
  ...RESULT_HEADERS,
  ...results.questions.map(questionHeader),
];

const passedText = (passed: boolean | null): string => (passed === null ? '' : passed ? 'Yes' : 'No');

type Cell = string | number | Date | null;

function rowCells(row: ResultRow): Cell[] {
  return [
    row.studentName,
    row.studentEmail,
    row.attemptNumber,
    row.submittedAt,
    row.status,
    row.score,
    row.maxScore,
    row.percentage,
    passedText(row.passed),
    ...row.marks.map((mark) => (mark ? mark.score : null)),
  ];
}

/**
 * Cells a spreadsheet would run as a formula start with = + - @ (or a tab / carriage return that
 * some programs skip first): they get a leading apostrophe, so a student named "=HYPERLINK(…)"
 * is shown as text (OWASP CSV injection).
 */
export const neutraliseFormula = (value: string): string =>
  /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** The CSV file: UTF-8 with a byte order mark (so spreadsheet programs read names right), CRLF rows. */
export function resultsCsv(results: AssessmentResults): Buffer {
  const text = stringify([resultHeaders(results), ...results.rows.map(rowCells)], {
    bom: true,
    record_delimiter: 'windows',
    cast: {
      string: (value) => neutraliseFormula(value),
      date: (value) => value.toISOString(),
      number: (value) => String(value),
    },
  });
  return Buffer.from(text, 'utf8');
}

/** The Excel workbook: a Results sheet (frozen, filterable header) and a Summary sheet. */
export async function resultsXlsx(results: AssessmentResults): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'vbuilder';
  workbook.created = new Date();

  const sheet = workbook.addWorksheet('Results', { views: [{ state: 'frozen', ySplit: 1 }] });
  const headers = resultHeaders(results);
  sheet.columns = headers.map((header, i) => ({
    header,
    key: `c${i}`,
    width: i === 0 ? 28 : i === 1 ? 32 : i === 3 ? 22 : Math.min(Math.max(header.length, 10), 24),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of results.rows) {
    // Strings go in as text cells (never formulas), so the apostrophe the CSV needs is not added here.
    sheet.addRow(rowCells(row));
  }
  sheet.getColumn(4).numFmt = 'yyyy-mm-dd hh:mm';
  sheet.getColumn(8).numFmt = '0.00';
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };

  const summary = workbook.addWorksheet('Summary');
  summary.columns = [
    { header: 'Item', key: 'item', width: 28 },
    { header: 'Value', key: 'value', width: 40 },
  ];
  summary.getRow(1).font = { bold: true };
  const { assessment, figures } = results;
  const rows: [string, string | number | null][] = [
    ['Assessment', assessment.title],
    ['Subject', assessment.subject],
    ['Pass mark (%)', assessment.passMark],
    ['Total marks', assessment.totalMarks],
    ['Assigned students', results.assigned],
    ['Submitted attempts', figures.submitted],
    ['Students who submitted', figures.studentsSubmitted],
    ['Passed', figures.passed],
    ['Pass rate (%)', results.passRate],
    ['Waiting for marking', figures.pendingMarking],
    ['Average (%)', figures.averagePercentage === null ? null : round2(figures.averagePercentage)],
    ['Highest (%)', figures.highestPercentage],
    ['Lowest (%)', figures.lowestPercentage],
  ];
  rows.forEach(([item, value]) => summary.addRow({ item, value }));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * A download name from the assessment's title: letters, digits and dashes only (Content-Disposition
 * `filename`), with the exact title kept in `filename*` for browsers that read it.
 */
export function downloadName(title: string, suffix: string, extension: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${base || 'assessment'}-${suffix}.${extension}`;
}

export function contentDisposition(title: string, suffix: string, extension: string): string {
  const ascii = downloadName(title, suffix, extension);
  const full = `${
    title
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'assessment'
  } - ${suffix}.${extension}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}

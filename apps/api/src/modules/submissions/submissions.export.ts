import { PassThrough, Readable, pipeline, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { LanguageCode } from '@vbuilder/shared';
import { formatDateTime, translatorFor, validTimeZone, type TFunction } from '../../i18n/index.ts';
import { contentDispositionHeader } from '../../lib/content-disposition.ts';
import type { ResultQuestion, ResultRow, ResultsSummary } from './submissions.results.ts';
import type { QuestionMark } from './submissions.scoring.ts';

/**
 * Results exports: one row per submitted attempt, then one column per question with its score.
 * Headers, sheet names and status words are in the requester's language, dates in their time zone
 * (CSV: the date as they write it; XLSX: a real date cell holding their wall-clock time). Answers
 * still waiting for a teacher are empty cells, never 0, and a row waiting for marking has no total.
 * Both files are streams: each row is written as it is read, so memory does not grow with the class.
 */
export interface ExportReader {
  language: LanguageCode;
  /** IANA zone; anything Intl does not know is UTC. */
  timeZone?: string | null;
}

const ENGLISH: ExportReader = { language: 'en', timeZone: 'UTC' };

const QUESTION_HEADER_TEXT_MAX = 40;

/** "Q3 (2 pts) Name the capital of…" in the reader's language. */
function questionHeader(t: TFunction, question: ResultQuestion): string {
  const text = question.text.replace(/\s+/g, ' ').trim();
  const short =
    text.length > QUESTION_HEADER_TEXT_MAX ? `${text.slice(0, QUESTION_HEADER_TEXT_MAX - 1)}…` : text;
  return t('exports:question', { number: question.number, count: question.max, text: short });
}

/** The header row: the fixed columns, then one per question. */
export function resultHeaders(
  questions: readonly ResultQuestion[],
  reader: ExportReader = ENGLISH,
): string[] {
  const t = translatorFor(reader.language);
  const c = (key: string) => t(`exports:columns.${key}`, { timeZone: validTimeZone(reader.timeZone) });
  return [
    c('student'),
    c('email'),
    c('attempt'),
    c('submittedAt'),
    c('status'),
    c('score'),
    c('maxScore'),
    c('percentage'),
    c('passed'),
    ...questions.map((q) => questionHeader(t, q)),
  ];
}

type Cell = string | number | Date | null;

/** A question's cell: its score, or empty when it waits for a teacher or was not in this attempt. */
const markCell = (mark: QuestionMark | null): number | null =>
  mark === null || mark.markStatus === 'manual' ? null : mark.score;

function rowCells(row: ResultRow, t: TFunction, submittedAt: (date: Date) => Cell): Cell[] {
  const pending = row.status === 'Pending';
  return [
    row.studentName,
    row.studentEmail,
    row.attemptNumber,
    submittedAt(row.submittedAt),
    t(`exports:status.${row.status}`),
    // A total that still misses a teacher's marks is not a score: left empty, like the answers.
    pending ? null : row.score,
    row.maxScore,
    pending ? null : row.percentage,
    row.passed === null || pending ? '' : t(row.passed ? 'exports:passed.yes' : 'exports:passed.no'),
    ...row.marks.map(markCell),
  ];
}

/**
 * A function giving the wall-clock time of a date in `timeZone` as a Date whose UTC fields hold
 * it: spreadsheet dates have no zone, so this is what a reader in that zone expects the cell to
 * show. One formatter for the whole file (making one per row cost more than the rest of the row).
 */
export function wallClockIn(timeZone: string): (date: Date) => Date {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (date) => {
    const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
    for (const part of format.formatToParts(date)) parts[part.type] = Number(part.value);
    return new Date(
      Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!),
    );
  };
}

/**
 * Cells a spreadsheet would run as a formula start with = + - @ (or a tab / carriage return that
 * some programs skip first): they get a leading apostrophe, so a student named "=HYPERLINK(…)"
 * is shown as text (OWASP CSV injection).
 */
export const neutraliseFormula = (value: string): string =>
  /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** Rows as they come, sync (tests, small lists) or async (read from the database in batches). */
export type Rows = Iterable<ResultRow> | AsyncIterable<ResultRow>;

/**
 * The CSV file: UTF-8 with a byte order mark (so spreadsheet programs read names right), CRLF rows,
 * dates written as the reader writes them in their zone (the header names the zone). A stream:
 * rows are formatted as the reply takes them.
 */
export function resultsCsv(
  questions: readonly ResultQuestion[],
  rows: Rows,
  reader: ExportReader = ENGLISH,
): Readable {
  const t = translatorFor(reader.language);
  const when = (date: Date) => formatDateTime(date, reader.language, reader.timeZone);
  const csv = stringify({
    bom: true,
    record_delimiter: 'windows',
    cast: {
      string: (value) => neutraliseFormula(value),
      number: (value) => String(value),
    },
  });
  async function* records() {
    yield resultHeaders(questions, reader);
    for await (const row of rows) yield rowCells(row, t, when);
  }
  // An error (the database gone mid-file) destroys the reply's stream: the download fails visibly.
  pipeline(Readable.from(records()), csv, () => undefined);
  return csv;
}

/**
 * The Excel workbook: a Results sheet (frozen, filterable header) and a Summary sheet, named and
 * labelled in the reader's language; submission times are date cells showing the reader's zone.
 * Written with ExcelJS's streaming writer: each row is committed (turned into XML and zipped) as
 * it is read, never kept.
 */
export function resultsXlsx(
  summary: ResultsSummary,
  rows: Rows,
  reader: ExportReader = ENGLISH,
  exportedAt: Date = new Date(),
): Readable {
  const out = new PassThrough();
  writeWorkbook(out, summary, rows, reader, exportedAt).catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}

async function writeWorkbook(
  out: Writable,
  results: ResultsSummary,
  rows: Rows,
  reader: ExportReader,
  exportedAt: Date,
): Promise<void> {
  const t = translatorFor(reader.language);
  const timeZone = validTimeZone(reader.timeZone);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    // Styles: the bold header and the date and percentage formats.
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'vbuilder';
  workbook.created = exportedAt;

  const sheet = workbook.addWorksheet(sheetName(t('exports:sheets.results')), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const headers = resultHeaders(results.questions, reader);
  sheet.columns = headers.map((header, i) => ({
    header,
    key: `c${i}`,
    width: i === 0 ? 28 : i === 1 ? 32 : i === 3 ? 22 : Math.min(Math.max(header.length, 10), 24),
  }));
  sheet.getColumn(4).numFmt = DATE_FORMAT;
  sheet.getColumn(8).numFmt = PERCENT_FORMAT;
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
  // One style object per column, shared by its cells: ExcelJS files a cell's style once per
  // object, so 40,000 cells with a copy each cost more than writing them.
  const styles = headers.map((_, i): Partial<ExcelJS.Style> =>
    i === 3 ? { numFmt: DATE_FORMAT } : i === 7 ? { numFmt: PERCENT_FORMAT } : {},
  );
  const wallClock = wallClockIn(timeZone);
  for await (const row of rows) {
    // A reply closed by the reader: stop reading and writing.
    if (out.destroyed) return;
    // Strings go in as text cells (never formulas), so the apostrophe the CSV needs is not added here.
    const added = sheet.addRow(rowCells(row, t, wallClock));
    added.eachCell({ includeEmpty: true }, (cell, column) => {
      cell.style = styles[column - 1]!;
    });
    added.commit();
  }
  sheet.commit();

  const summary = workbook.addWorksheet(sheetName(t('exports:sheets.summary')));
  summary.columns = [
    { header: t('exports:summary.item'), key: 'item', width: 28 },
    { header: t('exports:summary.value'), key: 'value', width: 40 },
  ];
  summary.getRow(1).font = { bold: true };
  const { assessment, figures } = results;
  const s = (key: string) => t(`exports:summary.${key}`);
  const items: [string, string | number | null][] = [
    [s('assessment'), assessment.title],
    [s('subject'), assessment.subject],
    [s('passMark'), assessment.passMark],
    [s('totalMarks'), assessment.totalMarks],
    [s('assigned'), results.assigned],
    [s('submitted'), figures.submitted],
    [s('studentsSubmitted'), figures.studentsSubmitted],
    [s('passed'), figures.passed],
    [s('passRate'), results.passRate],
    [s('pendingMarking'), figures.pendingMarking],
    [s('average'), figures.averagePercentage === null ? null : round2(figures.averagePercentage)],
    [s('highest'), figures.highestPercentage],
    [s('lowest'), figures.lowestPercentage],
    [s('exportedAt'), formatDateTime(exportedAt, reader.language, timeZone)],
    [s('timeZone'), timeZone],
  ];
  items.forEach(([item, value]) => summary.addRow({ item, value }).commit());
  summary.commit();
  await workbook.commit();
}

const DATE_FORMAT = 'yyyy-mm-dd hh:mm';
const PERCENT_FORMAT = '0.00';
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Excel refuses sheet names over 31 characters or with : \\ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

/**
 * The ASCII stand-in for a download's name (Content-Disposition `filename`): letters, digits and
 * dashes of the title, e.g. 'term-1-science-results.csv'; the full title goes in `filename*`.
 */
export function downloadName(title: string, suffix: string, extension: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${base || 'assessment'}-${suffix}.${extension}`;
}

/**
 * Content-Disposition of a results file: "<title> - <results|report in the reader's language>.<ext>"
 * in `filename*` (every script kept), the ASCII downloadName in `filename`.
 */
export function resultsFileDisposition(
  title: string,
  kind: 'results' | 'report',
  extension: string,
  language: LanguageCode = 'en',
): string {
  const t = translatorFor(language);
  return contentDispositionHeader(`${title} - ${t(`exports:files.${kind}`)}.${extension}`, {
    fallback: downloadName(title, kind, extension),
  });
}

// Just over 500 lines: one document's layout, page by page (summary, distribution chart, facility
// table, item analysis, results); its figures come from submissions.results.ts.
import { rgb } from 'pdf-lib';
import { isQuestionTypeId, ITEM_FLAGS, reliabilityNote, type LanguageCode } from '@vbuilder/shared';
import { A4, DocumentWriter, MUTED } from '../../documents/index.ts';
import { formatDateTime, formatNumber, translatorFor, type TFunction } from '../../i18n/index.ts';
import type { AssessmentResults } from './submissions.results.ts';

/**
 * The assessment report (PDF), in the reader's language and time zone: title, subject, window,
 * summary figures, a score distribution chart in 10 % bands with the pass mark, a per-question
 * facility table, the item analysis and the students' results, on as many A4 pages as it needs. Laid out with the
 * document module, so the teacher's titles and the students' names print in any script.
 */

const BAR = rgb(0.2, 0.45, 0.85);
const PASS_LINE = rgb(0.85, 0.3, 0.25);

export interface ReportReader {
  language: LanguageCode;
  /** IANA zone the dates are shown in. */
  timeZone?: string | null;
}

interface Context {
  w: DocumentWriter;
  t: TFunction;
  reader: ReportReader;
  results: AssessmentResults;
}

const number = (c: Context, value: number) =>
  formatNumber(value, c.reader.language, { maximumFractionDigits: 2 });
const percent = (c: Context, value: number | null) =>
  value === null
    ? '–'
    : formatNumber(value / 100, c.reader.language, { style: 'percent', maximumFractionDigits: 2 });
const dateTime = (c: Context, date: Date) => formatDateTime(date, c.reader.language, c.reader.timeZone);

function header(c: Context, generatedAt: Date) {
  const { w, t, results } = c;
  const { assessment } = results;
  w.text(t('report:heading'), { size: 10, color: MUTED, gap: 2 });
  w.text(assessment.title, { size: 20, bold: true, gap: 4 });
  w.text(t('report:subject', { subject: assessment.subject }), { size: 11 });
  const [start, end] = [assessment.startsAt, assessment.endsAt].map((d) =>
    d ? dateTime(c, d) : t('report:notSet'),
  );
  w.text(t('report:window', { start, end }), { size: 10, color: MUTED });
  w.text(t('report:generated', { date: dateTime(c, generatedAt) }), { size: 10, color: MUTED, gap: 10 });
  w.rule();
  w.y -= 14;
}

function summary(c: Context) {
  const { w, t, results } = c;
  const { figures, assessment } = results;
  w.text(t('report:summary.title'), { size: 14, bold: true, gap: 6 });
  const items: [string, string][] = [
    [t('report:summary.assigned'), number(c, results.assigned)],
    [t('report:summary.submitted'), number(c, figures.submitted)],
    [t('report:summary.studentsSubmitted'), number(c, figures.studentsSubmitted)],
    [t('report:summary.passed'), number(c, figures.passed)],
    [t('report:summary.passRate'), percent(c, results.passRate)],
    [t('report:summary.passMark'), percent(c, assessment.passMark)],
    [t('report:summary.average'), percent(c, figures.averagePercentage)],
    [t('report:summary.highest'), percent(c, figures.highestPercentage)],
    [t('report:summary.lowest'), percent(c, figures.lowestPercentage)],
    [t('report:summary.pendingMarking'), number(c, figures.pendingMarking)],
    [t('report:summary.totalMarks'), number(c, assessment.totalMarks)],
    [t('report:summary.questions'), number(c, results.questions.length)],
  ];
  // Three columns of label / value pairs; a label may take two lines.
  const columnWidth = w.width / 3;
  for (let i = 0; i < items.length; i += 3) {
    const row = items.slice(i, i + 3);
    const labelLines = row.map(([label]) => w.wrap(label, 8, columnWidth - 10).slice(0, 2));
    const labelHeight = Math.max(...labelLines.map((lines, j) => lines.length * w.lineHeight(row[j]![0], 8)));
    const valueHeight = Math.max(...row.map(([, value]) => w.lineHeight(value, 13, true)));
    w.ensure(labelHeight + valueHeight + 6);
    const top = w.y;
    row.forEach(([, value], j) => {
      const x = w.margin + j * columnWidth;
      let y = top;
      for (const line of labelLines[j]!) {
        const height = w.lineHeight(line, 8);
        w.cell(line, x, y - height * 0.75, columnWidth - 10, { size: 8, color: MUTED });
        y -= height;
      }
      w.cell(value, x, top - labelHeight - valueHeight * 0.72, columnWidth - 10, { size: 13, bold: true });
    });
    w.y = top - labelHeight - valueHeight - 6;
  }
  w.y -= 10;
}

/** Counts of percentages in buckets 0–10, 10–20, … 90–100 (100 % falls in the last one). */
export function distribution(percentages: readonly number[]): number[] {
  const buckets = Array.from({ length: 10 }, () => 0);
  for (const p of percentages) buckets[Math.min(9, Math.max(0, Math.floor(p / 10)))]! += 1;
  return buckets;
}

function chart(c: Context) {
  const { w, t, results } = c;
  const height = 150;
  w.ensure(height + 104);
  w.text(t('report:distribution.title'), { size: 14, bold: true, gap: 2 });
  w.text(t('report:distribution.note'), { size: 9, color: MUTED, gap: 8 });
  // A score still waiting for a teacher is not a result yet: only marked attempts are counted.
  const counts = distribution(results.rows.filter((r) => r.status !== 'Pending').map((r) => r.percentage));
  // Whole-number gridlines at an even step (at most five lines), the axis topping at a step.
  const step = Math.max(1, Math.ceil(Math.max(...counts) / 4));
  const max = step * Math.max(1, Math.ceil(Math.max(...counts) / step));
  const left = w.margin + 28;
  const bottom = w.y - 14 - height;
  const slot = (w.width - 28) / 10;
  const page = w.page;
  for (let value = 0; value <= max; value += step) {
    const y = bottom + (height * value) / max;
    page.drawLine({
      start: { x: left, y },
      end: { x: A4[0] - w.margin, y },
      thickness: 0.5,
      color: rgb(0.85, 0.87, 0.9),
    });
    w.cell(number(c, value), w.margin, y - 3, 22, { size: 8, right: true, color: MUTED });
  }
  counts.forEach((n, i) => {
    const x = left + i * slot + slot * 0.15;
    const barHeight = (height * n) / max;
    if (n > 0) {
      page.drawRectangle({ x, y: bottom, width: slot * 0.7, height: barHeight, color: BAR });
      w.cell(number(c, n), x, bottom + barHeight + 3, slot * 0.7, { size: 8, bold: true });
    }
    w.cell(`${number(c, i * 10)}–${number(c, i * 10 + 10)}`, left + i * slot, bottom - 12, slot, {
      size: 7,
      color: MUTED,
    });
  });
  // The pass mark, as a dashed vertical line with its label.
  const passMark = results.assessment.passMark;
  const passX = left + (Math.min(100, passMark) / 100) * (slot * 10);
  page.drawLine({
    start: { x: passX, y: bottom },
    end: { x: passX, y: bottom + height },
    thickness: 1,
    color: PASS_LINE,
    dashArray: [3, 3],
  });
  const label = t('report:distribution.passMark', { value: percent(c, passMark) });
  const labelWidth = Math.min(120, w.measure(label, 7) + 2);
  w.cell(label, Math.min(passX + 3, A4[0] - w.margin - labelWidth), bottom + height - 10, labelWidth, {
    size: 7,
    color: PASS_LINE,
  });
  w.y = bottom - 30;
}

interface Column {
  title: string;
  width: number;
  right?: boolean;
}

/** A table header whose titles may wrap onto two lines; returns a function that draws it. */
function tableHeader(c: Context, columns: Column[]) {
  const { w } = c;
  return () => {
    const lines = columns.map((col) => w.wrap(col.title, 8, col.width - 6, true).slice(0, 2));
    const lineHeight = Math.max(...columns.map((col) => w.lineHeight(col.title, 8, true)));
    const height = Math.max(...lines.map((l) => l.length)) * lineHeight + 6;
    w.ensure(height + 30);
    let x = w.margin;
    columns.forEach((col, i) => {
      lines[i]!.forEach((line, l) =>
        w.cell(line, x, w.y - lineHeight * (l + 0.8), col.width - 6, {
          size: 8,
          bold: true,
          right: col.right ?? false,
          color: MUTED,
        }),
      );
      x += col.width;
    });
    w.y -= height;
    w.rule();
  };
}

/** Draws one row of cells; `lines[i]` holds the wrapped lines of column i. */
function tableRow(c: Context, columns: Column[], lines: string[][], drawHeader: () => void) {
  const { w } = c;
  const heights = lines.map((cell) => Math.max(...cell.map((line) => w.lineHeight(line || 'x', 9))));
  const lineHeight = Math.max(...heights);
  const rowHeight = Math.max(...lines.map((cell) => cell.length)) * lineHeight + 6;
  if (w.y - rowHeight < w.margin + 20) {
    w.newPage();
    drawHeader();
  }
  const top = w.y;
  let x = w.margin;
  columns.forEach((col, i) => {
    lines[i]!.forEach((line, l) =>
      w.cell(line, x, top - lineHeight * (l + 0.75) - 2, col.width - 6, {
        size: 9,
        right: col.right ?? false,
      }),
    );
    x += col.width;
  });
  w.y -= rowHeight;
  w.rule();
}

function facilityTable(c: Context) {
  const { w, t, results } = c;
  w.ensure(80);
  w.text(t('report:questions.title'), { size: 14, bold: true, gap: 2 });
  w.text(t('report:questions.note'), { size: 9, color: MUTED, gap: 8 });
  const fixed = 24 + 100 + 40 + 50 + 55 + 55;
  const columns: Column[] = [
    { title: t('report:questions.number'), width: 24, right: true },
    { title: t('report:questions.question'), width: w.width - fixed },
    { title: t('report:questions.type'), width: 100 },
    { title: t('report:questions.max'), width: 40, right: true },
    { title: t('report:questions.marked'), width: 50, right: true },
    { title: t('report:questions.facility'), width: 55, right: true },
    { title: t('report:questions.correct'), width: 55, right: true },
  ];
  const drawHeader = tableHeader(c, columns);
  drawHeader();
  for (const f of results.facilities) {
    const wrapped = w.wrap(f.question.text, 9, columns[1]!.width - 6);
    // At most three lines a question; a longer text ends with … (cell() trims it to fit).
    const question = wrapped.length > 3 ? [...wrapped.slice(0, 2), `${wrapped[2]} …`] : wrapped;
    const type = isQuestionTypeId(f.question.type)
      ? t(`questionTypes:types.${f.question.type}.label`)
      : f.question.type;
    tableRow(
      c,
      columns,
      [
        [number(c, f.question.number)],
        question,
        w.wrap(type, 9, columns[2]!.width - 6).slice(0, 2),
        [number(c, f.question.max)],
        [number(c, f.marked)],
        [percent(c, f.facility)],
        [percent(c, f.correctRate)],
      ],
      drawHeader,
    );
  }
  if (results.facilities.length === 0) w.text(t('report:questions.none'), { size: 10, color: MUTED });
  w.y -= 16;
}

/** A share 0..1 as a percentage; a correlation or index −1..1 with two decimals and its sign. */
const share = (c: Context, value: number | null) => (value === null ? '–' : percent(c, value * 100));
const index = (c: Context, value: number | null) =>
  value === null
    ? '–'
    : formatNumber(value, c.reader.language, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: 'exceptZero',
      });

/** Question numbers as runs, "1–3, 7", in the reader's digits. */
const runsText = (c: Context, runs: readonly [number, number][]) =>
  new Intl.ListFormat(c.reader.language, { type: 'unit', style: 'short' }).format(
    runs.map(([from, to]) => (from === to ? number(c, from) : `${number(c, from)}–${number(c, to)}`)),
  );

/**
 * The item analysis, on its own page: who was counted, the assessment's mean, median,
 * standard deviation and reliability, a table per question (facility, discrimination, what to
 * check), what each flag means, and for choice questions the options the top and bottom 27 %
 * chose. Formulas: item-analysis.ts.
 */
function itemAnalysisSection(c: Context) {
  const { w, t, results } = c;
  const a = results.itemAnalysis;
  const k = (key: string, values?: Record<string, unknown>) => t(`report:itemAnalysis.${key}`, values);
  w.newPage();
  w.text(k('title'), { size: 14, bold: true, gap: 2 });
  w.text(k('intro'), { size: 9, color: MUTED, gap: 2 });
  if (a.pendingLeftOut || a.earlierAttemptsLeftOut)
    w.text(
      k('leftOut', { pending: number(c, a.pendingLeftOut), earlier: number(c, a.earlierAttemptsLeftOut) }),
      {
        size: 9,
        color: MUTED,
        gap: 2,
      },
    );
  if (a.responses === 0) {
    w.text(k('none'), { size: 10, color: MUTED, gap: 16 });
    return;
  }
  w.text(k('groups', { size: number(c, a.groupSize) }), { size: 9, color: MUTED, gap: 2 });
  if (a.responses < 5) w.text(k('few'), { size: 9, color: MUTED, gap: 2 });
  w.y -= 8;

  // The summary: four label / value pairs in a row.
  const r = a.reliability;
  const reliability =
    r.value === null || r.method === null
      ? k('reliabilityInfo.notComputed')
      : k(`summary.${r.method}`, { value: index(c, r.value).replace(/^\+/, '') });
  const items: [string, string][] = [
    [k('summary.responses'), number(c, a.responses)],
    [k('summary.mean'), percent(c, a.summary.mean)],
    [k('summary.median'), percent(c, a.summary.median)],
    [k('summary.sd'), percent(c, a.summary.standardDeviation)],
    [k('summary.reliability'), reliability],
  ];
  const columnWidth = w.width / items.length;
  const labels = items.map(([label]) => w.wrap(label, 8, columnWidth - 8).slice(0, 2));
  const labelHeight = Math.max(...labels.map((lines) => lines.length * w.lineHeight(lines[0] ?? 'x', 8)));
  const valueHeight = Math.max(...items.map(([, value]) => w.lineHeight(value, 12, true)));
  w.ensure(labelHeight + valueHeight + 8);
  const top = w.y;
  items.forEach(([, value], i) => {
    const x = w.margin + i * columnWidth;
    let y = top;
    for (const line of labels[i]!) {
      const height = w.lineHeight(line, 8);
      w.cell(line, x, y - height * 0.75, columnWidth - 8, { size: 8, color: MUTED });
      y -= height;
    }
    w.cell(value, x, top - labelHeight - valueHeight * 0.72, columnWidth - 8, { size: 12, bold: true });
  });
  w.y = top - labelHeight - valueHeight - 6;
  const note = reliabilityNote(r);
  w.text(k(`reliabilityInfo.${note.key}`, { n: number(c, note.n), numbers: runsText(c, note.runs) }), {
    size: 8,
    color: MUTED,
    gap: 2,
  });
  w.text(k('reliabilityHelp'), { size: 8, color: MUTED, gap: 10 });

  // Per question.
  const fixed = 24 + 55 + 74 + 55 + 124;
  const columns: Column[] = [
    { title: k('columns.number'), width: 24, right: true },
    { title: k('columns.question'), width: w.width - fixed },
    { title: k('columns.facility'), width: 55, right: true },
    { title: k('columns.discrimination'), width: 74, right: true },
    { title: k('columns.upperLower'), width: 55, right: true },
    { title: k('columns.check'), width: 124 },
  ];
  const drawHeader = tableHeader(c, columns);
  drawHeader();
  for (const q of a.questions) {
    const wrapped = w.wrap(q.text, 9, columns[1]!.width - 6);
    const question = wrapped.length > 2 ? [wrapped[0]!, `${wrapped[1]} …`] : wrapped;
    const check =
      q.facility === null
        ? [k('notScored')]
        : q.flags.length === 0
          ? [k('ok')]
          : // Two flags or more: each starts with a dash, so where one ends is plain.
            q.flags.flatMap((flag) =>
              w.wrap(`${q.flags.length > 1 ? '– ' : ''}${k(`flags.${flag}`)}`, 9, columns[5]!.width - 6),
            );
    tableRow(
      c,
      columns,
      [
        [number(c, q.number)],
        question,
        [share(c, q.facility)],
        [index(c, q.discrimination)],
        [index(c, q.upperLower)],
        check,
      ],
      drawHeader,
    );
  }
  w.y -= 8;
  w.text(k('facilityHelp'), { size: 8, color: MUTED, gap: 2 });
  w.text(k('discriminationHelp'), { size: 8, color: MUTED, gap: 6 });
  const raised = new Set(a.questions.flatMap((q) => q.flags));
  for (const flag of ITEM_FLAGS.filter((f) => raised.has(f)))
    w.text(k('flagLine', { flag: k(`flags.${flag}`), help: k(`flagHelp.${flag}`) }), { size: 8, gap: 2 });
  w.y -= 12;

  // Options chosen, per choice question.
  const choice = a.questions.filter((q) => q.options && q.facility !== null);
  if (choice.length === 0) return;
  w.ensure(90);
  w.text(k('options.title'), { size: 12, bold: true, gap: 6 });
  const optionColumns: Column[] = [
    { title: k('options.option'), width: w.width - 3 * 70 },
    { title: k('options.top'), width: 70, right: true },
    { title: k('options.bottom'), width: 70, right: true },
    { title: k('options.all'), width: 70, right: true },
  ];
  for (const q of choice) {
    w.ensure(80);
    w.text(
      w.truncate(k('options.question', { number: number(c, q.number), text: q.text }), 9, w.width, true),
      {
        size: 9,
        bold: true,
        gap: 2,
      },
    );
    const header = tableHeader(c, optionColumns);
    header();
    const rows = [
      ...q.options!.map((o) => {
        const text = o.text ?? k(`options.${o.id === 'true' ? 'true' : 'false'}`);
        return { label: o.correct ? k('options.correct', { text }) : text, ...o };
      }),
      ...(q.unanswered && q.unanswered.all > 0 ? [{ label: k('options.noAnswer'), ...q.unanswered }] : []),
    ];
    for (const row of rows)
      tableRow(
        c,
        optionColumns,
        [
          w.wrap(row.label, 9, optionColumns[0]!.width - 6).slice(0, 2),
          [number(c, row.upper)],
          [number(c, row.lower)],
          [number(c, row.all)],
        ],
        header,
      );
    w.y -= 10;
  }
}

function studentsTable(c: Context) {
  const { w, t, results } = c;
  w.ensure(80);
  w.text(t('report:students.title'), { size: 14, bold: true, gap: 8 });
  const fixed = 130 + 70 + 55 + 80;
  const columns: Column[] = [
    { title: t('report:students.student'), width: w.width - fixed },
    { title: t('report:students.submittedAt'), width: 130 },
    { title: t('report:students.score'), width: 70, right: true },
    { title: t('report:students.percentage'), width: 55, right: true },
    { title: t('report:students.result'), width: 80 },
  ];
  const drawHeader = tableHeader(c, columns);
  if (results.rows.length === 0) {
    w.text(t('report:students.none'), { size: 10, color: MUTED });
    return;
  }
  drawHeader();
  const rows = [...results.rows].sort(
    (a, b) =>
      a.studentName.localeCompare(b.studentName, c.reader.language) || a.attemptNumber - b.attemptNumber,
  );
  for (const row of rows) {
    const name =
      row.attemptNumber > 1
        ? t('report:students.attempt', { name: row.studentName, number: number(c, row.attemptNumber) })
        : row.studentName;
    const pending = row.status === 'Pending';
    const result =
      pending || row.passed === null
        ? t('report:students.pending')
        : row.passed
          ? t('report:students.passed')
          : t('report:students.failed');
    tableRow(
      c,
      columns,
      [
        w.wrap(name, 9, columns[0]!.width - 6).slice(0, 2),
        w.wrap(dateTime(c, row.submittedAt), 9, columns[1]!.width - 6).slice(0, 2),
        // Like the exports: no total while answers wait for a teacher, only the result's words.
        [pending ? '–' : `${number(c, row.score)} / ${number(c, row.maxScore)}`],
        [pending ? '–' : percent(c, row.percentage)],
        w.wrap(result, 9, columns[4]!.width - 6).slice(0, 2),
      ],
      drawHeader,
    );
  }
}

function footers(c: Context) {
  const { w, t, results } = c;
  w.pages.forEach((page, i) => {
    w.page = page;
    const text = t('report:footer', {
      title: w.truncate(results.assessment.title, 8, w.width * 0.6),
      page: number(c, i + 1),
      pages: number(c, w.pages.length),
    });
    w.cell(text, w.margin, w.margin - 20, w.width, { size: 8, color: MUTED });
  });
}

/** The report as PDF bytes, in the reader's language and time zone. */
export async function resultsReportPdf(
  results: AssessmentResults,
  generatedAt: Date,
  reader: ReportReader = { language: 'en' },
): Promise<Buffer> {
  const t = translatorFor(reader.language);
  const w = await DocumentWriter.create({
    title: t('report:documentTitle', { title: results.assessment.title }),
    subject: results.assessment.subject,
    language: reader.language,
    createdAt: generatedAt,
  });
  const c: Context = { w, t, reader, results };
  header(c, generatedAt);
  summary(c);
  chart(c);
  facilityTable(c);
  itemAnalysisSection(c);
  w.newPage();
  studentsTable(c);
  footers(c);
  return w.save();
}

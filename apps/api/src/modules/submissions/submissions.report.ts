import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { CustomFontEmbedder, PDFDocument, PDFFont, rgb, type PDFPage, type PDFRef, type RGB } from 'pdf-lib';
import { getQuestionType, isQuestionTypeId } from '@vbuilder/shared';
import type { AssessmentResults } from './submissions.results.ts';

/**
 * The assessment report (PDF): title, subject, date, summary figures, a score distribution bar
 * chart in 10 % buckets and a per-question facility table, on as many A4 pages as it needs.
 *
 * Text is set in Noto Sans (embedded whole, see loadTemplate), which covers Latin, Greek, Cyrillic and
 * Vietnamese. pdf-lib cannot shape complex scripts (Thai, Khmer, Burmese, Bengali, Devanagari)
 * nor do we ship CJK fonts, so a character the font has no glyph for is printed as '?'.
 * Words in the report are English, like the column names of the exports.
 */

const require = createRequire(import.meta.url);
const fontsDir = path.join(path.dirname(require.resolve('@embedpdf/fonts-latin')), '..', 'fonts');

interface FontTemplate {
  /** An empty PDF holding the two fonts, embedded whole. */
  bytes: Uint8Array;
  regular: { ref: PDFRef; embedder: CustomFontEmbedder };
  bold: { ref: PDFRef; embedder: CustomFontEmbedder };
}

let template: Promise<FontTemplate> | null = null;

/**
 * Embedding a whole font costs about half a second (widths and Unicode map for ~3000 glyphs),
 * and fontkit's subsetting drops glyphs of this font (letters vanish when viewed). So the fonts
 * are embedded once per process into an empty PDF that each report starts from; the reports
 * draw with fonts bound to the objects already in it.
 */
const loadTemplate = () =>
  (template ??= (async () => {
    const [regularBytes, boldBytes] = await Promise.all([
      readFile(path.join(fontsDir, 'NotoSans-Regular.ttf')),
      readFile(path.join(fontsDir, 'NotoSans-Bold.ttf')),
    ]);
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const [regular, bold] = await Promise.all([
      doc.embedFont(regularBytes, { subset: false }),
      doc.embedFont(boldBytes, { subset: false }),
    ]);
    const bytes = await doc.save({ addDefaultPage: false, objectsPerTick: Infinity });
    return {
      bytes,
      regular: { ref: regular.ref, embedder: await CustomFontEmbedder.for(fontkit, regularBytes) },
      bold: { ref: bold.ref, embedder: await CustomFontEmbedder.for(fontkit, boldBytes) },
    };
  })().catch((error: unknown) => {
    template = null;
    throw error;
  }));

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.13, 0.15, 0.2);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.85, 0.87, 0.9);
const BAR = rgb(0.2, 0.45, 0.85);
const PASS_LINE = rgb(0.85, 0.3, 0.25);

/** A font with a check for the characters it can draw. */
interface Face {
  font: PDFFont;
  has: Set<number>;
}

/** Replaces what the font cannot draw (and control characters) so drawing never throws. */
function printable(face: Face, text: string): string {
  let out = '';
  for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
    const code = char.codePointAt(0)!;
    out += code >= 32 && face.has.has(code) ? char : '?';
  }
  return out;
}

/** Lays out text on pages, starting a new page when the next block does not fit. */
class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  private readonly doc: PDFDocument;
  readonly regular: Face;
  readonly bold: Face;

  constructor(doc: PDFDocument, regular: Face, bold: Face) {
    this.doc = doc;
    this.regular = regular;
    this.bold = bold;
    this.newPage();
  }

  get width() {
    return A4[0] - 2 * MARGIN;
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN;
  }

  /** Makes room for `height` points, on a new page if this one is full. */
  ensure(height: number) {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  /** Splits text into lines no wider than `width` (long words are cut). */
  wrap(text: string, face: Face, size: number, width: number): string[] {
    const words = printable(face, text).split(' ').filter(Boolean);
    const lines: string[] = [];
    let line = '';
    const fits = (s: string) => face.font.widthOfTextAtSize(s, size) <= width;
    for (let word of words) {
      while (!fits(word)) {
        let cut = word.length - 1;
        while (cut > 1 && !fits(word.slice(0, cut))) cut--;
        if (line) lines.push(line);
        lines.push(word.slice(0, cut));
        line = '';
        word = word.slice(cut);
      }
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines.length ? lines : [''];
  }

  text(
    value: string,
    options: { size?: number; bold?: boolean; color?: RGB; x?: number; gap?: number } = {},
  ) {
    const size = options.size ?? 10;
    const face = options.bold ? this.bold : this.regular;
    const x = options.x ?? MARGIN;
    for (const line of this.wrap(value, face, size, A4[0] - MARGIN - x)) {
      this.ensure(size * 1.4);
      this.y -= size * 1.2;
      this.page.drawText(line, { x, y: this.y, size, font: face.font, color: options.color ?? INK });
      this.y -= size * 0.2;
    }
    this.y -= options.gap ?? 0;
  }

  /** Draws a string at a fixed place without moving the cursor; truncated with … to fit `width`. */
  cell(
    value: string,
    x: number,
    y: number,
    width: number,
    options: { size?: number; bold?: boolean; right?: boolean; color?: RGB } = {},
  ) {
    const size = options.size ?? 9;
    const face = options.bold ? this.bold : this.regular;
    let s = printable(face, value);
    while (s.length > 1 && face.font.widthOfTextAtSize(s, size) > width) s = `${s.slice(0, -2)}…`;
    const w = face.font.widthOfTextAtSize(s, size);
    this.page.drawText(s, {
      x: options.right ? x + width - w : x,
      y,
      size,
      font: face.font,
      color: options.color ?? INK,
    });
  }

  rule(y = this.y) {
    this.page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4[0] - MARGIN, y },
      thickness: 0.5,
      color: RULE,
    });
  }
}

const pct = (value: number | null) => (value === null ? '–' : `${formatNumber(value)} %`);
const formatNumber = (value: number) =>
  Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0$/, '');
const formatDate = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function header(w: Writer, results: AssessmentResults, generatedAt: Date) {
  const { assessment } = results;
  w.text('Assessment report', { size: 10, color: MUTED, gap: 2 });
  w.text(assessment.title, { size: 20, bold: true, gap: 4 });
  w.text(`Subject: ${assessment.subject}`, { size: 11 });
  const window = [assessment.startsAt, assessment.endsAt].map((d) => (d ? formatDate(d) : 'not set'));
  w.text(`Window: ${window[0]} – ${window[1]}`, { size: 10, color: MUTED });
  w.text(`Generated: ${formatDate(generatedAt)}`, { size: 10, color: MUTED, gap: 10 });
  w.rule();
  w.y -= 14;
}

function summary(w: Writer, results: AssessmentResults) {
  const { figures, assessment } = results;
  w.text('Summary', { size: 14, bold: true, gap: 6 });
  const items: [string, string][] = [
    ['Assigned students', String(results.assigned)],
    ['Submitted attempts', String(figures.submitted)],
    ['Students who submitted', String(figures.studentsSubmitted)],
    ['Passed', String(figures.passed)],
    ['Pass rate', pct(results.passRate)],
    ['Pass mark', `${assessment.passMark} %`],
    [
      'Average',
      pct(figures.averagePercentage === null ? null : Math.round(figures.averagePercentage * 100) / 100),
    ],
    ['Highest', pct(figures.highestPercentage)],
    ['Lowest', pct(figures.lowestPercentage)],
    ['Waiting for marking', String(figures.pendingMarking)],
    ['Total marks', formatNumber(assessment.totalMarks)],
    ['Questions', String(results.questions.length)],
  ];
  // Three columns of label / value pairs.
  const columnWidth = w.width / 3;
  const rowHeight = 30;
  for (let i = 0; i < items.length; i += 3) {
    w.ensure(rowHeight);
    items.slice(i, i + 3).forEach(([label, value], j) => {
      const x = MARGIN + j * columnWidth;
      w.cell(label, x, w.y - 10, columnWidth - 10, { size: 8, color: MUTED });
      w.cell(value, x, w.y - 24, columnWidth - 10, { size: 13, bold: true });
    });
    w.y -= rowHeight;
  }
  w.y -= 14;
}

/** Counts of percentages in buckets 0–10, 10–20, … 90–100 (100 % falls in the last one). */
export function distribution(percentages: readonly number[]): number[] {
  const buckets = Array.from({ length: 10 }, () => 0);
  for (const p of percentages) buckets[Math.min(9, Math.max(0, Math.floor(p / 10)))]! += 1;
  return buckets;
}

function chart(w: Writer, results: AssessmentResults) {
  const height = 150;
  w.ensure(height + 70);
  w.text('Score distribution', { size: 14, bold: true, gap: 2 });
  w.text('Submitted attempts per 10 % band of the score.', { size: 9, color: MUTED, gap: 8 });
  const counts = distribution(results.rows.map((r) => r.percentage));
  const max = Math.max(1, ...counts);
  const left = MARGIN + 28;
  const bottom = w.y - height;
  const slot = (w.width - 28) / 10;
  const page = w.page;
  // Axis and gridlines with counts.
  const steps = Math.min(max, 4);
  for (let i = 0; i <= steps; i++) {
    const value = Math.round((max * i) / steps);
    const y = bottom + (height * value) / max;
    page.drawLine({ start: { x: left, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.5, color: RULE });
    w.cell(String(value), MARGIN, y - 3, 22, { size: 8, right: true, color: MUTED });
  }
  counts.forEach((n, i) => {
    const x = left + i * slot + slot * 0.15;
    const barHeight = (height * n) / max;
    if (n > 0) {
      page.drawRectangle({ x, y: bottom, width: slot * 0.7, height: barHeight, color: BAR });
      w.cell(String(n), x, bottom + barHeight + 3, slot * 0.7, { size: 8, bold: true });
    }
    w.cell(`${i * 10}–${i * 10 + 10}`, left + i * slot, bottom - 12, slot, { size: 7, color: MUTED });
  });
  // The pass mark, as a dashed vertical line.
  const passX = left + (Math.min(100, results.assessment.passMark) / 100) * (slot * 10);
  page.drawLine({
    start: { x: passX, y: bottom },
    end: { x: passX, y: bottom + height },
    thickness: 1,
    color: PASS_LINE,
    dashArray: [3, 3],
  });
  w.cell(
    `pass mark ${results.assessment.passMark} %`,
    Math.min(passX + 3, A4[0] - MARGIN - 70),
    bottom + height - 10,
    70,
    {
      size: 7,
      color: PASS_LINE,
    },
  );
  w.y = bottom - 30;
}

function facilityTable(w: Writer, results: AssessmentResults) {
  w.ensure(60);
  w.text('Questions', { size: 14, bold: true, gap: 2 });
  w.text(
    'Facility: the mean share of full marks. Correct: answers with full marks. Answers still waiting for a teacher are left out.',
    { size: 9, color: MUTED, gap: 8 },
  );
  const columns = [
    { title: '#', width: 24, right: true },
    { title: 'Question', width: w.width - 24 - 90 - 40 - 50 - 60 - 50 },
    { title: 'Type', width: 90 },
    { title: 'Max', width: 40, right: true },
    { title: 'Marked', width: 50, right: true },
    { title: 'Facility', width: 60, right: true },
    { title: 'Correct', width: 50, right: true },
  ];
  const drawHeader = () => {
    let x = MARGIN;
    for (const c of columns) {
      w.cell(c.title, x, w.y - 12, c.width - 6, {
        size: 8,
        bold: true,
        right: c.right ?? false,
        color: MUTED,
      });
      x += c.width;
    }
    w.y -= 18;
    w.rule();
  };
  drawHeader();
  for (const f of results.facilities) {
    const wrapped = w.wrap(f.question.text, w.regular, 9, columns[1]!.width - 6);
    // At most three lines a question; a longer text ends with … (cell() trims it to fit).
    const questionLines = wrapped.length > 3 ? [...wrapped.slice(0, 2), `${wrapped[2]} …`] : wrapped;
    const rowHeight = Math.max(1, questionLines.length) * 11 + 8;
    if (w.y - rowHeight < MARGIN + 20) {
      w.newPage();
      drawHeader();
    }
    const top = w.y - 12;
    const values = [
      String(f.question.number),
      '',
      isQuestionTypeId(f.question.type) ? getQuestionType(f.question.type).name : f.question.type,
      formatNumber(f.question.max),
      String(f.marked),
      pct(f.facility),
      pct(f.correctRate),
    ];
    let x = MARGIN;
    columns.forEach((c, i) => {
      if (i === 1) {
        questionLines.forEach((line, l) => w.cell(line, x, top - l * 11, c.width - 6, { size: 9 }));
      } else {
        w.cell(values[i]!, x, top, c.width - 6, { size: 9, right: c.right ?? false });
      }
      x += c.width;
    });
    w.y -= rowHeight;
    w.rule();
  }
  if (results.facilities.length === 0)
    w.text('This assessment has no questions.', { size: 10, color: MUTED });
}

function footers(w: Writer, title: string) {
  w.pages.forEach((page, i) => {
    const text = `${printable(w.regular, title).slice(0, 80)} · page ${i + 1} of ${w.pages.length}`;
    page.drawText(text, { x: MARGIN, y: MARGIN - 20, size: 8, font: w.regular.font, color: MUTED });
  });
}

/** The report as PDF bytes. */
export async function resultsReportPdf(results: AssessmentResults, generatedAt: Date): Promise<Buffer> {
  const fonts = await loadTemplate();
  const doc = await PDFDocument.load(fonts.bytes);
  const regular = PDFFont.of(fonts.regular.ref, doc, fonts.regular.embedder);
  const bold = PDFFont.of(fonts.bold.ref, doc, fonts.bold.embedder);
  const face = (font: PDFFont): Face => ({ font, has: new Set(font.getCharacterSet()) });
  const w = new Writer(doc, face(regular), face(bold));

  doc.setTitle(`${results.assessment.title} – report`);
  doc.setSubject(results.assessment.subject);
  doc.setProducer('vbuilder');
  doc.setCreator('vbuilder');
  doc.setCreationDate(generatedAt);

  header(w, results, generatedAt);
  summary(w, results);
  chart(w, results);
  facilityTable(w, results);
  footers(w, results.assessment.title);
  return Buffer.from(await doc.save({ objectsPerTick: Infinity }));
}

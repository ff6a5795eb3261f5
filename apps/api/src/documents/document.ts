import { deflateSync } from 'node:zlib';
import {
  PDFContentStream,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames as Op,
  PDFRawStream,
  rgb,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import type { LoadedFont, Weight } from './fonts.ts';
import { actualText, PdfFont } from './pdf-font.ts';
import { lineExtent, lineWidth, shapeLine, type ShapedLine } from './shaper.ts';
import { spaceThaiRuns } from './thai-spacing.ts';

/**
 * Every PDF vbuilder writes (the results report now; certificates and invoices next) is laid out
 * with this writer: A4 pages, a cursor that moves down, text that wraps and starts new pages,
 * single-line cells, rules. Text in any of our 12 languages is shaped (see shaper.ts), set in the
 * Noto font of its script and embedded as subsets, and copies back as the original characters.
 */

export const A4: [number, number] = [595.28, 841.89];
/** A4 turned sideways (certificates). */
export const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
export const INK = rgb(0.13, 0.15, 0.2);
export const MUTED = rgb(0.42, 0.45, 0.5);
export const RULE = rgb(0.85, 0.87, 0.9);

export interface DocumentInfo {
  title: string;
  subject?: string;
  /** BCP 47 language of the document's own words (the reader's), e.g. 'th'. */
  language: string;
  createdAt: Date;
  margin?: number;
  /** Width and height of every page in points; A4 portrait by default. */
  pageSize?: [number, number];
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: RGB;
  x?: number;
  /** Space after the block, in points. */
  gap?: number;
  /** Width to wrap to; the rest of the line from x by default. */
  width?: number;
}

export interface CellOptions {
  size?: number;
  bold?: boolean;
  right?: boolean;
  color?: RGB;
}

/**
 * Control characters and line breaks become spaces: a line is drawn as one line. Thai next to
 * Latin letters or digits gets the space Thai typesetting puts there (thai-spacing.ts).
 */
const clean = (text: string) => spaceThaiRuns(text.replace(/[\r\n\t]+/g, ' ').replace(/\p{Cc}/gu, ''));

const words = new Intl.Segmenter('und', { granularity: 'word' });
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * Where a line may break: between words, found by ICU's word segmentation, which knows Thai,
 * Khmer, Burmese and Chinese have no spaces between words. Punctuation stays with the word
 * before it, so no line starts with a comma.
 */
function breakableSegments(text: string): string[] {
  const out: string[] = [];
  for (const { segment, isWordLike } of words.segment(text)) {
    const attach = !isWordLike && !/^\s+$/.test(segment) && out.length > 0 && !/\s$/.test(out.at(-1)!);
    if (attach) out[out.length - 1] += segment;
    else out.push(segment);
  }
  return out;
}

export class DocumentWriter {
  readonly doc: PDFDocument;
  readonly margin: number;
  readonly pages: PDFPage[] = [];
  /** Width and height of the pages, in points. */
  readonly size: [number, number];
  page!: PDFPage;
  y = 0;
  private readonly fonts = new Map<LoadedFont, PdfFont>();
  private readonly language: string;
  /**
   * Lines shaped so far, by weight and text: laying out a table measures the same text several
   * times (wrap, line height, truncate, draw) and a long report repeats its words and numbers on
   * every row; HarfBuzz runs once per distinct line of the document.
   */
  private readonly shaped = new Map<string, ShapedLine>();

  private constructor(doc: PDFDocument, info: DocumentInfo) {
    this.doc = doc;
    this.margin = info.margin ?? 50;
    this.size = info.pageSize ?? A4;
    this.language = info.language;
    doc.setTitle(info.title, { showInWindowTitleBar: true });
    if (info.subject) doc.setSubject(info.subject);
    doc.setLanguage(info.language);
    doc.setProducer('vbuilder');
    doc.setCreator('vbuilder');
    doc.setCreationDate(info.createdAt);
    doc.setModificationDate(info.createdAt);
    this.newPage();
  }

  static async create(info: DocumentInfo): Promise<DocumentWriter> {
    return new DocumentWriter(await PDFDocument.create(), info);
  }

  get width() {
    return this.size[0] - 2 * this.margin;
  }

  newPage() {
    this.page = this.doc.addPage(this.size);
    this.pages.push(this.page);
    this.y = this.size[1] - this.margin;
  }

  /** Makes room for `height` points, on a new page if this one is full. */
  ensure(height: number) {
    if (this.y - height < this.margin + 20) this.newPage();
  }

  shape(text: string, bold = false): ShapedLine {
    const key = (bold ? 'b' : 'r') + text;
    let line = this.shaped.get(key);
    if (!line) {
      line = shapeLine(clean(text), bold ? 'bold' : 'regular', this.language);
      this.shaped.set(key, line);
    }
    return line;
  }

  /** Width of a single line of text, in points. */
  measure(text: string, size: number, bold = false): number {
    return lineWidth(this.shape(text, bold), size);
  }

  /** The height one line of this text takes at this size (scripts with stacked marks need more). */
  lineHeight(text: string, size: number, bold = false): number {
    const { ascent, descent } = lineExtent(this.shape(text, bold), size);
    return ascent + descent;
  }

  /** Splits text into lines no wider than `width`; a word longer than a line is cut between graphemes. */
  wrap(text: string, size: number, width: number, bold = false): string[] {
    const lines: string[] = [];
    let line = '';
    const fits = (s: string) => this.measure(s, size, bold) <= width;
    // Most cells fit on one line: one measure of the whole text instead of one per word.
    const whole = clean(text).trimEnd();
    if (fits(whole)) return [whole.trim() ? whole : ''];
    for (const segment of breakableSegments(clean(text))) {
      const candidate = line + segment;
      if (fits(candidate.trimEnd())) {
        line = candidate;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = segment.trimStart();
      // A single word wider than the line: cut it between graphemes (never inside a cluster).
      while (line && !fits(line)) {
        let head = '';
        for (const { segment: g } of graphemes.segment(line)) {
          if (head && !fits(head + g)) break;
          head += g;
        }
        lines.push(head);
        line = line.slice(head.length);
      }
    }
    if (line.trim()) lines.push(line.trimEnd());
    return lines.length ? lines : [''];
  }

  /** Wrapped text at the cursor, moving it down. */
  text(value: string, options: TextOptions = {}) {
    const size = options.size ?? 10;
    const x = options.x ?? this.margin;
    const width = options.width ?? this.size[0] - this.margin - x;
    for (const line of this.wrap(value, size, width, options.bold)) {
      const shaped = this.shape(line, options.bold);
      const { ascent, descent } = lineExtent(shaped, size);
      this.ensure(ascent + descent);
      this.y -= ascent;
      this.drawLine(shaped, x, this.y, size, options.color ?? INK);
      this.y -= descent;
    }
    this.y -= options.gap ?? 0;
  }

  /** One line at a fixed place, without moving the cursor; cut with … to fit `width`. */
  cell(value: string, x: number, y: number, width: number, options: CellOptions = {}) {
    const size = options.size ?? 9;
    const bold = options.bold ?? false;
    const text = this.truncate(value, size, width, bold);
    const shaped = this.shape(text, bold);
    const w = lineWidth(shaped, size);
    this.drawLine(shaped, options.right ? x + width - w : x, y, size, options.color ?? INK);
  }

  /** The text, or as much of it as fits in `width` followed by …. */
  truncate(value: string, size: number, width: number, bold = false): string {
    const text = clean(value);
    if (this.measure(text, size, bold) <= width) return text;
    const parts = [...graphemes.segment(text)].map((g) => g.segment);
    while (parts.length > 1 && this.measure(`${parts.join('').trimEnd()}…`, size, bold) > width) parts.pop();
    return `${parts.join('').trimEnd()}…`;
  }

  rule(y = this.y) {
    this.page.drawLine({
      start: { x: this.margin, y },
      end: { x: this.size[0] - this.margin, y },
      thickness: 0.5,
      color: RULE,
    });
  }

  private pdfFont(font: LoadedFont): PdfFont {
    let pdf = this.fonts.get(font);
    if (!pdf) {
      pdf = new PdfFont(font, this.doc.context, this.fonts.size + 1);
      this.fonts.set(font, pdf);
    }
    return pdf;
  }

  /**
   * Draws shaped glyphs with their baseline at y. Glyphs are shown with TJ, whose numbers move
   * each glyph from where the font's width would put it to where HarfBuzz placed it; a vertical
   * offset (a stacked mark) uses text rise. A cluster of several glyphs, or a glyph standing for
   * other text elsewhere, is wrapped in an ActualText span carrying its characters in logical
   * order (a Bengali ি drawn before its consonant still copies as কি).
   */
  drawLine(line: ShapedLine, x: number, y: number, size: number, color: RGB) {
    const page = this.page;
    const ops: PDFOperator[] = [
      PDFOperator.of(Op.BeginText),
      PDFOperator.of(
        Op.NonStrokingColorRgb,
        [color.red, color.green, color.blue].map((v) => PDFNumber.of(v)),
      ),
    ];
    let pen = x;
    for (const run of line.runs) {
      const font = this.pdfFont(run.font);
      page.node.setFontDictionary(font.resourceName, font.ref);
      const scale = size / run.font.upem;
      ops.push(
        PDFOperator.of(Op.SetFontAndSize, [font.resourceName, PDFNumber.of(size)]),
        PDFOperator.of(
          Op.SetTextMatrix,
          [1, 0, 0, 1, pen, y].map((v) => PDFNumber.of(round(v))),
        ),
      );
      let pdfPen = pen; // where the next glyph lands if no adjustment is given
      let rise = 0;
      let tj: (PDFNumber | PDFHexString)[] = [];
      const flush = () => {
        if (tj.length) ops.push(PDFOperator.of(Op.ShowTextAdjusted, [this.doc.context.obj(tj)]));
        tj = [];
      };
      const glyphs = run.glyphs;
      for (let i = 0; i < glyphs.length;) {
        // One cluster: the glyphs HarfBuzz gave for one group of characters.
        let j = i + 1;
        while (j < glyphs.length && glyphs[j]!.cluster === glyphs[i]!.cluster) j++;
        const nextCluster = j < glyphs.length ? glyphs[j]!.cluster : run.end;
        const start = glyphs[i]!.cluster;
        const clusterText = line.text.slice(start, Math.max(start, nextCluster));
        const single = j - i === 1 && font.use(glyphs[i]!.id, clusterText);
        const notdef = (font.width(0) * size) / 1000;
        /** An invisible .notdef (render mode 3) whose right edge is at `right`, on the baseline. */
        const invisibleEdge = (right: number) => {
          flush();
          if (rise !== 0) {
            rise = 0;
            ops.push(PDFOperator.of(Op.SetTextRise, [PDFNumber.of(0)]));
          }
          const adjust = round(((pdfPen - (right - notdef)) * 1000) / size);
          ops.push(PDFOperator.of(Op.SetTextRenderingMode, [PDFNumber.of(3)]));
          tj.push(PDFNumber.of(adjust), PDFHexString.of('0000'));
          flush();
          ops.push(PDFOperator.of(Op.SetTextRenderingMode, [PDFNumber.of(0)]));
          font.use(0);
          pdfPen = pdfPen - (adjust * size) / 1000 + notdef;
        };
        if (!single) {
          flush();
          ops.push(
            PDFOperator.of(Op.BeginMarkedContentSequence, [
              PDFName.of('Span'),
              // An inline property list; pdf-lib's operator type does not list dictionaries.
              this.doc.context.obj({ ActualText: actualText(clusterText) }) as unknown as PDFName,
            ]),
          );
        }
        // The span's first glyph fixes where extraction puts its text: when that is a mark
        // (moved left or raised, as a Bengali ্ন under its consonant), start with an invisible
        // .notdef at the cluster's origin on the baseline instead.
        const first = glyphs[i]!;
        if (!single && (first.dx !== 0 || first.dy !== 0) && notdef > 0) invisibleEdge(pen + notdef);
        for (let k = i; k < j; k++) {
          const g = glyphs[k]!;
          if (!single) font.use(g.id);
          const gx = pen + g.dx * scale;
          const gy = g.dy * scale;
          if (round(gy) !== rise) {
            flush();
            rise = round(gy);
            ops.push(PDFOperator.of(Op.SetTextRise, [PDFNumber.of(rise)]));
          }
          const adjust = round(((pdfPen - gx) * 1000) / size);
          if (adjust !== 0) tj.push(PDFNumber.of(adjust));
          tj.push(PDFHexString.of(g.id.toString(16).padStart(4, '0')));
          // Where the glyph is drawn (gx, up to rounding), then the font's own width moves the pen.
          pdfPen = pdfPen - (adjust * size) / 1000 + (font.width(g.id) * size) / 1000;
          pen += g.advance * scale;
        }
        if (!single) {
          // Text extraction spreads the ActualText over the span's glyphs, from the first one's
          // origin to the last one's right edge. When the last glyph is a mark drawn over its
          // base, that edge falls short of the cluster's and a reader sees a word gap; an
          // invisible .notdef ending exactly at the cluster's edge closes it.
          if (Math.abs(pdfPen - pen) > 0.01 && notdef > 0) invisibleEdge(pen);
          flush();
          ops.push(PDFOperator.of(Op.EndMarkedContent));
        }
        i = j;
      }
      flush();
      if (rise !== 0) ops.push(PDFOperator.of(Op.SetTextRise, [PDFNumber.of(0)]));
    }
    ops.push(PDFOperator.of(Op.EndText));
    page.pushOperators(...ops);
  }

  /** The finished PDF: fonts subset and embedded. */
  async save(): Promise<Buffer> {
    for (const font of this.fonts.values()) font.finish(this.doc.context);
    this.deflateContents();
    return Buffer.from(await this.doc.save({ objectsPerTick: Infinity }));
  }

  /**
   * Page contents compressed by Node's zlib rather than by pdf-lib's JavaScript deflate, which
   * took longer than laying out a report of a thousand rows. Same Flate streams, same reading.
   */
  private deflateContents() {
    const context = this.doc.context;
    const flate = PDFName.of('FlateDecode');
    for (const [ref, object] of context.enumerateIndirectObjects()) {
      // Only the streams pdf-lib would deflate itself (they carry the Flate filter already).
      if (!(object instanceof PDFContentStream) || object.dict.get(PDFName.of('Filter')) !== flate) continue;
      context.assign(
        ref,
        PDFRawStream.of(object.dict.clone(context), deflateSync(object.getUnencodedContents())),
      );
    }
  }
}

const round = (v: number) => Math.round(v * 1000) / 1000;

export type { Weight };

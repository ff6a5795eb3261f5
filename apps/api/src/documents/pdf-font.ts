import { deflateSync } from 'node:zlib';
import { PDFHexString, PDFName, PDFString, type PDFContext, type PDFRef } from 'pdf-lib';
import type { LoadedFont } from './fonts.ts';
import { subsetFont } from './subset.ts';

/**
 * One font as a PDF Type0 font (CIDFontType2, Identity-H: the codes in the page are glyph ids).
 * Glyphs are recorded as pages draw them; `finish` then embeds a subset of the font with just
 * those glyphs, their widths, and a ToUnicode map so that copying text gives back the characters.
 */
export class PdfFont {
  readonly ref: PDFRef;
  readonly resourceName: PDFName;
  private readonly unicode = new Map<number, string>();
  private readonly used = new Set<number>();

  readonly font: LoadedFont;

  constructor(font: LoadedFont, context: PDFContext, index: number) {
    this.font = font;
    this.ref = context.nextRef();
    this.resourceName = PDFName.of(`F${index}`);
  }

  /** The glyph's width in thousandths of an em, as the PDF font's W array says it. */
  width(glyphId: number): number {
    return (this.font.font.glyphHAdvance(glyphId) * 1000) / this.font.upem;
  }

  /**
   * Records a glyph and, when known, the text it stands for. Returns false when the glyph already
   * stands for other text (the same glyph in two roles), so the caller marks this use with
   * ActualText instead.
   */
  use(glyphId: number, text?: string): boolean {
    this.used.add(glyphId);
    if (text === undefined) return true;
    const known = this.unicode.get(glyphId);
    if (known === undefined) {
      this.unicode.set(glyphId, text);
      return true;
    }
    return known === text;
  }

  /** Writes the font objects. */
  finish(context: PDFContext): void {
    const ids = [...this.used].sort((a, b) => a - b);
    const bytes = subsetFont(this.font.key, this.font.bytes, ids);
    // Deflated by Node's zlib (pdf-lib's flateStream uses a slower JavaScript deflate).
    const fontFile = context.register(
      context.stream(deflateSync(bytes), { Filter: 'FlateDecode', Length1: bytes.length }),
    );
    const scale = 1000 / this.font.upem;
    const [xMin, yMin, xMax, yMax] = this.font.bbox.map((v) => Math.round(v * scale)) as [
      number,
      number,
      number,
      number,
    ];
    const tagName = `${subsetTag(this.font.key, ids)}+${this.font.postScriptName}`;
    const descriptor = context.register(
      context.obj({
        Type: 'FontDescriptor',
        FontName: tagName,
        Flags: 4, // symbolic: glyphs are addressed by id, not by a standard encoding
        FontBBox: [xMin, yMin, xMax, yMax],
        ItalicAngle: 0,
        Ascent: Math.round(this.font.ascender * scale),
        Descent: Math.round(this.font.descender * scale),
        CapHeight: Math.round(this.font.capHeight * scale),
        StemV: this.font.key.endsWith('bold') ? 120 : 80,
        FontFile2: fontFile,
      }),
    );
    const cidFont = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: tagName,
        CIDSystemInfo: {
          Registry: PDFString.of('Adobe'),
          Ordering: PDFString.of('Identity'),
          Supplement: 0,
        },
        FontDescriptor: descriptor,
        DW: 0,
        W: widthArray(ids, (id) => Math.round(this.width(id))),
        CIDToGIDMap: 'Identity',
      }),
    );
    const toUnicode = context.register(
      context.stream(deflateSync(toUnicodeCMap(this.unicode)), { Filter: 'FlateDecode' }),
    );
    context.assign(
      this.ref,
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: tagName,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFont],
        ToUnicode: toUnicode,
      }),
    );
  }
}

/** The six capital letters that name a subset (PDF 32000 §9.6.4), from what the subset holds. */
function subsetTag(key: string, ids: number[]): string {
  let hash = 2166136261;
  for (const n of [...key].map((c) => c.charCodeAt(0)).concat(ids))
    hash = Math.imul(hash ^ n, 16777619) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26) + i * 7919;
  }
  return tag;
}

/** W array: runs of consecutive ids with their widths, `first [w1 w2 …]`. */
function widthArray(ids: number[], width: (id: number) => number): (number | number[])[] {
  const out: (number | number[])[] = [];
  let run: number[] = [];
  let first = -1;
  let previous = -2;
  for (const id of ids) {
    if (id !== previous + 1) {
      if (run.length) out.push(first, run);
      run = [];
      first = id;
    }
    run.push(width(id));
    previous = id;
  }
  if (run.length) out.push(first, run);
  return out;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();
const utf16Hex = (text: string) =>
  [...text]
    .map((c) => {
      const code = c.codePointAt(0)!;
      if (code <= 0xffff) return hex4(code);
      const v = code - 0x10000;
      return hex4(0xd800 + (v >> 10)) + hex4(0xdc00 + (v & 0x3ff));
    })
    .join('');

function toUnicodeCMap(map: Map<number, string>): Uint8Array {
  const entries = [...map.entries()].sort((a, b) => a[0] - b[0]);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    blocks.push(
      `${chunk.length} beginbfchar\n${chunk.map(([id, text]) => `<${hex4(id)}> <${utf16Hex(text)}>`).join('\n')}\nendbfchar`,
    );
  }
  const text = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
  return new TextEncoder().encode(text);
}

/** The ActualText of a marked-content span: UTF-16BE with a byte order mark. */
export const actualText = (text: string) => PDFHexString.of(`FEFF${utf16Hex(text)}`);

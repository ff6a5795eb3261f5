import * as hb from 'harfbuzzjs';
import { loadFont, SCRIPT_FONTS, scriptOf, type LoadedFont, type ScriptFont, type Weight } from './fonts.ts';

/**
 * Text to positioned glyphs: a line is split into runs of one script font each (a Thai name in an
 * English sentence is two runs), and each run is shaped by HarfBuzz, which does what Thai, Khmer,
 * Burmese, Bengali and Devanagari need: vowel signs placed and reordered, conjuncts and stacked
 * consonants formed, marks positioned.
 *
 * Why HarfBuzz and not fontkit (pdfkit, pdfmake): on our own sample words, measured glyph by
 * glyph against HarfBuzz, fontkit 2.0.4 got 0 of 3 Burmese words right (the medial ra ြ is not
 * moved before its consonant), 2 of 4 Bengali and 2 of 3 Thai; pdf-lib does no shaping at all.
 */

export interface ShapedGlyph {
  id: number;
  /** UTF-16 offset, in the line's text, of the first character of the glyph's cluster. */
  cluster: number;
  /** Advance and offsets in font units. */
  advance: number;
  dx: number;
  dy: number;
}

export interface ShapedRun {
  font: LoadedFont;
  /** Offset of the run in the line's text. */
  start: number;
  end: number;
  glyphs: ShapedGlyph[];
  /** Sum of the advances, in font units. */
  width: number;
}

export interface ShapedLine {
  text: string;
  runs: ShapedRun[];
}

// Characters that join whatever run they stand in: combining marks, joiners, variation selectors,
// and the dandas that Bengali borrows from the Devanagari block.
const joinsPrevious = (cp: number) =>
  /\p{M}/u.test(String.fromCodePoint(cp)) || cp === 0x200c || cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f);
const SHARED = new Set([0x0964, 0x0965]);

interface Item {
  script: ScriptFont;
  start: number;
  end: number;
}

/** Splits text into runs, each with the script font that draws it. */
export function itemize(text: string, weight: Weight): Item[] {
  const items: Item[] = [];
  let pendingStart = -1; // shared characters before the first scripted one
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    const current = items.at(-1);
    let script = SHARED.has(cp) ? null : scriptOf(cp);
    if (script === null) {
      if (current && (joinsPrevious(cp) || loadFont(current.script, weight).covers.has(cp))) {
        current.end = i + size;
        i += size;
        continue;
      }
      if (!current) {
        if (pendingStart < 0) pendingStart = i;
        i += size;
        continue;
      }
      // A shared character the current font lacks (a symbol in Thai text): the first font that has it.
      script = SCRIPT_FONTS.find((s) => loadFont(s, weight).covers.has(cp)) ?? current.script;
    }
    if (current && current.script === script) current.end = i + size;
    else items.push({ script, start: pendingStart >= 0 ? pendingStart : i, end: i + size });
    pendingStart = -1;
    i += size;
  }
  if (pendingStart >= 0) items.push({ script: 'latin', start: pendingStart, end: text.length });
  return items;
}

const buffer = new hb.Buffer();

/** Shapes one line of text (no line breaks in it). */
export function shapeLine(text: string, weight: Weight, language?: string): ShapedLine {
  const runs = itemize(text, weight).map((item): ShapedRun => {
    const font = loadFont(item.script, weight);
    buffer.reset();
    buffer.addText(text.slice(item.start, item.end));
    if (language) buffer.setLanguage(language);
    buffer.guessSegmentProperties();
    hb.shape(font.font, buffer);
    let width = 0;
    const glyphs = buffer.getGlyphInfosAndPositions().map((g) => {
      width += g.xAdvance ?? 0;
      return {
        id: g.codepoint,
        cluster: item.start + g.cluster,
        advance: g.xAdvance ?? 0,
        dx: g.xOffset ?? 0,
        dy: g.yOffset ?? 0,
      };
    });
    return { font, start: item.start, end: item.end, glyphs, width };
  });
  return { text, runs };
}

/** The width of a shaped line at a font size, in points. */
export const lineWidth = (line: ShapedLine, size: number): number =>
  line.runs.reduce((sum, run) => sum + (run.width / run.font.upem) * size, 0);

/** The height a line needs at a font size: the tallest font's ascender to its lowest descender. */
export function lineExtent(line: ShapedLine, size: number): { ascent: number; descent: number } {
  const fonts = line.runs.length ? line.runs.map((r) => r.font) : [];
  const ascent = Math.max(0.95, ...fonts.map((f) => f.ascender / f.upem)) * size;
  const descent = Math.max(0.25, ...fonts.map((f) => -f.descender / f.upem)) * size;
  return { ascent, descent };
}

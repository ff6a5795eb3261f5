import { crc32, deflateSync } from 'node:zlib';
import { lineWidth, shapeLine, type ShapedLine } from './shaper.ts';
import type { Weight } from './fonts.ts';

/**
 * A small raster canvas for images we draw ourselves (the Open Badge's PNG): filled shapes and
 * text, anti-aliased, written as a PNG. Text is shaped by HarfBuzz exactly as in the PDFs
 * (shaper.ts: every script in its own Noto font) and each glyph's outline, taken from the font,
 * is filled with the non-zero rule on 4 sub-scanlines per pixel with exact horizontal coverage.
 */

export type Rgba = readonly [number, number, number, number];
type Point = readonly [number, number];

/** '#RRGGBB' to a colour (opaque), or the fallback for anything else. */
export function hexColor(hex: string, fallback: Rgba = [0, 0, 0, 255]): Rgba {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16), 255] : fallback;
}

const SUBSAMPLES = 4;
const CURVE_STEPS = 8;

export class Raster {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.data = new Uint8Array(width * height * 4);
  }

  /** Fills closed polygons (non-zero winding) with a colour, blended over what is there. */
  fillPolygons(polygons: Point[][], color: Rgba): void {
    const edges: [number, number, number, number][] = [];
    for (const polygon of polygons) {
      for (let i = 0; i < polygon.length; i++) {
        const a = polygon[i]!;
        const b = polygon[(i + 1) % polygon.length]!;
        if (a[1] !== b[1]) edges.push([a[0], a[1], b[0], b[1]]);
      }
    }
    if (!edges.length) return;
    const top = Math.max(0, Math.floor(Math.min(...edges.map((e) => Math.min(e[1], e[3])))));
    const bottom = Math.min(this.height, Math.ceil(Math.max(...edges.map((e) => Math.max(e[1], e[3])))));
    const coverage = new Float32Array(this.width + 1);
    for (let y = top; y < bottom; y++) {
      coverage.fill(0);
      for (let s = 0; s < SUBSAMPLES; s++) {
        const sy = y + (s + 0.5) / SUBSAMPLES;
        const crossings: [number, number][] = [];
        for (const [x0, y0, x1, y1] of edges) {
          if ((sy >= y0 && sy < y1) || (sy >= y1 && sy < y0)) {
            crossings.push([x0 + ((sy - y0) / (y1 - y0)) * (x1 - x0), y1 > y0 ? 1 : -1]);
          }
        }
        crossings.sort((p, q) => p[0] - q[0]);
        let winding = 0;
        for (let i = 0; i < crossings.length - 1; i++) {
          winding += crossings[i]![1];
          if (winding !== 0) this.span(coverage, crossings[i]![0], crossings[i + 1]![0]);
        }
      }
      for (let x = 0; x < this.width; x++) {
        const alpha = Math.min(1, coverage[x]! / SUBSAMPLES);
        if (alpha > 0) this.blend(x, y, color, alpha);
      }
    }
  }

  /** Adds one sub-scanline's span [x0, x1) to the row's coverage, partial pixels at its ends. */
  private span(coverage: Float32Array, x0: number, x1: number): void {
    const from = Math.max(0, x0);
    const to = Math.min(this.width, x1);
    if (to <= from) return;
    const first = Math.floor(from);
    const last = Math.floor(to);
    if (first === last) {
      coverage[first]! += to - from;
      return;
    }
    coverage[first]! += first + 1 - from;
    for (let x = first + 1; x < last; x++) coverage[x]! += 1;
    if (last < this.width) coverage[last]! += to - last;
  }

  private blend(x: number, y: number, [r, g, b, a]: Rgba, coverage: number): void {
    const i = (y * this.width + x) * 4;
    const src = (a / 255) * coverage;
    const dst = this.data[i + 3]! / 255;
    const out = src + dst * (1 - src);
    if (out <= 0) return;
    const mix = (c: number, d: number) => Math.round((c * src + d * dst * (1 - src)) / out);
    this.data[i] = mix(r, this.data[i]!);
    this.data[i + 1] = mix(g, this.data[i + 1]!);
    this.data[i + 2] = mix(b, this.data[i + 2]!);
    this.data[i + 3] = Math.round(out * 255);
  }

  fillCircle(cx: number, cy: number, radius: number, color: Rgba): void {
    const steps = 180;
    const points: Point[] = [];
    for (let i = 0; i < steps; i++) {
      const angle = (i / steps) * Math.PI * 2;
      points.push([cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius]);
    }
    this.fillPolygons([points], color);
  }

  /** Draws a shaped line with its left end at x and its baseline at y, `size` pixels per em. */
  drawLine(line: ShapedLine, x: number, y: number, size: number, color: Rgba): void {
    const polygons: Point[][] = [];
    let pen = x;
    for (const run of line.runs) {
      const scale = size / run.font.upem;
      for (const glyph of run.glyphs) {
        const ox = pen + glyph.dx * scale;
        const oy = y - glyph.dy * scale;
        const at = (fx: number, fy: number): Point => [ox + fx * scale, oy - fy * scale];
        polygons.push(...glyphPolygons(run.font.font.glyphToJson(glyph.id), at));
        pen += glyph.advance * scale;
      }
    }
    this.fillPolygons(polygons, color);
  }

  /** The image as a PNG (RGBA, 8 bits a channel), with extra chunks before IEND. */
  toPng(extraChunks: { type: string; data: Uint8Array }[] = []): Buffer {
    const rows = Buffer.alloc((this.width * 4 + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      rows[y * (this.width * 4 + 1)] = 0; // filter: none
      rows.set(
        this.data.subarray(y * this.width * 4, (y + 1) * this.width * 4),
        y * (this.width * 4 + 1) + 1,
      );
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, adaptive filtering, no interlace
    return Buffer.concat([
      PNG_SIGNATURE,
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(rows, { level: 9 })),
      ...extraChunks.map((c) => pngChunk(c.type, c.data)),
      pngChunk('IEND', new Uint8Array()),
    ]);
  }
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data, CRC-32 of type and data (PNG 3rd edition, 5.3). */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A glyph's outline (SVG path commands in font units) as closed polygons in image pixels. */
function glyphPolygons(
  commands: { type: string; values: number[] }[],
  at: (x: number, y: number) => Point,
): Point[][] {
  const polygons: Point[][] = [];
  let current: Point[] = [];
  let last: Point = [0, 0];
  for (const { type, values: v } of commands) {
    if (type === 'M') {
      if (current.length) polygons.push(current);
      last = [v[0]!, v[1]!];
      current = [at(...last)];
    } else if (type === 'L') {
      last = [v[0]!, v[1]!];
      current.push(at(...last));
    } else if (type === 'Q' || type === 'C') {
      const controls: Point[] = [last];
      for (let i = 0; i < v.length; i += 2) controls.push([v[i]!, v[i + 1]!]);
      for (let step = 1; step <= CURVE_STEPS; step++)
        current.push(at(...bezier(controls, step / CURVE_STEPS)));
      last = controls.at(-1)!;
    } else if (type === 'Z') {
      if (current.length) polygons.push(current);
      current = [];
    }
  }
  if (current.length) polygons.push(current);
  return polygons;
}

/** A point of a Bézier curve (de Casteljau). */
function bezier(points: Point[], t: number): Point {
  let level = points;
  while (level.length > 1) {
    level = level
      .slice(1)
      .map((p, i): Point => [
        level[i]![0] + (p[0] - level[i]![0]) * t,
        level[i]![1] + (p[1] - level[i]![1]) * t,
      ]);
  }
  return level[0]!;
}

/**
 * Text to lines no wider than `maxWidth` at `size`, broken between words as ICU finds them (at
 * spaces, and by dictionary in Thai, Khmer, Burmese and Chinese, written without them); a word
 * too long for a line is broken between graphemes.
 */
export function wrapText(text: string, weight: Weight, size: number, maxWidth: number, language?: string) {
  const fits = (s: string) => lineWidth(shapeLine(s, weight, language), size) <= maxWidth;
  const segments = (s: string, granularity: 'word' | 'grapheme') =>
    [...new Intl.Segmenter(language, { granularity }).segment(s)].map((g) => g.segment);
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    if (line.trim()) lines.push(line.trim());
    line = '';
  };
  for (const word of segments(text.replace(/\s+/g, ' ').trim(), 'word')) {
    if (fits(line + word)) {
      line += word;
      continue;
    }
    flush();
    if (!word.trim()) continue;
    if (fits(word)) {
      line = word;
      continue;
    }
    for (const g of segments(word, 'grapheme')) {
      if (line && !fits(line + g)) flush();
      line += g;
    }
  }
  flush();
  return lines.map((l) => shapeLine(l, weight, language));
}

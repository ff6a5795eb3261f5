import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { hexColor, Raster, wrapText } from './raster.ts';
import { lineWidth, shapeLine } from './shaper.ts';

const alphaAt = (r: Raster, x: number, y: number) => r.data[(y * r.width + x) * 4 + 3]!;
const pixelAt = (r: Raster, x: number, y: number) => [
  ...r.data.subarray((y * r.width + x) * 4, (y * r.width + x) * 4 + 4),
];

describe('the raster', () => {
  it('fills a circle, smooth at its edge, nothing outside, and writes a PNG that pngjs reads back', () => {
    const r = new Raster(40, 40);
    r.fillCircle(20, 20, 10.5, hexColor('#1F3A5F'));
    expect(pixelAt(r, 20, 20)).toEqual([31, 58, 95, 255]);
    expect(alphaAt(r, 2, 2)).toBe(0);
    // A pixel the edge cuts through is partly covered.
    const edge = alphaAt(r, 30, 20);
    expect(edge).toBeGreaterThan(40);
    expect(edge).toBeLessThan(215);

    const png = PNG.sync.read(r.toPng());
    expect([png.width, png.height]).toEqual([40, 40]);
    expect([...png.data]).toEqual([...r.data]);
  });

  it('draws text from the font outlines inside the line it was shaped for', () => {
    const size = 20;
    const line = shapeLine('Hi', 'bold');
    const width = Math.ceil(lineWidth(line, size));
    const r = new Raster(width + 10, 40);
    r.drawLine(line, 5, 30, size, [0, 0, 0, 255]);
    let inked = 0;
    for (let y = 0; y < r.height; y++) {
      for (let x = 0; x < r.width; x++) {
        if (alphaAt(r, x, y) > 0) {
          inked += 1;
          expect(x).toBeGreaterThanOrEqual(5);
          expect(x).toBeLessThanOrEqual(width + 6);
          expect(y).toBeLessThanOrEqual(31);
        }
      }
    }
    expect(inked).toBeGreaterThan(40);
  });

  it('wraps between words, found by dictionary where a script has no spaces', () => {
    const words = wrapText('Algebra basics for everyone', 'bold', 20, 120).map((l) => l.text);
    expect(words.length).toBeGreaterThan(1);
    expect(words.join(' ')).toBe('Algebra basics for everyone');
    const thai = wrapText('การทดสอบคณิตศาสตร์พื้นฐานสำหรับทุกคน', 'regular', 20, 120, 'th');
    expect(thai.length).toBeGreaterThan(1);
    for (const line of thai) expect(lineWidth(line, 20)).toBeLessThanOrEqual(120);
    expect(thai.map((l) => l.text).join('')).toBe('การทดสอบคณิตศาสตร์พื้นฐานสำหรับทุกคน');
    // Every break falls between two of ICU's words (การ|ทดสอบ|คณิตศาสตร์|พื้นฐาน|สำหรับ|ทุก|คน).
    const thaiWords = [
      ...new Intl.Segmenter('th', { granularity: 'word' }).segment(thai.map((l) => l.text).join('')),
    ];
    const boundaries = new Set(thaiWords.map((w) => w.index));
    let at = 0;
    for (const line of thai.slice(0, -1)) {
      at += line.text.length;
      expect(boundaries.has(at)).toBe(true);
    }
  });
});

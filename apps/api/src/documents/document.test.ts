import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentWriter } from './document.ts';
import { itemize, shapeLine } from './shaper.ts';
import { spaceThaiRuns } from './thai-spacing.ts';

const writer = () => DocumentWriter.create({ title: 't', language: 'en', createdAt: new Date(0) });
const startsWithMark = (line: string) => /^\p{M}/u.test(line);

describe('document writer', () => {
  it('splits a line into script runs, shared characters staying with their neighbours', () => {
    const text = 'Student สมชาย ใจดี scored 85 % — পরীক্ষা।';
    const runs = itemize(text, 'regular').map((r) => [r.script, text.slice(r.start, r.end)]);
    expect(runs).toEqual([
      ['latin', 'Student '],
      ['thai', 'สมชาย ใจดี '],
      ['latin', 'scored 85 % — '],
      ['bengali', 'পরীক্ষা।'],
    ]);
  });

  it('shapes Burmese with the medial ra before its consonant (reordering), as HarfBuzz does', () => {
    const line = shapeLine('မြန်မာ', 'regular');
    expect(line.runs).toHaveLength(1);
    // မ + ြ: the medial ra glyph is drawn first, so both glyphs share the first cluster.
    const [first, second] = line.runs[0]!.glyphs;
    expect(first!.cluster).toBe(0);
    expect(second!.cluster).toBe(0);
  });

  it('wraps Thai, Khmer, Burmese and Chinese between words, never inside a cluster', async () => {
    const w = await writer();
    for (const text of [
      'รายงานแบบทดสอบวิชาคณิตศาสตร์ นักเรียนที่ผ่านเกณฑ์ผู้ที่ได้คะแนนสูงสุดในชั้นเรียน',
      'របាយការណ៍ការវាយតម្លៃគណិតវិទ្យាសម្រាប់សិស្សថ្នាក់ទីប្រាំបួន',
      'သင်္ချာစစ်ဆေးမှုအစီရင်ခံစာကျောင်းသားများအတွက်',
      '数学测验报告学生成绩与及格线以及每道题的正确率',
    ]) {
      const lines = w.wrap(text, 12, 90);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
      for (const line of lines) {
        expect(startsWithMark(line), line).toBe(false);
        expect(w.measure(line, 12)).toBeLessThanOrEqual(90.01);
      }
    }
  });

  it('keeps punctuation with the word before it and cuts a word longer than a line', async () => {
    const w = await writer();
    const lines = w.wrap('Pass mark, score, average.', 10, 45);
    expect(lines.every((l) => !/^[,.]/.test(l))).toBe(true);
    const long = w.wrap('Pneumonoultramicroscopicsilicovolcanoconiosis', 10, 60);
    expect(long.length).toBeGreaterThan(2);
    expect(long.join('')).toBe('Pneumonoultramicroscopicsilicovolcanoconiosis');
  });

  it('truncates with an ellipsis to fit a cell, at a grapheme boundary', async () => {
    const w = await writer();
    const cut = w.truncate('শিক্ষার্থীদের মূল্যায়ন প্রতিবেদন', 10, 60);
    expect(cut.endsWith('…')).toBe(true);
    expect(w.measure(cut, 10)).toBeLessThanOrEqual(60);
    expect(/\u09cd…$/.test(cut)).toBe(false); // never ends on a bare virama
  });

  it('puts a space between Thai and Latin letters or digits, as Thai typesetting does', () => {
    expect(spaceThaiRuns('สำหรับการผ่านAlgebra 1ด้วยคะแนน85%')).toBe('สำหรับการผ่าน Algebra 1 ด้วยคะแนน 85%');
    // Already spaced, Thai alone, Thai digits, punctuation and the baht sign stay as they are.
    for (const same of ['ครู John สอน', 'ภาษาไทย', 'ปี ๒๕๖๙', 'คะแนน (85)', '฿100', 'Score 85']) {
      expect(spaceThaiRuns(same)).toBe(same);
    }
  });

  it('writes a PDF whose fonts are subsets of the scripts used', async () => {
    const w = await writer();
    w.text('Hello สวัสดี 你好');
    const pdf = await w.save();
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'vbuilder-doc-')), 'fonts.pdf');
    writeFileSync(file, pdf);
    // pdffonts (poppler): name, type, encoding, embedded, subset, ToUnicode.
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    for (const name of ['NotoSans-Regular', 'NotoSansThai-Regular', 'NotoSansSC-Regular'])
      expect(fonts).toMatch(new RegExp(`[A-Z]{6}\\+${name}\\s+CID TrueType\\s+Identity-H\\s+yes yes yes`));
    expect(fonts).not.toMatch(/Khmer/);
    // The Chinese font is 10 MB; its subset with five glyphs keeps the file small.
    expect(pdf.length).toBeLessThan(60_000);
  });
});

import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { asciiFileName, contentDispositionHeader, safeFileName } from './content-disposition.ts';

describe('download names in every script', () => {
  it.each([
    ['bn', 'পরীক্ষা - ফলাফল.csv'],
    ['my', 'စာမေးပွဲ - ရလဒ်များ.xlsx'],
    ['th', 'แบบทดสอบ วิทยาศาสตร์ - ผลลัพธ์.csv'],
    ['km', 'ការវាយតម្លៃ - លទ្ធផល.pdf'],
    ['zh', '期中测评 - 结果.xlsx'],
    ['ne', 'मूल्याङ्कन - नतिजा.csv'],
  ])('%s: filename* keeps every letter and vowel sign, filename is ASCII', (_lng, name) => {
    const header = contentDispositionHeader(name, { fallback: 'assessment-results.csv' });
    expect(header).toMatch(/^attachment; filename=/);
    expect(header).toContain(`filename*=UTF-8''`);
    // The header itself is ASCII (HTTP headers are bytes; browsers decode filename*).
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    const parsed = parse(header).parameters;
    expect(parsed.filename).toBe(name);
    expect(parsed.filename!.normalize('NFD').match(/\p{M}/gu)?.length ?? 0).toBe(
      name.normalize('NFD').match(/\p{M}/gu)?.length ?? 0,
    );
    expect(parse(header, { extended: false }).parameters.filename).toBe('assessment-results.csv');
  });

  it('derives a readable ASCII fallback when none is given', () => {
    expect(asciiFileName('Zoë’s “quiz”.pdf')).toBe('Zoe_s _quiz_.pdf');
    expect(asciiFileName('পরীক্ষা.pdf', 'file')).toBe('file.pdf');
    expect(asciiFileName('မြေပုံ ပုံစံ.png')).toBe('download.png');
    expect(asciiFileName('Reading list – week 1.pdf')).toBe('Reading list _ week 1.pdf');
  });

  it('removes what no file system accepts, keeps the rest', () => {
    expect(safeFileName('Term 1: Science / Physics? "A" <b>|c\u0007')).toBe('Term 1 Science Physics A b c');
    expect(safeFileName('ক্ষ\u09cd')).toBe('ক্ষ\u09cd');
  });

  it('offers audio and video inline', () => {
    expect(contentDispositionHeader('গান.mp3', { inline: true })).toMatch(
      /^inline; filename=download.mp3; filename\*=UTF-8/,
    );
  });
});

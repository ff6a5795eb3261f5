import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './content-disposition.ts';

const encoded = (name: string) =>
  `attachment; filename=fallback.csv; filename*=UTF-8''${encodeURIComponent(name)}`;

describe('fileNameFromDisposition', () => {
  it.each([
    'পরীক্ষা - ফলাফল.csv',
    'မြန်မာစာ - ရလဒ်များ.xlsx',
    'แบบทดสอบ - รายงาน.pdf',
    'ការវាយតម្លៃ.csv',
    '测评 - 成绩.xlsx',
  ])('prefers filename* (%s)', (name) => {
    expect(fileNameFromDisposition(encoded(name))).toBe(name);
  });

  it('reads a plain or quoted filename when there is no filename*', () => {
    expect(fileNameFromDisposition('attachment; filename=results.csv')).toBe('results.csv');
    expect(fileNameFromDisposition('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
  });

  it('answers null without a name, and the plain name for a malformed filename*', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition("attachment; filename=x.csv; filename*=UTF-8''%E0%A6")).toBe('x.csv');
  });
});

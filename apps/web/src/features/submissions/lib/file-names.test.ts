import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './file-names.ts';

describe('fileNameFrom keeps the title’s letters in every script', () => {
  it.each([
    ['bn', 'পরীক্ষা', 'পরীক্ষা-results.csv'],
    ['bn', 'বাংলা ব্যাকরণ: প্রথম অধ্যায়', 'বাংলা-ব্যাকরণ-প্রথম-অধ্যায়-results.csv'],
    ['my', 'မြန်မာစာ စာမေးပွဲ', 'မြန်မာစာ-စာမေးပွဲ-results.csv'],
    ['th', 'แบบทดสอบ วิทยาศาสตร์/ฟิสิกส์', 'แบบทดสอบ-วิทยาศาสตร์-ฟิสิกส์-results.csv'],
    ['km', 'ការវាយតម្លៃ គណិតវិទ្យា', 'ការវាយតម្លៃ-គណិតវិទ្យា-results.csv'],
    ['zh', '期中测评：物理', '期中测评-物理-results.csv'],
    ['ne', 'मूल्याङ्कन "१"', 'मूल्याङ्कन-१-results.csv'],
  ])('%s: %s', (_lng, title, name) => {
    expect(fileNameFrom(title, 'results', 'csv')).toBe(name);
  });

  it('keeps every vowel sign (combining mark) of the title', () => {
    const title = 'পরীক্ষা';
    const marks = (s: string) => s.match(/\p{M}/gu)?.length ?? 0;
    expect(marks(fileNameFrom(title, 'results', 'csv'))).toBe(marks(title));
  });

  it('never cuts a letter from its marks when shortening', () => {
    const name = fileNameFrom('ক্ষি'.repeat(40), 'report', 'pdf');
    const stem = name.replace(/-report\.pdf$/, '');
    expect([...stem].length).toBeLessThanOrEqual(80);
    expect(stem.endsWith('ি')).toBe(true);
  });

  it('falls back to “assessment” when nothing readable is left', () => {
    expect(fileNameFrom('///', 'report', 'pdf')).toBe('assessment-report.pdf');
  });
});

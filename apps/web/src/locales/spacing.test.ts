import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spacingProblems } from '../../../../i18n/spacing.ts';
import { LANGUAGE_CODES } from '../lib/languages.ts';

/*
 * Stray spaces in the catalogs: at either end of a text, doubled, before punctuation, invisible
 * ones (no-break, zero-width), and in Chinese any space between Chinese text and Latin letters,
 * digits or an interpolation (the value is often Chinese itself: "升级{{packageName}}套餐").
 */

type Catalog = { [key: string]: string | Catalog };
const dir = path.dirname(new URL(import.meta.url).pathname);

const flatten = (catalog: Catalog, prefix = ''): [string, string][] =>
  Object.entries(catalog).flatMap(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[full, value] as [string, string]] : flatten(value, full);
  });

describe('spacing in the catalogs', () => {
  it('finds each kind of stray space', () => {
    const bad: [string, string][] = [
      ['a', ' Save'],
      ['b', 'Save '],
      ['c', 'Save  all'],
      ['d', 'Saved !'],
      ['e', 'Save\u00a0all'],
    ];
    expect(spacingProblems('en', 'test', bad)).toHaveLength(5);
    expect(spacingProblems('zh', 'test', [['f', '升级 {{packageName}} 套餐'], ['g', '好。 再见']])).toHaveLength(2);
    expect(spacingProblems('km', 'test', [['h', 'រក្សាទុក ។']])).toHaveLength(1);
    expect(spacingProblems('th', 'test', [['j', 'ยังไม่มีแบบทดสอบใดๆ']])).toHaveLength(1);
    expect(spacingProblems('en', 'test', [['i', 'Upload a file (for example .pdf).']])).toEqual([]);
  });

  for (const lng of LANGUAGE_CODES) {
    it(`${lng}: no stray spaces`, () => {
      const problems = readdirSync(path.join(dir, lng))
        .filter((file) => file.endsWith('.json'))
        .flatMap((file) => {
          const catalog = JSON.parse(readFileSync(path.join(dir, lng, file), 'utf8')) as Catalog;
          return spacingProblems(lng, file.replace(/\.json$/, ''), flatten(catalog));
        });
      expect(problems).toEqual([]);
    });
  }
});

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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

const CJK = '[\\u4e00-\\u9fff\\u3000-\\u303f\\uff00-\\uffef]';
const RULES: { name: string; pattern: RegExp; languages?: readonly string[] }[] = [
  { name: 'space at the start or end', pattern: /^\s|\s$/ },
  { name: 'two spaces in a row', pattern: / {2}/ },
  { name: 'tab, line break or invisible space', pattern: /[\t\n\r\u00a0\u200b\u2007\u202f\u3000\ufeff]/ },
  // '(for example .pdf)' keeps its space: a dot that starts a word is not punctuation.
  { name: 'space before punctuation', pattern: / [,.:;!?)](?![\w*])| [。，：；！？、）」។៖။၊]/ },
  { name: 'space after full-width punctuation', pattern: /[。，：；！？、（「] /, languages: ['zh'] },
  // The Royal Institute's rule: ไม้ยมก stands apart from the word it repeats (ใด ๆ, not ใดๆ).
  { name: 'ๆ without a space before it', pattern: /\Sๆ/, languages: ['th'] },
  {
    name: 'space between Chinese and Latin, digits or {{…}}',
    pattern: new RegExp(`${CJK} +[!-~]|[!-~] +${CJK}`),
    languages: ['zh'],
  },
];

/** Each problem as 'lng/ns: key — rule: "text"'. */
export function spacingProblems(lng: string, ns: string, entries: [string, string][]): string[] {
  return entries.flatMap(([key, text]) =>
    RULES.filter((rule) => (!rule.languages || rule.languages.includes(lng)) && rule.pattern.test(text)).map(
      (rule) => `${lng}/${ns}: ${key} — ${rule.name}: ${JSON.stringify(text)}`,
    ),
  );
}

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

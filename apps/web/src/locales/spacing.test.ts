import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_LOCALES_DIR, flattenCatalog, loadNamespace, namespacesOf } from '../../../../i18n/catalogs.ts';
import { spacingProblems } from '../../../../i18n/spacing.ts';
import { LANGUAGE_CODES } from '../lib/languages.ts';

/*
 * Stray spaces in the catalogs: at either end of a text, doubled, before punctuation, invisible
 * ones (no-break, zero-width), and in Chinese any space between Chinese text and Latin letters,
 * digits or an interpolation (the value is often Chinese itself: "升级{{packageName}}套餐").
 */

const dir = path.dirname(new URL(import.meta.url).pathname);

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
    expect(spacingProblems('th', 'test', [['k', 'คำถาม5ประเภท'], ['l', 'ไฟล์PDF']])).toHaveLength(2);
    expect(spacingProblems('th', 'test', [['m', 'ไฟล์ PDF แพ็กเกจ{{plan}}']])).toEqual([]);
    expect(spacingProblems('en', 'test', [['i', 'Upload a file (for example .pdf).']])).toEqual([]);
  });

  for (const lng of LANGUAGE_CODES) {
    it(`${lng}: no stray spaces`, () => {
      const problems = [dir, SHARED_LOCALES_DIR].flatMap((root) =>
        namespacesOf(root, lng).flatMap((ns) =>
          spacingProblems(lng, ns, Object.entries(flattenCatalog(loadNamespace(root, lng, ns)!))),
        ),
      );
      expect(problems).toEqual([]);
    });
  }
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_LOCALES_DIR, completenessProblems, namespacesOf } from '../../../../i18n/catalogs.ts';
import { NAMESPACES } from '../lib/i18n.ts';
import { LANGUAGE_CODES } from '../lib/languages.ts';

const dir = path.dirname(new URL(import.meta.url).pathname);

describe('translation catalogs', () => {
  it('registers every English namespace with i18next (its own and the shared ones)', () => {
    expect([...namespacesOf(dir, 'en'), ...namespacesOf(SHARED_LOCALES_DIR, 'en')].sort()).toEqual(
      [...NAMESPACES].sort(),
    );
  });

  // English included: its own texts must not be empty either.
  it.each(LANGUAGE_CODES)('%s has every key of English, non-empty, with the same placeholders', (lng) => {
    expect(completenessProblems(dir, lng)).toEqual([]);
    expect(completenessProblems(SHARED_LOCALES_DIR, lng)).toEqual([]);
  });

  it('finds each kind of gap', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'vb-catalogs-'));
    try {
      const write = (lng: string, ns: string, catalog: object) => {
        mkdirSync(path.join(root, lng), { recursive: true });
        writeFileSync(path.join(root, lng, `${ns}.json`), JSON.stringify(catalog));
      };
      write('en', 'common', { a: 'One', b: { c: 'Hi {{name}}' }, d: '{{count, number}} left', e: 'Two' });
      write('en', 'errors', { x: 'Oops' });
      write('th', 'common', { a: ' ', b: { c: 'สวัสดี {{user}}' }, d: 'เหลือ {{count}}', z: 'extra' });
      write('th', 'spare', { y: 'ไม่มีใน en' });
      expect(completenessProblems(root, 'th').sort()).toEqual(
        [
          'th/spare: a namespace en does not have',
          'th/errors: missing file th/errors.json',
          'th/common: z is not in en',
          'th/common: a is empty',
          'th/common: b.c has placeholders [user], en [name]',
          'th/common: e is missing',
        ].sort(),
      );
      expect(completenessProblems(root, 'en')).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../lib/languages.ts';
import { NAMESPACES } from '../lib/i18n.ts';

const dir = path.dirname(new URL(import.meta.url).pathname);
type Catalog = { [key: string]: string | Catalog };

const load = (lng: string, ns: string): Catalog | null => {
  try {
    return JSON.parse(readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8')) as Catalog;
  } catch {
    return null;
  }
};

/** Flattens nested keys to 'a.b.c' → text. */
const flatten = (catalog: Catalog, prefix = ''): Record<string, string> =>
  Object.entries(catalog).reduce<Record<string, string>>((out, [key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...out, [full]: value } : { ...out, ...flatten(value, full) };
  }, {});

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const englishFiles = readdirSync(path.join(dir, 'en')).map((f) => f.replace(/\.json$/, ''));

describe('translation catalogs', () => {
  it('registers every English namespace with i18next', () => {
    expect([...englishFiles].sort()).toEqual([...NAMESPACES].sort());
  });

  for (const ns of englishFiles) {
    const english = flatten(load('en', ns)!);
    for (const lng of LANGUAGE_CODES.filter((l) => l !== 'en')) {
      it(`${lng}/${ns}.json has every key, non-empty, with the same placeholders`, () => {
        const catalog = load(lng, ns);
        expect(catalog, `missing file locales/${lng}/${ns}.json`).not.toBeNull();
        const translated = flatten(catalog!);
        expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(english)) {
          const other = translated[key] ?? '';
          expect(other.trim(), `${lng}/${ns}: ${key} is empty`).not.toBe('');
          expect(placeholders(other), `${lng}/${ns}: ${key} placeholders`).toEqual(placeholders(text));
        }
      });
    }
  }
});

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GLOSSARY_DIR,
  avoidedWords,
  loadCatalogs,
  loadGlossary,
  termPattern,
  type Glossary,
} from '../../../../i18n/glossary.ts';
import { SHARED_LOCALES_DIR } from '../../../../i18n/catalogs.ts';
import { LANGUAGE_CODES } from '../lib/languages.ts';

/*
 * The glossary (i18n/glossary/<lng>.json, see i18n/README.md) names the one word each language
 * uses for a product term. A catalog text whose English speaks of the term must not use a word
 * the glossary lists under `avoid` (Thai: แบบทดสอบ for assessment, never แบบประเมิน), and the
 * plan names on screen are the glossary's.
 */

const dir = path.dirname(new URL(import.meta.url).pathname);
/** A language's texts: the web's own catalogs and the ones it shares with the API. */
const catalogsOf = (lng: string) =>
  new Map([...loadCatalogs(path.join(dir, lng)), ...loadCatalogs(path.join(SHARED_LOCALES_DIR, lng))]);
const english = catalogsOf('en');
const languages = LANGUAGE_CODES.filter((lng) => lng !== 'en');
const glossaries = new Map(languages.map((lng) => [lng, loadGlossary(lng)]));

describe('glossary', () => {
  it('has one file per non-English language, each with the same terms', () => {
    expect(readdirSync(GLOSSARY_DIR).filter((file) => file.endsWith('.json')).sort()).toEqual(languages.map((lng) => `${lng}.json`).sort());
    const terms = Object.keys(glossaries.get('th')!.terms).sort();
    expect(terms).toEqual(expect.arrayContaining(['assessment', 'pass mark', 'submission', 'certificate', 'invoice']));
    for (const [lng, glossary] of glossaries) {
      expect(glossary.language).toBe(lng);
      expect(Object.keys(glossary.terms).sort(), lng).toEqual(terms);
      for (const [term, { use, avoid = [] }] of Object.entries(glossary.terms)) {
        expect(use.trim(), `${lng}: ${term}`).not.toBe('');
        expect(avoid.map((word) => word.toLocaleLowerCase()), `${lng}: ${term} avoids its own word`).not.toContain(
          use.toLocaleLowerCase(),
        );
      }
    }
  });

  it('catches a text that uses an avoided word', () => {
    const glossary: Glossary = { language: 'th', terms: { assessment: { use: 'แบบทดสอบ', avoid: ['แบบประเมิน'] } }, plans: {} };
    const source = new Map([
      ['a:one', 'Create assessment'],
      ['a:two', 'Assessments'],
      ['a:three', 'Peer review'],
    ]);
    const texts = new Map([
      ['a:one', 'สร้างแบบประเมิน'],
      ['a:two', 'แบบทดสอบ'],
      ['a:three', 'แบบประเมินโดยเพื่อน'],
    ]);
    expect(avoidedWords(glossary, source, texts)).toEqual([
      'th/a:one: "แบบประเมิน" for assessment in "สร้างแบบประเมิน"',
    ]);
    expect(termPattern('pass mark').test('Enter a pass mark between 0 and 100')).toBe(true);
    expect(termPattern('results').test('My result')).toBe(true);
    expect(termPattern('plan').test('planet')).toBe(false);
  });

  it.each(languages)('%s: the catalogs use the glossary’s words', (lng) => {
    const glossary = glossaries.get(lng)!;
    expect(avoidedWords(glossary, english, catalogsOf(lng))).toEqual([]);
    // Plan names as the glossary has them, wherever they show (usePlanName reads these).
    const { packages } = JSON.parse(readFileSync(path.join(dir, lng, 'assessments.json'), 'utf8')) as {
      packages: Record<string, string>;
    };
    expect(packages).toEqual(glossary.plans);
  });
});

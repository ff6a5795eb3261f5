import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@vbuilder/shared';
import { avoidedWords, loadCatalogs, loadGlossary } from '../../../../i18n/glossary.ts';
import { LOCALES_DIR, SHARED_LOCALES_DIR } from './index.ts';

/** The server's mail, pages, exports and documents use the glossary's words (i18n/README.md). */
describe('server catalogs follow the glossary', () => {
  // The server's own catalogs and the ones it shares with the web (the question types).
  const load = (lng: string) =>
    new Map([
      ...loadCatalogs(path.join(LOCALES_DIR, lng)),
      ...loadCatalogs(path.join(SHARED_LOCALES_DIR, lng)),
    ]);
  const english = load('en');
  for (const lng of LANGUAGE_CODES.filter((l) => l !== 'en')) {
    it(`${lng}: no avoided word for a glossary term`, () => {
      const translated = load(lng);
      expect(avoidedWords(loadGlossary(lng), english, translated)).toEqual([]);
    });
  }
});

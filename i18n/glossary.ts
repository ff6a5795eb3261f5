import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { flattenCatalog, type Catalog } from './catalogs.ts';

/**
 * Checks translation catalogs against the glossaries in i18n/glossary (see README.md). The web's
 * glossary test uses it; the API's catalogs can use it the same way.
 */

export interface Glossary {
  language: string;
  name?: string;
  terms: Record<string, { use: string; avoid?: string[]; note?: string }>;
  /** Plan names as shown, by their English name. */
  plans: Record<string, string>;
}

export const GLOSSARY_DIR = path.dirname(new URL(import.meta.url).pathname) + '/glossary';

/** The glossary of a language (one of the 11 non-English ones). */
export const loadGlossary = (lng: string): Glossary =>
  JSON.parse(readFileSync(path.join(GLOSSARY_DIR, `${lng}.json`), 'utf8')) as Glossary;

/** Every text of a folder of namespace files (`<ns>.json`) as 'ns:dotted.key' → text. */
export function loadCatalogs(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) =>
        Object.entries(flattenCatalog(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Catalog)).map(
          ([key, text]): [string, string] => [`${file.replace(/\.json$/, '')}:${key}`, text],
        ),
      ),
  );
}

/** 'pass mark' finds "Pass marks", 'results' finds "result": word bounded, either number, any case. */
export const termPattern = (term: string): RegExp =>
  new RegExp(`\\b${term.replace(/s$/, '').replace(/ /g, '\\s+')}(?:s|es)?\\b`, 'i');

/**
 * Texts whose English source names a glossary term but whose translation uses one of the words
 * the glossary avoids for it, each as 'lng/ns:key: "word" for term in "text"'.
 */
export function avoidedWords(
  glossary: Glossary,
  english: Map<string, string>,
  translated: Map<string, string>,
): string[] {
  return Object.entries(glossary.terms).flatMap(([term, { avoid = [] }]) => {
    const pattern = termPattern(term);
    return [...english].flatMap(([key, source]) => {
      if (!pattern.test(source)) return [];
      const text = translated.get(key) ?? '';
      return avoid
        .filter((word) => text.toLocaleLowerCase().includes(word.toLocaleLowerCase()))
        .map((word) => `${glossary.language}/${key}: "${word}" for ${term} in ${JSON.stringify(text)}`);
    });
  });
}

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether a folder of translation catalogs (`<dir>/<lng>/<ns>.json`) is complete: every language
 * has every key English has, in every namespace, none empty, with the same {{placeholders}}. The
 * web's (apps/web/src/locales) and the server's (apps/api/src/locales) catalog tests use it.
 */

export type Catalog = { [key: string]: string | Catalog };

/**
 * The catalogs both apps read (packages/shared/src/locales: the question types' words), checked
 * with each app's own by both apps' catalog tests.
 */
export const SHARED_LOCALES_DIR = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../packages/shared/src/locales',
);

/** Nested keys flattened to 'a.b.c' → text. */
export function flattenCatalog(catalog: Catalog, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[full] = value;
    else Object.assign(out, flattenCatalog(value, full));
  }
  return out;
}

/** `<dir>/<lng>/<ns>.json`, or null when the file is missing. */
export function loadNamespace(dir: string, lng: string, ns: string): Catalog | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8')) as Catalog;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The namespaces a language has: the names of its JSON files, sorted. */
export const namespacesOf = (dir: string, lng: string): string[] =>
  readdirSync(path.join(dir, lng))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();

/** The variable names of a text, sorted; '{{count, number}}' names count (a format is not a name). */
export const placeholders = (text: string): string[] =>
  [...text.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1]!).sort();

/**
 * What keeps a language's catalogs from matching English, each as 'lng/ns: …': a missing file,
 * a missing or extra key, an empty text, other placeholders, a namespace English lacks. For
 * English itself: empty texts only.
 */
export function completenessProblems(dir: string, lng: string, english = 'en'): string[] {
  const problems: string[] = [];
  const reference = namespacesOf(dir, english);
  for (const ns of namespacesOf(dir, lng)) {
    if (!reference.includes(ns)) problems.push(`${lng}/${ns}: a namespace ${english} does not have`);
  }
  for (const ns of reference) {
    const source = flattenCatalog(loadNamespace(dir, english, ns)!);
    const catalog = loadNamespace(dir, lng, ns);
    if (!catalog) {
      problems.push(`${lng}/${ns}: missing file ${lng}/${ns}.json`);
      continue;
    }
    const texts = flattenCatalog(catalog);
    for (const key of Object.keys(texts)) {
      if (!(key in source)) problems.push(`${lng}/${ns}: ${key} is not in ${english}`);
    }
    for (const [key, sourceText] of Object.entries(source)) {
      const text = texts[key];
      if (text === undefined) problems.push(`${lng}/${ns}: ${key} is missing`);
      else if (!text.trim()) problems.push(`${lng}/${ns}: ${key} is empty`);
      else if (placeholders(text).join() !== placeholders(sourceText).join()) {
        problems.push(
          `${lng}/${ns}: ${key} has placeholders [${placeholders(text)}], ${english} [${placeholders(sourceText)}]`,
        );
      }
    }
  }
  return problems;
}

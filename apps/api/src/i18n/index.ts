import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import {
  FALLBACK_LANGUAGE,
  I18N_OPTIONS,
  intlLocale,
  clockOptions,
  LANGUAGE_CODES,
  LANGUAGE_COOKIE,
  isLanguageCode,
  matchLanguage,
  type LanguageCode,
} from '@vbuilder/shared';

export type { TFunction } from 'i18next';

/** apps/api/src/locales/<lng>/<namespace>.json: the server's catalogs, one namespace per area. */
export const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

/**
 * packages/shared/src/locales/<lng>/<namespace>.json: the catalogs both apps read (the question
 * types' words, docs/architecture/question-families.md#words), loaded beside the server's own.
 */
export const SHARED_LOCALES_DIR = fileURLToPath(
  new URL('../../../../packages/shared/src/locales/', import.meta.url),
);

type Catalog = { [key: string]: string | Catalog };

const jsonFiles = (dir: string): string[] => {
  try {
    return readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
};

/** The namespaces English has; English is the reference every other language must match. */
export const NAMESPACES: readonly string[] = [LOCALES_DIR, SHARED_LOCALES_DIR]
  .flatMap((dir) => jsonFiles(path.join(dir, FALLBACK_LANGUAGE)))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

/** Every catalog of every language, read once at start (a missing file is an empty namespace). */
function loadResources(): Record<string, Record<string, Catalog>> {
  const resources: Record<string, Record<string, Catalog>> = {};
  for (const lng of LANGUAGE_CODES) {
    resources[lng] = Object.fromEntries(
      [LOCALES_DIR, SHARED_LOCALES_DIR].flatMap((root) => {
        const dir = path.join(root, lng);
        return jsonFiles(dir).map((file) => [
          file.slice(0, -'.json'.length),
          JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Catalog,
        ]);
      }),
    );
  }
  return resources;
}

/** A private instance: the server never changes a global language, it asks for a fixed one per reader. */
const instance = i18next.createInstance();
void instance.init({
  ...I18N_OPTIONS,
  resources: loadResources(),
  initAsync: false,
  lng: FALLBACK_LANGUAGE,
  ns: [...NAMESPACES],
  returnNull: false,
});

// '{{count, number}}' in the catalogs: written with the same digits as every other number (intlLocale).
instance.services.formatter?.addCached(
  'number',
  (lng: string | undefined, options: Intl.NumberFormatOptions) => {
    const format = new Intl.NumberFormat(intlLocale(lng), options);
    return (value: number) => format.format(value);
  },
);

export const i18n = instance;

/** A t function fixed to one reader's language (keys as 'namespace:key'), English where a key is missing. */
export function translatorFor(language: LanguageCode | string | null | undefined): TFunction {
  const lng = isLanguageCode(language) ? language : FALLBACK_LANGUAGE;
  return instance.getFixedT(lng);
}

/** The value of one cookie from a Cookie header, or null. */
function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** The best of the 12 languages for an Accept-Language header (by q weight, then order), or null. */
export function bestAcceptedLanguage(header: string | undefined): LanguageCode | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((entry, order) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { tag } of ranked) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return null;
}

/** The language a browser asks for: the picker's cookie, else Accept-Language, else English. */
export function languageFromHeaders(headers: {
  cookie?: string | undefined;
  'accept-language'?: string | undefined;
}): LanguageCode {
  const cookie = matchLanguage(readCookie(headers.cookie, LANGUAGE_COOKIE));
  return cookie ?? bestAcceptedLanguage(headers['accept-language']) ?? FALLBACK_LANGUAGE;
}

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
  actor?: { language?: string | null } | null;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/**
 * The language to answer a request in: the signed-in user's stored language; else the
 * `vbuilder_lang` cookie; else the best Accept-Language match among the 12; else English.
 */
export function languageFromRequest(req: RequestLike): LanguageCode {
  const stored = req.actor?.language;
  if (isLanguageCode(stored)) return stored;
  return languageFromHeaders({
    cookie: header(req.headers.cookie),
    'accept-language': header(req.headers['accept-language']),
  });
}

/** Scripts written right to left; none of the 12 today, kept so mail and pages set dir from one place. */
const RTL = new Set<string>(['ar', 'fa', 'he', 'ur']);
export const textDirection = (language: string): 'ltr' | 'rtl' => (RTL.has(language) ? 'rtl' : 'ltr');

/**
 * Intl formatters, made once per locale, zone and options: building one costs far more than
 * formatting with it (a report of 1,000 students formats thousands of dates and numbers). The
 * zone comes from the request, so the cache is bounded: full, it starts again.
 */
const FORMATTER_CACHE_LIMIT = 1000;
function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= FORMATTER_CACHE_LIMIT) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}
const zones = new Map<string, string>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** An IANA time zone Intl accepts, else UTC (a missing or forged zone never fails a download). */
export function validTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  return cached(zones, timeZone, () => {
    try {
      return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
    } catch {
      return 'UTC';
    }
  });
}

const localeOf = (language: string) => (isLanguageCode(language) ? language : FALLBACK_LANGUAGE);

/** A date and time as the reader writes it, in their time zone (Thai in the Buddhist era, Bengali digits…). */
export function formatDateTime(date: Date, language: string, timeZone?: string | null): string {
  const locale = localeOf(language);
  const zone = validTimeZone(timeZone);
  return cached(
    dateFormats,
    `datetime|${locale}|${zone}`,
    () =>
      new Intl.DateTimeFormat(intlLocale(locale), {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: zone,
        ...clockOptions(locale),
      }),
  ).format(date);
}

/** A date without the time, as the reader writes it, in their time zone. */
export function formatDate(date: Date, language: string, timeZone?: string | null): string {
  const locale = localeOf(language);
  const zone = validTimeZone(timeZone);
  return cached(
    dateFormats,
    `date|${locale}|${zone}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: zone }),
  ).format(date);
}

/** A time of day as the reader writes it, in their time zone (their 12- or 24-hour clock). */
export function formatTime(date: Date, language: string, timeZone?: string | null): string {
  const locale = localeOf(language);
  const zone = validTimeZone(timeZone);
  return cached(
    dateFormats,
    `time|${locale}|${zone}`,
    () =>
      new Intl.DateTimeFormat(intlLocale(locale), {
        timeStyle: 'short',
        timeZone: zone,
        ...clockOptions(locale),
      }),
  ).format(date);
}

/** A number with the reader's separators and digits. */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  const locale = localeOf(language);
  return cached(
    numberFormats,
    `${locale}|${options ? JSON.stringify(options) : ''}`,
    () => new Intl.NumberFormat(intlLocale(locale), options),
  ).format(value);
}

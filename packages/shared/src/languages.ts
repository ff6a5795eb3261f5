import { z } from 'zod';

/** The 12 interface languages of docs/product/overview.md, each named in its own language for the picker. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'id', name: 'Bahasa Indonesia' },
  { code: 'ms', name: 'Bahasa Melayu' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'sw', name: 'Kiswahili' },
  { code: 'fil', name: 'Filipino' },
  { code: 'my', name: 'မြန်မာ' },
  { code: 'th', name: 'ไทย' },
  { code: 'ne', name: 'नेपाली' },
  { code: 'km', name: 'ខ្មែរ' },
  { code: 'zh', name: '中文' },
  { code: 'bn', name: 'বাংলা' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];
export const FALLBACK_LANGUAGE: LanguageCode = 'en';

/** One of the 12 language codes; the web, the profile and the server's catalogs share it. */
export const LanguageSchema = z.enum(LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]]);

export const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);

/**
 * The supported language closest to a browser's tag ('th-TH' → 'th', 'tl' → 'fil',
 * 'zh-Hant-TW' → 'zh'), or null when none of the 12 matches.
 */
export function matchLanguage(tag: string | null | undefined): LanguageCode | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  if (isLanguageCode(lower)) return lower;
  const base = lower.split(/[-_]/)[0] ?? '';
  if (base === 'tl') return 'fil';
  // Malay written in Brunei/Singapore variants and Indonesian's old code 'in'
  if (base === 'in') return 'id';
  return isLanguageCode(base) ? base : null;
}

/** Server and web agree that the cookie holding the choice is called this. */
export const LANGUAGE_COOKIE = 'vbuilder_lang';

/**
 * Languages whose times vbuilder writes on a 24-hour clock: CLDR's 12-hour Khmer time prints a
 * Latin 'AM/PM' inside Khmer text, which Cambodian schools do not write. Web and server both
 * follow this list, so a time reads the same on screen, in mail and in a PDF.
 */
export const TWENTY_FOUR_HOUR_LANGUAGES: readonly LanguageCode[] = ['km'];

/** Intl options for the language's clock (empty where CLDR's own is right). */
export const clockOptions = (language: string | undefined): Intl.DateTimeFormatOptions =>
  (TWENTY_FOUR_HOUR_LANGUAGES as readonly string[]).includes(language ?? '') ? { hourCycle: 'h23' } : {};

/**
 * Languages vbuilder writes with Latin digits (0–9) although CLDR's default is the script's own:
 * Burmese. Browsers without Burmese locale data (Chromium's trimmed ICU) can only write Latin
 * digits, and the translations write them too, so the server (mail, PDFs, exports) writes them
 * as well: one digit system on every screen and document.
 */
export const LATIN_DIGIT_LANGUAGES: readonly LanguageCode[] = ['my'];

/** The locale to give Intl for a language: Latin digits asked for where vbuilder writes them. */
export function intlLocale(language: string): string;
export function intlLocale(language: string | undefined): string | undefined;
export function intlLocale(language: string | undefined): string | undefined {
  return language && (LATIN_DIGIT_LANGUAGES as readonly string[]).includes(language)
    ? `${language}-u-nu-latn`
    : language;
}

/**
 * The i18next options the web and the server share, as a plain object (shared does not depend on
 * i18next). Each adds its own resources, namespaces and detection.
 */
export const I18N_OPTIONS = {
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGE_CODES,
  // Only the 12 codes themselves ('th', not 'th-TH'): matchLanguage maps a browser's tag first.
  nonExplicitSupportedLngs: false,
  load: 'currentOnly',
  defaultNS: 'common',
  // React escapes what it renders; the server's callers escape for their medium (HTML mail,
  // provider pages) and want raw text elsewhere (subjects, CSV, PDFs).
  interpolation: { escapeValue: false },
} as const;

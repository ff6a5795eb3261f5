/** The 12 interface languages of SPEC §1, each named in its own language for the picker. */
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

/** The cookie that keeps the language choice, for 365 days (SPEC §1). */
export const LANGUAGE_COOKIE = 'vbuilder_lang';
export const LANGUAGE_COOKIE_DAYS = 365;

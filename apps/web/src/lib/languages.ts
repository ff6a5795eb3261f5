// The 12 languages live in shared so the API's catalogs, the profile and the picker agree.
export {
  FALLBACK_LANGUAGE,
  LANGUAGE_CODES,
  LANGUAGE_COOKIE,
  LANGUAGES,
  LanguageSchema,
  isLanguageCode,
  matchLanguage,
  type LanguageCode,
} from '@vbuilder/shared';

/** The cookie (LANGUAGE_COOKIE) keeps the language choice for 365 days (SPEC §1). */
export const LANGUAGE_COOKIE_DAYS = 365;

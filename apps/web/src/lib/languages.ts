import { matchLanguage, type LanguageCode } from '@vbuilder/shared';

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

/** The cookie (LANGUAGE_COOKIE) keeps the language choice for 365 days (docs/product/overview.md). */
export const LANGUAGE_COOKIE_DAYS = 365;

/** Set (for this tab) when a visitor picks a language before signing in; see takePickBeforeSignIn. */
const PICKED_BEFORE_SIGN_IN = 'vbuilder_lang_picked';

/** Remembers a language picked on the public pages, so signing in saves it rather than undoing it. */
export function rememberPickBeforeSignIn(language: LanguageCode) {
  try {
    sessionStorage.setItem(PICKED_BEFORE_SIGN_IN, language);
  } catch {
    // Storage refused (private mode): signing in then shows the profile's language.
  }
}

/** The language picked before signing in, once (it is forgotten as it is read); null if none. */
export function takePickBeforeSignIn(): LanguageCode | null {
  try {
    const picked = sessionStorage.getItem(PICKED_BEFORE_SIGN_IN);
    sessionStorage.removeItem(PICKED_BEFORE_SIGN_IN);
    return matchLanguage(picked);
  } catch {
    return null;
  }
}

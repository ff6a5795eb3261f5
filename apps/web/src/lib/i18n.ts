import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { I18N_OPTIONS } from '@vbuilder/shared';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS } from './languages.ts';

/** Namespaces, one per feature plus the shared ones; every language has one JSON file for each. */
export const NAMESPACES = [
  'common',
  'errors',
  'validation',
  'auth',
  'accounts',
  'dashboard',
  'profile',
  'organizations',
  'users',
  'questionTypes',
  'questions',
  'assessments',
  'assessmentEditor',
  'aiGeneration',
  'aiAssistant',
  'attempts',
  'submissions',
  'billing',
  'certificates',
  'notifications',
  'landing',
] as const;

// English ships in the main bundle (fallback, first paint); other languages load on demand.
const english = import.meta.glob<{ default: Record<string, unknown> }>('../locales/en/*.json', {
  eager: true,
});
const others = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/*.json',
]);

const englishResources = Object.fromEntries(
  Object.entries(english).map(([file, mod]) => [file.split('/').pop()!.replace('.json', ''), mod.default]),
);

export const i18nReady = i18n
  .use(LanguageDetector)
  .use(
    resourcesToBackend((language: string, namespace: string) => {
      const load = others[`../locales/${language}/${namespace}.json`];
      return load ? load().then((m) => m.default) : Promise.resolve({});
    }),
  )
  .use(initReactI18next)
  .init({
    ...I18N_OPTIONS,
    resources: { en: englishResources },
    partialBundledLanguages: true,
    ns: [...NAMESPACES],
    detection: {
      // `?lng=bn` first: links in the server's mail open pages in the recipient's language (kept in the cookie).
      order: ['querystring', 'cookie', 'navigator'],
      lookupQuerystring: 'lng',
      lookupCookie: LANGUAGE_COOKIE,
      caches: ['cookie'],
      cookieMinutes: LANGUAGE_COOKIE_DAYS * 24 * 60,
      cookieOptions: { path: '/', sameSite: 'lax' },
    },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

export default i18n;

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
  'questionBank',
  'questionImport',
  'markingQueue',
  'regrades',
] as const;

export type Namespace = (typeof NAMESPACES)[number];

/**
 * Loaded before the first screen: the shell's words and the errors any screen may show. Every
 * other namespace comes with the route that uses it (app/route-namespaces.ts, in parallel with the
 * route's code, from the lists each feature declares in its namespaces.ts) or, failing that, when
 * a component asks for it (useTranslation suspends until it is here). A component names every
 * namespace it reads (i18n-namespaces.test.ts checks it), so no text ever shows as its key.
 */
export const INITIAL_NAMESPACES = ['common', 'errors', 'auth'] as const;

type CatalogModule = () => Promise<{ default: Record<string, unknown> }>;

/** `<language>/<namespace>` → its loader, from a glob of `…/locales/<language>/<namespace>.json`. */
const byLanguageAndNamespace = (modules: Record<string, CatalogModule>): Record<string, CatalogModule> =>
  Object.fromEntries(
    Object.entries(modules).map(([file, load]) => [
      file
        .split('/')
        .slice(-2)
        .join('/')
        .replace(/\.json$/, ''),
      load,
    ]),
  );

// Every language, English too, one chunk per namespace: a student's browser fetches the words of
// the screens it opens, not all namespaces. The web's own catalogs, and the ones the API reads too
// (packages/shared/src/locales: the question types, docs/architecture/question-families.md#words).
const catalogs = {
  ...byLanguageAndNamespace(import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json')),
  ...byLanguageAndNamespace(
    import.meta.glob<{ default: Record<string, unknown> }>(
      '../../../../packages/shared/src/locales/*/*.json',
    ),
  ),
};

export const i18nReady = i18n
  .use(LanguageDetector)
  .use(
    resourcesToBackend((language: string, namespace: string) => {
      const load = catalogs[`${language}/${namespace}`];
      return load ? load().then((m) => m.default) : Promise.resolve({});
    }),
  )
  .use(initReactI18next)
  .init({
    ...I18N_OPTIONS,
    ns: [...INITIAL_NAMESPACES],
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

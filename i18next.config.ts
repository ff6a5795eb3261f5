import { defineConfig } from 'i18next-cli';

/** Namespaces whose catalogs live in packages/shared/src/locales, read by the web and the API. */
const SHARED_NAMESPACES = ['questionTypes'];

/**
 * Key lint for the web catalogs (`npm run lint:i18n`, part of `npm run lint`): a `t('…')` whose key
 * is missing from the English catalog, or an English key no code uses, fails. packages/shared is
 * scanned too so keys built from its `as const` lists and unions (`t(\`types.${id}\`)`) resolve.
 */
export default defineConfig({
  locales: ['en', 'id', 'ms', 'vi', 'sw', 'fil', 'my', 'th', 'ne', 'km', 'zh', 'bn'],
  extract: {
    input: ['apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignore: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    // The question types' words are one catalog both apps read (packages/shared/src/locales).
    output: (language: string, namespace?: string) =>
      namespace && SHARED_NAMESPACES.includes(namespace)
        ? `packages/shared/src/locales/${language}/${namespace}.json`
        : `apps/web/src/locales/${language}/${namespace ?? 'common'}.json`,
    defaultNS: 'common',
    primaryLanguage: 'en',
    // Comments quote keys as examples (`t(\`questions:${key}\`)`); they are not uses.
    extractFromComments: false,
    /*
     * Keys built at run time from values no static scan can follow (API codes, statuses, schema
     * messages, props). apps/web/src/locales/dynamic-keys.test.ts checks each family against the
     * list it comes from, both ways, so these stay exact rather than merely tolerated.
     */
    preservePatterns: [
      'errors:*',
      'validation:*',
      'questions:errors.*',
      'assessments:errors.*',
      'questionBank:errors.*',
      'assessments:ai.*',
      'assessmentEditor:errors.*',
      'submissions:errors.*',
      'markingQueue:errors.*',
      'questionTypes:types.*',
      'questionTypes:families.*',
      'questionTypes:tiers.*',
      'questionTypes:responseKinds.*',
      'profile:roles.*',
      'users:roles.*',
      'users:status.*',
      'profile:account.statuses.*',
      'profile:account.loginStatuses.*',
      'organizations:details.statuses.*',
      'assessments:packages.*',
      'assessments:studentActions.*',
      'attempts:attempt.closed.*',
      'attempts:upload.failed',
      'common:dataTable.controls.*',
      'common:nav.sections.*',
      'common:nav.links.*',
      'accounts:forgot.sent_*',
      'accounts:signUp.sent_*',
      'accounts:password.strength.*',
      'assessmentEditor:wizard.generation.*Description',
      'questions:editors.crossword.*',
      'questions:editors.trueFalse.*',
      'questions:examples.fields.*',
      'questions:openPlayer.code.languages.*',
      'questions:openPlayer.media.*',
      'notifications:kinds.*',
    ],
  },
});

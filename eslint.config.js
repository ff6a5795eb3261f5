import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));

/*
 * Layers (the rules in words: docs/architecture/overview.md#boundaries).
 * eslint-plugin-boundaries checks them on resolved paths (the TypeScript resolver follows relative
 * paths, workspace packages and their exports), so `../../../apps/api/...` cannot slip past a
 * string pattern. Every linted file belongs to one element: the first descriptor that matches.
 * scripts/boundaries.test.ts proves that each policy fires on a violating import and stays quiet on
 * an allowed one.
 */
const elements = [
  { type: 'shared', pattern: 'packages/shared', partialMatch: false },
  { type: 'web-app', pattern: 'apps/web/src/app', partialMatch: false },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'], partialMatch: false },
  { type: 'web-components', pattern: 'apps/web/src/components', partialMatch: false },
  { type: 'web-lib', pattern: 'apps/web/src/lib', partialMatch: false },
  // locales, test set-up, e2e journeys, build and test configs
  { type: 'web', pattern: 'apps/web', partialMatch: false },
  { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['module'], partialMatch: false },
  // app.ts, plugins, identity, db, lib, i18n, documents, cli, test set-up, configs
  { type: 'api', pattern: 'apps/api', partialMatch: false },
  // test servers both apps' tests start (fake OpenAI)
  { type: 'test-support', pattern: 'test-support', partialMatch: false },
  // scripts, i18n glossary and spacing rules, root configs
  { type: 'repo', pattern: '*', partialMatch: false },
];

/**
 * Files of an API module that other modules may import besides its `<m>.service.ts`,
 * `<m>.repository.ts` and `<m>.policy.ts` (README "Boundaries": the API cross-module rule).
 * Adding a file here makes it part of the module's public surface.
 */
const apiModulePublicFiles = {
  accounts: ['accounts.mails.ts'],
  assessments: ['assessments.access.ts', 'assessments.mapper.ts', 'demo-assessments.ts'],
  mail: ['mailer.ts', 'templates.ts'],
  // An account's one-time links (invitations, activation, reset, email change): users and accounts issue them.
  users: ['users.tokens.ts'],
  // Pure conversion (no database): the question bank imports and exports through its index.
  'question-interchange': ['index.ts'],
  // The language model client and its message type: the marking queue asks it for suggested marks.
  ai: ['ai-model.ts', 'ai-prompt.ts'],
  // Who marks (MARKERS) and how a snapshot question is read and marked: regrade and the marking queue.
  submissions: ['submissions.routes.ts', 'submissions.scoring.ts'],
  // The embedded provider brokers a school's provider through it (identity/school-sign-in.routes.ts).
  'school-sign-in': ['school-sign-in.broker.ts'],
};

const modules = 'apps/api/src/modules';
const files = [
  {
    category: 'test',
    pattern: [
      '**/*.test.{ts,tsx}',
      '**/test-{utils,helpers,fixtures,documents}.{ts,tsx}',
      'apps/web/src/test/**',
      'apps/web/src/lib/auth/test/**',
      'apps/api/src/test/**',
      'apps/web/e2e/**',
      'test-support/**',
    ],
  },
  { category: 'routes', pattern: 'apps/api/src/**/*.routes.ts' },
  // application code (as opposed to tests, e2e journeys, scripts and configs)
  { category: 'source', pattern: ['apps/*/src/**', 'packages/*/src/**'] },
  { category: 'repository', pattern: 'apps/api/src/**/*.repository.ts' },
  {
    category: 'module-public',
    pattern: [
      `${modules}/*/*.{service,repository,policy}.ts`,
      ...Object.entries(apiModulePublicFiles).flatMap(([m, names]) =>
        names.map((name) => `${modules}/${m}/${name}`),
      ),
    ],
  },
];

const web = { element: { type: ['web', 'web-*'] } };
const api = { element: { type: ['api', 'api-*'] } };

/** Evaluated in order; the last policy that matches an import decides (default: allowed). */
const policies = [
  {
    from: web,
    disallow: { to: api },
    message:
      'The web never imports the API (docs/architecture/overview.md#boundaries): share it through packages/shared.',
  },
  {
    from: api,
    disallow: { to: web },
    message:
      'The API never imports the web (docs/architecture/overview.md#boundaries): share it through packages/shared.',
  },
  {
    from: { element: { type: 'shared' } },
    disallow: { to: { element: { type: '!shared' } } },
    message: '{{ from.element.type }} imports nothing but packages/shared: it must not know the apps.',
  },
  // A test server of several files (test-support/test-lms/) imports its own pieces.
  {
    from: { element: { type: 'test-support' } },
    disallow: { to: { element: { type: '!{shared,test-support}' } } },
    message: '{{ from.element.type }} imports nothing but packages/shared: it must not know the apps.',
  },
  {
    from: { element: { type: ['web-components', 'web-lib'] } },
    disallow: { to: { element: { type: ['web-feature', 'web-app'] } } },
    message: 'components/ and lib/ sit below features/ and app/: move the shared piece down instead.',
  },
  {
    from: { element: { type: 'web-feature' } },
    disallow: {
      to: [
        { element: { type: 'web-feature', captured: { feature: '!{{ from.element.captured.feature }}' } } },
        { element: { type: 'web-app' } },
      ],
    },
    message:
      'A feature imports neither another feature nor app/: compose features in app/routes, or move the shared piece to components/ or lib/.',
  },
  {
    from: { element: { type: 'api-module' } },
    disallow: {
      to: { element: { type: 'api-module', captured: { module: '!{{ from.element.captured.module }}' } } },
    },
    message:
      'Another module is reached through its service, repository or policy, or a file it declares public (eslint.config.js apiModulePublicFiles), never its internals.',
  },
  {
    from: { element: { type: 'api-module' } },
    allow: { to: { element: { type: 'api-module' }, file: { categories: 'module-public' } } },
  },
  // Tests (and their helpers) may cross the layers of their own app: they render a feature inside
  // the app's providers, or seed one module's data for another's test. Never across apps.
  { from: { ...web, file: { categories: 'test' } }, allow: { to: web } },
  { from: { ...api, file: { categories: 'test' } }, allow: { to: api } },
  {
    from: { file: { categories: 'routes' } },
    disallow: { to: { file: { categories: 'repository' } } },
    message:
      'Routes call services, services call repositories (docs/architecture/overview.md#boundaries): no repository in a route.',
  },
  {
    from: { file: { categories: { allOf: ['source'], noneOf: ['test'] } } },
    disallow: { to: [{ file: { categories: 'test' } }, { element: { type: 'test-support' } }] },
    message: 'Application code never imports test helpers, fixtures or test servers.',
  },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/api/src/db/migrations/**', '.e2e-data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The modals manager mounts at the first interaction; a confirmation opened through
    // Mantine's own `modals` before it listens would be lost. components/deferred/confirm-modal.ts
    // waits for it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/components/deferred/**',
      'apps/web/src/test/**',
      '**/*.test.{ts,tsx}',
      '**/test-utils.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/modals',
              message:
                'Use openConfirmModal from components/deferred/confirm-modal.ts: it waits for the modals manager.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: {
          project: ['tsconfig.json', 'apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
      'boundaries/root-path': root,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/legacy-templates': false,
      'boundaries/legacy-warnings': false,
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', checkInternals: true, policies }],
    },
  },
);

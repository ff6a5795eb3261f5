/**
 * The layer rules of eslint.config.js (docs/architecture/overview.md#boundaries) fire on a violating
 * import and stay quiet on an allowed one. Each case lints one line of code as if it were a file at
 * `file` in the real tree, so the resolver resolves the import against the real files and nothing
 * is written into the source tree.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The boundaries messages for `code` linted as the file `file` (relative to the repo root). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(root, file) });
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal, `${file} must parse`).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

type Case = [file: string, code: string, message: RegExp];

/** One rule: every `violations` case is reported with its message, every `allowed` case is not. */
function rule(name: string, violations: Case[], allowed: [file: string, code: string][]) {
  describe(name, () => {
    it.each(violations)('%s: %s is reported', async (file, code, message) => {
      const errors = await boundaryErrors(file, code);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(message);
    });
    it.each(allowed)('%s: %s is allowed', async (file, code) => {
      expect(await boundaryErrors(file, code)).toEqual([]);
    });
  });
}

const webToApi = /The web never imports the API/;
rule(
  'web ↛ api',
  [
    ['apps/web/src/features/users/api/x.ts', "import '../../../../../api/src/config.ts';", webToApi],
    ['apps/web/src/lib/x.ts', "import '@vbuilder/api/src/config.ts';", webToApi],
    [
      'apps/web/e2e/support/x.ts',
      "import { buildTestApp } from '../../../api/src/test/build-test-app.ts';",
      webToApi,
    ],
    ['apps/web/src/components/x.test.tsx', "import '../../../api/src/lib/clock.ts';", webToApi],
    ['apps/web/vite.config.ts', "const m = await import('../api/src/lib/clock.ts');", webToApi],
  ],
  [
    ['apps/web/src/lib/x.ts', "import { z } from 'zod';"],
    ['apps/web/src/lib/x.ts', "import * as shared from '@vbuilder/shared';"],
    ['apps/web/e2e/support/x.ts', "import '../../../../test-support/fake-openai.ts';"],
  ],
);

rule(
  'api ↛ web',
  [
    ['apps/api/src/lib/x.ts', "import '../../../web/src/lib/format.ts';", /The API never imports the web/],
    [
      'apps/api/src/modules/users/x.test.ts',
      "export * from '@vbuilder/web/src/lib/format.ts';",
      /The API never/,
    ],
  ],
  [['apps/api/src/lib/x.ts', "import * as shared from '@vbuilder/shared';"]],
);

const sharedOnly = /imports nothing but packages\/shared/;
rule(
  'shared and test-support ↛ anything else',
  [
    ['packages/shared/src/x.ts', "import '../../../apps/api/src/lib/clock.ts';", sharedOnly],
    ['packages/shared/src/x.ts', "import '@vbuilder/web/src/lib/format.ts';", sharedOnly],
    ['packages/shared/src/x.test.ts', "import '../../../i18n/spacing.ts';", sharedOnly],
    ['test-support/x.ts', "import '../apps/api/src/lib/clock.ts';", sharedOnly],
    ['test-support/test-lms/x.ts', "import '../../apps/api/src/lib/clock.ts';", sharedOnly],
  ],
  [
    ['packages/shared/src/x.ts', "import './index.ts';"],
    ['test-support/x.ts', "import '@vbuilder/shared';"],
    ['test-support/test-lms/x.ts', "import './claims.ts';"],
    ['test-support/x.ts', "import './free-port.ts';"],
  ],
);

const belowFeatures = /components\/ and lib\/ sit below features\/ and app\//;
rule(
  'web: components/ and lib/ ↛ features/ and app/',
  [
    ['apps/web/src/components/x.tsx', "import '../features/users/api/get-users.ts';", belowFeatures],
    ['apps/web/src/components/forms/x.tsx', "import '../../app/theme.ts';", belowFeatures],
    ['apps/web/src/lib/x.ts', "import '../features/assessments/api/get-assessment.ts';", belowFeatures],
    ['apps/web/src/lib/x.ts', "import '../app/router.tsx';", belowFeatures],
  ],
  [
    ['apps/web/src/components/x.tsx', "import '../lib/format.ts';"],
    // tests render inside the app's providers
    ['apps/web/src/components/x.test.tsx', "import '../app/theme.ts';"],
  ],
);

const noFeature = /A feature imports neither another feature nor app\//;
rule(
  'web: a feature ↛ another feature, ↛ app/',
  [
    [
      'apps/web/src/features/users/components/x.tsx',
      "import '../../assessments/api/get-assessment.ts';",
      noFeature,
    ],
    ['apps/web/src/features/users/x.ts', "export { theme } from '../../app/theme.ts';", noFeature],
  ],
  [
    ['apps/web/src/features/users/components/x.tsx', "import '../api/get-users.ts';"],
    ['apps/web/src/features/users/components/x.tsx', "import '../../../components/app-modal.tsx';"],
    ['apps/web/src/features/users/components/x.tsx', "import '../../../lib/format.ts';"],
    ['apps/web/src/app/routes/x.tsx', "import '../../features/users/api/get-users.ts';"],
  ],
);

const noRepository = /no repository in a route/;
rule(
  'api: routes ↛ repositories',
  [
    ['apps/api/src/modules/users/x.routes.ts', "import './users.repository.ts';", noRepository],
    [
      'apps/api/src/modules/users/x.routes.ts',
      "import '../organizations/organizations.repository.ts';",
      noRepository,
    ],
    ['apps/api/src/modules/x.routes.ts', "import './users/users.repository.ts';", noRepository],
  ],
  [
    ['apps/api/src/modules/users/x.routes.ts', "import './users.service.ts';"],
    ['apps/api/src/modules/users/x.service.ts', "import './users.repository.ts';"],
    ['apps/api/src/modules/users/x.routes.test.ts', "import './users.repository.ts';"],
  ],
);

const crossModule = /Another module is reached through its service, repository or policy/;
rule(
  'api: a module reaches another only through its public surface',
  [
    ['apps/api/src/modules/dashboard/x.ts', "import '../attempts/attempts.marking.ts';", crossModule],
    ['apps/api/src/modules/dashboard/x.service.ts', "import '../users/users.routes.ts';", crossModule],
    ['apps/api/src/modules/dashboard/x.ts', "import '../users/users.import.ts';", crossModule],
  ],
  [
    ['apps/api/src/modules/dashboard/x.service.ts', "import '../users/users.service.ts';"],
    ['apps/api/src/modules/dashboard/x.service.ts', "import '../users/users.repository.ts';"],
    ['apps/api/src/modules/dashboard/x.service.ts', "import '../users/users.policy.ts';"],
    ['apps/api/src/modules/accounts/x.service.ts', "import '../users/users.tokens.ts';"],
    ['apps/api/src/modules/dashboard/x.ts', "import './dashboard.repository.ts';"],
    ['apps/api/src/modules/dashboard/x.test.ts', "import '../attempts/attempts.marking.ts';"],
    ['apps/api/src/app.ts', "import './modules/users/users.routes.ts';"],
  ],
);

const noTestCode = /Application code never imports test helpers, fixtures or test servers/;
rule(
  'application code ↛ test code',
  [
    ['apps/api/src/modules/users/x.service.ts', "import '../assessments/test-helpers.ts';", noTestCode],
    ['apps/api/src/modules/users/x.service.ts', "import '../../test/build-test-app.ts';", noTestCode],
    ['apps/api/src/modules/ai/x.ts', "import '../../../../../test-support/fake-openai.ts';", noTestCode],
    ['apps/web/src/lib/x.ts', "import '../test/providers.tsx';", noTestCode],
    ['packages/shared/src/x.ts', "import '../../../test-support/fake-openai.ts';", noTestCode],
  ],
  [
    ['apps/api/src/modules/users/x.test.ts', "import '../assessments/test-helpers.ts';"],
    ['apps/api/src/modules/ai/x.test.ts', "import '../../../../../test-support/fake-openai.ts';"],
    ['apps/web/src/components/x.test.tsx', "import '../test/providers.tsx';"],
    ['apps/web/playwright.config.ts', "import './e2e/support/env.ts';"],
  ],
);

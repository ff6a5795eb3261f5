import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e/support/env.ts';

/**
 * End-to-end journeys against the real server (API, identity provider, built SPA, embedded
 * database) in the machine's Chromium. global-setup seeds a fresh data folder, with an
 * organization of its own for each spec file, and starts it on a free port.
 *
 * Spec files run side by side (two workers on CI; E2E_WORKERS to choose), each file's tests in
 * order in one worker: a spec's tests may build on its organization's state, never on another's.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || (process.env.CI ? 2 : 1),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../../test-results/e2e.json' }]] : [['list']],
  outputDir: '../../test-results/e2e-artifacts',
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    baseURL: E2E.baseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});

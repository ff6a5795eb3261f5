import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e/support/env.ts';

/**
 * The machine's Chromium: its headless shell (Debian's chromium-headless-shell) when installed, which
 * spends about a third less CPU per journey than the full browser in headless mode (no browser UI, no
 * GPU-process compositing), else the full browser. CHROMIUM_PATH chooses another.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

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
    // A trace records every action's DOM and screenshots: a quarter of a journey's CPU. Recorded on
    // the retry of a failed journey (CI retries once), or for every journey with E2E_TRACE=all.
    trace: process.env.E2E_TRACE === 'all' ? 'retain-on-failure' : 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
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

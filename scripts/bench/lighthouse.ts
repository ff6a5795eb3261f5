/**
 * Lighthouse's mobile audit (its default: a mid-range phone, 4× slower CPU, simulated slow 4G) of a
 * page of a running vbuilder, in the machine's Chromium. Used by the bench
 * (`bench: lighthouse_login`, `bench: lighthouse_attempt`) and by `npm run lighthouse`.
 *
 * For a signed-in page (`signIn`), the student signs in through the login screen in the same
 * Chromium profile that Lighthouse audits over its debugging port, and each run is cold: HTTP cache,
 * service worker and its caches cleared, the session kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { freePort } from '../../test-support/free-port.ts';
import { CHROMIUM_PATH, signInInBrowser } from './browser.ts';

type RunnerResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  /** One line: the scores and the metrics behind them. */
  summary: string;
  result: RunnerResult;
}

export const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function auditPage(options: {
  url: string;
  runs: number;
  signIn?: { origin: string; email: string; password: string };
  chromiumPath?: string;
  /** Called after each run, e.g. to print it at once. */
  onRun?: (run: LighthouseRun, index: number) => void;
}): Promise<LighthouseRun[]> {
  const { signIn } = options;
  // Playwright (to sign in) and Lighthouse (over the debugging port) share one profile, so the
  // audited tab has the student's session.
  const debuggingPort = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'vbuilder-lighthouse-profile-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: options.chromiumPath ?? CHROMIUM_PATH,
    args: [
      `--remote-debugging-port=${debuggingPort}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
    ],
  });
  const driver = browser.pages()[0] ?? (await browser.newPage());

  /** A cold start each run: no HTTP cache, no service worker or its caches; the session stays. */
  async function coldStart(origin: string) {
    await driver.goto(`${origin}/api/health`);
    // As source text: this script is typed for Node, without the browser's globals.
    await driver.evaluate(`(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
      for (const key of await caches.keys()) await caches.delete(key);
    })()`);
    const cdp = await browser.newCDPSession(driver);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }

  async function audit(): Promise<RunnerResult> {
    const result = await lighthouse(options.url, {
      port: debuggingPort,
      // The signed-in screen needs its session: Lighthouse must not clear the origin's storage
      // (coldStart clears the cache and the service worker instead).
      disableStorageReset: Boolean(signIn),
      output: ['html', 'json'],
      onlyCategories: ['performance', 'accessibility'],
      logLevel: 'error',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    return result;
  }

  const runs: LighthouseRun[] = [];
  try {
    if (signIn) await signInInBrowser(driver, signIn.origin, signIn.email, signIn.password);
    for (let index = 0; index < options.runs; index++) {
      if (signIn) await coldStart(signIn.origin);
      let result = await audit();
      // A trace that lost its navigation start (NO_NAVSTART, now and then on the first run in a
      // fresh profile) is a failed recording, not a score of 0: Lighthouse asks to run it again.
      for (let retry = 0; retry < 2 && result.lhr.runtimeError; retry++) {
        if (signIn) await coldStart(signIn.origin);
        result = await audit();
      }
      const { categories, audits, runtimeError } = result.lhr;
      const metric = (id: string) => audits[id]?.displayValue ?? '?';
      const run: LighthouseRun = {
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        summary:
          (runtimeError ? `Lighthouse could not measure: ${runtimeError.code}; ` : '') +
          `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
          `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, ` +
          `SI ${metric('speed-index')}; load ${os.loadavg()[0]!.toFixed(2)}`,
        result,
      };
      runs.push(run);
      options.onRun?.(run, index);
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return runs;
}

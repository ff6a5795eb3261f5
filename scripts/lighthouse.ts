/**
 * `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone, 4× slower CPU,
 * simulated slow 4G) of the public landing page `/`, in the machine's Chromium, against the built
 * app served as `npm start` serves it. Prints performance and accessibility for each run and the
 * median; exits 1 when a median is under the target (95 for the landing page, issue 14; 90 for the
 * login and the attempt screen, issue 15). Not part of `npm test`: its figures depend on the
 * machine's load, so it is a measurement to run on purpose, not a gate every change waits for.
 *
 *   npm run lighthouse                      # builds if needed, starts the app on a free port
 *   npm run lighthouse -- --path /login --runs 5
 *   npm run lighthouse -- --screen attempt  # a student's attempt in progress (seeded, signed in)
 *   npm run lighthouse -- --url http://localhost:3000/login --runs 5
 *   npm run lighthouse -- --web-dist /tmp/web   # a build made elsewhere (vite build --outDir)
 *
 * `--screen attempt` seeds the bench's exam (40 questions, every type; scripts/bench/setup.ts) with
 * a student's attempt in progress before the app starts, signs the student in through the login
 * screen in the same Chromium, and audits the attempt screen cold each run (HTTP cache and service
 * worker cleared, the session kept).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';
import { freePort } from '../test-support/free-port.ts';
import { signInInBrowser } from './bench/browser.ts';
import { seedBench, SIGN_IN_PASSWORD } from './bench/setup.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    path: { type: 'string', default: '/' },
    screen: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'web-dist': { type: 'string' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer at ${url} within 2 minutes`);
}

/**
 * Starts the app as `npm start` does (scripts/start.ts builds when the build is stale) on a fresh
 * database; or, given --web-dist, the server alone on that build.
 */
async function startApp(
  webDist: string | undefined,
  seed: boolean,
): Promise<{ origin: string; stop: () => void; attemptPath?: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vbuilder-lighthouse-'));
  const origin = `http://localhost:${port}`;
  let attemptPath: string | undefined;
  if (seed) {
    // Before the server: the embedded database is locked by the process that opens it.
    const data = await seedBench(
      { DATA_DIR: dataDir, PUBLIC_URL: origin },
      { autosave: 1, starters: 0, signers: 0, exportStudents: 0 },
      (line) => console.log(`seed: ${line}`),
    );
    const student = data.autosave[0]!;
    attemptPath = `/account/user/${student.id}/quiz/${data.examId}?attempt=${student.attemptId}`;
  }
  const entry = webDist ? 'apps/api/src/server.ts' : 'scripts/start.ts';
  const server = spawn(process.execPath, [path.join(root, entry)], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      PUBLIC_URL: origin,
      ...(webDist ? { WEB_DIST: path.resolve(webDist) } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForServer(`${origin}/api/health`, server);
  return {
    origin,
    attemptPath,
    stop: () => {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const attempt = values.screen === 'attempt';
if (values.screen && !attempt) throw new Error(`--screen ${values.screen}: only 'attempt' is known`);
if (attempt && values.url) throw new Error('--screen attempt seeds its own app: leave out --url');
const app = values.url ? undefined : await startApp(values['web-dist'], attempt);
const url = values.url ?? `${app!.origin}${attempt ? app!.attemptPath : values.path}`;
const TARGET = attempt || new URL(url).pathname !== '/' ? 90 : 95;

// Chromium driven by Playwright (to sign in) and audited by Lighthouse over its debugging port, in
// one profile, so the audited tab has the student's session.
const debuggingPort = await freePort();
const profile = mkdtempSync(path.join(os.tmpdir(), 'vbuilder-lighthouse-profile-'));
const browser: BrowserContext = await chromium.launchPersistentContext(profile, {
  executablePath: values.chromium,
  args: [
    `--remote-debugging-port=${debuggingPort}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
  ],
});
const driver = browser.pages()[0] ?? (await browser.newPage());
if (attempt) await signInInBrowser(driver, app!.origin, 'autosave1@bench-high.test', SIGN_IN_PASSWORD);

/** A cold start each run: no HTTP cache, no service worker or its caches; the session stays. */
async function coldStart() {
  if (!attempt) return;
  await driver.goto(`${app!.origin}/api/health`);
  // As source text: this script is typed for Node, without the browser's globals.
  await driver.evaluate(`(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  })()`);
  const cdp = await browser.newCDPSession(driver);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

const reportDir = path.join(root, 'test-results/lighthouse');
if (!existsSync(reportDir)) mkdirSync(reportDir, { recursive: true });

const performance: number[] = [];
const accessibility: number[] = [];
try {
  console.log(
    `Lighthouse (mobile) on ${url}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (let run = 1; run <= Number(values.runs); run++) {
    await coldStart();
    const result = await lighthouse(url, {
      port: debuggingPort,
      // The signed-in screen needs its session: Lighthouse must not clear the origin's storage
      // (coldStart clears the cache and the service worker instead).
      disableStorageReset: attempt,
      output: ['html', 'json'],
      onlyCategories: ['performance', 'accessibility'],
      logLevel: 'error',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError)
      console.log(`run ${run}: Lighthouse could not measure: ${runtimeError.code} ${runtimeError.message}`);
    const perf = Math.round((categories.performance?.score ?? 0) * 100);
    const a11y = Math.round((categories.accessibility?.score ?? 0) * 100);
    performance.push(perf);
    accessibility.push(a11y);
    const metric = (id: string) => audits[id]?.displayValue ?? '?';
    console.log(
      `run ${run}: performance ${perf}, accessibility ${a11y} — FCP ${metric('first-contentful-paint')}, ` +
        `LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, ` +
        `CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}; ` +
        `load ${os.loadavg()[0]!.toFixed(2)}`,
    );
    if (run === 1) {
      const [htmlReport, jsonReport] = result.report as string[];
      writeFileSync(path.join(reportDir, 'report.html'), htmlReport!);
      writeFileSync(path.join(reportDir, 'report.json'), jsonReport!);
      for (const [id, audit] of Object.entries(audits)) {
        if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
          console.log(`  to look at: ${id} (${audit.score}) ${audit.displayValue ?? ''}`);
        }
      }
    }
  }
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
  app?.stop();
}

const perf = median(performance);
const a11y = median(accessibility);
console.log(
  `median: performance ${perf}, accessibility ${a11y} (target ${TARGET}); report in test-results/lighthouse/`,
);
if (perf < TARGET || a11y < TARGET) process.exitCode = 1;

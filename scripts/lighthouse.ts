/**
 * `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone, 4× slower CPU,
 * simulated slow 4G) of the public landing page `/`, in the machine's Chromium, against the built
 * app served as `npm start` serves it. Prints performance and accessibility for each run and the
 * median; exits 1 when a median is under the target (95). Not part of `npm test`: its figures depend
 * on the machine's load, so it is a measurement to run on purpose, not a gate every change waits for.
 *
 *   npm run lighthouse                      # builds if needed, starts the app on a free port
 *   npm run lighthouse -- --url http://localhost:3000/login --runs 5
 *   npm run lighthouse -- --web-dist /tmp/web   # a build made elsewhere (vite build --outDir)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../test-support/free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = 95;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    path: { type: 'string', default: '/' },
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
async function startApp(webDist: string | undefined): Promise<{ origin: string; stop: () => void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vbuilder-lighthouse-'));
  const entry = webDist ? 'apps/api/src/server.ts' : 'scripts/start.ts';
  const server = spawn(process.execPath, [path.join(root, entry)], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...(webDist ? { WEB_DIST: path.resolve(webDist) } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://localhost:${port}`;
  await waitForServer(`${origin}/api/health`, server);
  return {
    origin,
    stop: () => {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const app = values.url ? undefined : await startApp(values['web-dist']);
const url = values.url ?? `${app!.origin}${values.path}`;
const chrome = await chromeLauncher.launch({
  chromePath: values.chromium,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

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
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ['html', 'json'],
      onlyCategories: ['performance', 'accessibility'],
      logLevel: 'error',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
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
  chrome.kill();
  app?.stop();
}

const perf = median(performance);
const a11y = median(accessibility);
console.log(
  `median: performance ${perf}, accessibility ${a11y} (target ${TARGET}); report in test-results/lighthouse/`,
);
if (perf < TARGET || a11y < TARGET) process.exitCode = 1;

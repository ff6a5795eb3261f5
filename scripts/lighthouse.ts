/**
 * `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone, 4× slower CPU,
 * simulated slow 4G) of the public landing page `/`, in the machine's Chromium, against the built
 * app served as `npm start` serves it. Prints performance and accessibility for each run and the
 * median; exits 1 when a median is under the target (95 for the landing page; 90 for the
 * login and the attempt screen). Not part of `npm test`: its figures depend on the
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
import { freePort } from '../test-support/free-port.ts';
import { auditPage, medianOf } from './bench/lighthouse.ts';
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

const attempt = values.screen === 'attempt';
if (values.screen && !attempt) throw new Error(`--screen ${values.screen}: only 'attempt' is known`);
if (attempt && values.url) throw new Error('--screen attempt seeds its own app: leave out --url');
const app = values.url ? undefined : await startApp(values['web-dist'], attempt);
const url = values.url ?? `${app!.origin}${attempt ? app!.attemptPath : values.path}`;
const TARGET = attempt || new URL(url).pathname !== '/' ? 90 : 95;

const reportDir = path.join(root, 'test-results/lighthouse');
if (!existsSync(reportDir)) mkdirSync(reportDir, { recursive: true });

let performance: number[] = [];
let accessibility: number[] = [];
try {
  console.log(
    `Lighthouse (mobile) on ${url}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const runs = await auditPage({
    url,
    runs: Number(values.runs),
    chromiumPath: values.chromium,
    signIn: attempt
      ? { origin: app!.origin, email: 'autosave1@bench-high.test', password: SIGN_IN_PASSWORD }
      : undefined,
    onRun: (run, index) => {
      console.log(
        `run ${index + 1}: performance ${run.performance}, accessibility ${run.accessibility} — ${run.summary}`,
      );
      const [htmlReport, jsonReport] = run.result.report as string[];
      writeFileSync(path.join(reportDir, `report-${index + 1}.html`), htmlReport!);
      writeFileSync(path.join(reportDir, `report-${index + 1}.json`), jsonReport!);
      // The unthrottled trace the simulation started from (Chromium's DevTools open it): what each
      // task the simulated Total Blocking Time counts was busy with.
      const { Trace } = run.result.artifacts as { Trace?: unknown };
      if (Trace) writeFileSync(path.join(reportDir, `trace-${index + 1}.json`), JSON.stringify(Trace));
      if (index > 0) return;
      for (const [id, audit] of Object.entries(run.result.lhr.audits)) {
        if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
          console.log(`  to look at: ${id} (${audit.score}) ${audit.displayValue ?? ''}`);
        }
      }
    },
  });
  performance = runs.map((run) => run.performance);
  accessibility = runs.map((run) => run.accessibility);
} finally {
  app?.stop();
}

const perf = medianOf(performance);
const a11y = medianOf(accessibility);
console.log(
  `median: performance ${perf}, accessibility ${a11y} (target ${TARGET}); reports and traces in test-results/lighthouse/{report-N.html,report-N.json,trace-N.json}`,
);
if (perf < TARGET || a11y < TARGET) process.exitCode = 1;

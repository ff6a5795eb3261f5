/**
 * `npm test`: every check a change must pass, in order of speed —
 * typecheck, lint and the production build side by side, unit/component/API tests on PGlite,
 * the API tests again on PostgreSQL, and the Playwright journeys in Chromium. Ends with one line
 * "N passed, N failed" counting every test that ran.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
const isCI = process.env.CI === 'true' || process.env.CI === '1';
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e` to run some steps

let passed = 0;
let failed = 0;
const failures: string[] = [];
/** Each step's wall time, written to test-results/steps.json so a slow step shows up in CI's files. */
const steps: { step: string; seconds: number; ok: boolean }[] = [];
const suiteStarted = Date.now();

function recordStep(step: string, started: number, ok: boolean) {
  steps.push({ step, seconds: Math.round((Date.now() - started) / 100) / 10, ok });
}

/** Runs one step; an env value of undefined removes that variable for the step. */
function run(step: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${step}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const stepEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete stepEnv[key];
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: stepEnv });
  const ok = res.status === 0;
  recordStep(step, started, ok);
  console.log(
    `=== ${step}: ${ok ? 'ok' : `FAILED (exit ${res.status ?? res.signal})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (!ok) failures.push(step);
  return ok;
}

/** Adds a Vitest JSON report's counts to the totals. */
function countVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}

/** Adds a Playwright JSON report's counts to the totals (flaky = passed on retry). */
function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
}

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432), timeout: 2000 });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const wants = (step: string) => only.length === 0 || only.includes(step);

/**
 * Vitest's workers: one more than the cores. Its default keeps a core for its own process, one
 * worker on a 2-core CI machine; but that process is mostly idle once the files are transformed,
 * and some files wait on child servers, SMTP peers and job polls while their worker holds no CPU.
 * Measured on 2 cores: the PGlite step took 314 s with 2 workers, 244 s with 3 and 251 s with 4
 * (the PostgreSQL step 116 s with 2 or 3).
 */
const vitestWorkers = `--maxWorkers=${availableParallelism() + 1}`;

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/**
 * Runs steps side by side (tsc and eslint are single-threaded; the build mostly so), printing each
 * one's output whole when it ends so the log stays readable.
 */
async function runTogether(steps: { step: string; command: string; args: string[] }[]) {
  await Promise.all(
    steps.map(
      ({ step, command, args }) =>
        new Promise<void>((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
          const output: Buffer[] = [];
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          child.on('close', (code, signal) => {
            console.log(`\n=== ${step}: ${command} ${args.join(' ')}`);
            process.stdout.write(Buffer.concat(output));
            const ok = code === 0;
            recordStep(step, started, ok);
            console.log(
              `=== ${step}: ${ok ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
            );
            if (!ok) failures.push(step);
            resolve();
          });
        }),
    ),
  );
}

// The build only serves the journeys at the end, but it is done here, next to the typecheck and
// the lint (it writes only ignored folders: apps/web/dist and apps/web/sourcemaps).
const BUILD = 'web build';
await runTogether([
  ...[
    { step: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] },
    { step: 'lint', command: 'npm', args: ['run', '-s', 'lint'] },
  ].filter(({ step }) => wants(step)),
  ...(wants('e2e') ? [{ step: BUILD, command: 'npm', args: ['run', '-s', 'build'] }] : []),
]);

if (wants('unit')) {
  const file = path.join(results, 'vitest-pglite.json');
  // On the embedded database whatever the caller set (.ci/run exports TEST_DATABASE_URL for the
  // next step): this step is the PGlite run, and the CLI tests only run here.
  run(
    'unit, component and API tests (PGlite)',
    'npx',
    ['vitest', 'run', vitestWorkers, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    { TEST_DATABASE_URL: undefined },
  );
  countVitest(file);
}

if (wants('postgres')) {
  if (await reachable(postgresUrl)) {
    const file = path.join(results, 'vitest-postgres.json');
    run(
      'API tests (PostgreSQL)',
      'npx',
      [
        'vitest',
        'run',
        vitestWorkers,
        '--project',
        'api',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${file}`,
      ],
      { TEST_DATABASE_URL: postgresUrl },
    );
    countVitest(file);
  } else if (isCI) {
    console.log(`\nPostgreSQL is not reachable at ${postgresUrl}: CI requires it.`);
    failures.push('API tests (PostgreSQL): server not reachable');
  } else {
    console.log(`\nPostgreSQL is not reachable at ${postgresUrl}: API tests ran on PGlite only.`);
  }
}

if (wants('e2e')) {
  if (!failures.includes(BUILD)) {
    const file = path.join(results, 'e2e.json');
    run(
      'end-to-end journeys (Chromium)',
      'npx',
      ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'],
      {
        CI: 'true',
      },
    );
    countPlaywright(file);
  }
}

const totalSeconds = Math.round((Date.now() - suiteStarted) / 100) / 10;
writeFileSync(
  path.join(results, 'steps.json'),
  `${JSON.stringify({ totalSeconds, cores: availableParallelism(), steps }, null, 2)}\n`,
);
console.log('');
for (const { step, seconds, ok } of steps)
  console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${seconds.toFixed(0).padStart(5)} s  ${step}`);
console.log(`  total ${totalSeconds.toFixed(0)} s (test-results/steps.json)`);
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);

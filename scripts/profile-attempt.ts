/**
 * `npm run profile:attempt`: where the attempt screen's main-thread time goes on a cold load (issue
 * 15, the Lighthouse target). It seeds the bench's exam (40 questions, every type) with a student's
 * attempt in progress, serves a build, signs the student in through the login screen, then opens
 * the attempt cold with the CPU slowed as Lighthouse's mobile audit does (4×) and records a CPU
 * profile. It prints the React commits, the self time per package or source file (mapped through
 * the build's source maps in apps/web/sourcemaps), and each long task with the frames it spent its
 * time in, which is what Lighthouse's Total Blocking Time adds up. Not part of `npm test`.
 *
 *   npm run build && npm run profile:attempt
 *   npm run profile:attempt -- --web-dist /tmp/web --desktop --min-task 50
 *
 * The profile is also written to test-results/attempt.cpuprofile (Chromium's DevTools open it).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { freePort } from '../test-support/free-port.ts';
import { CHROMIUM_PATH, signInInBrowser, waitForAttemptScreen } from './bench/browser.ts';
import { waitForHealth } from './bench/processes.ts';
import { seedBench, SIGN_IN_PASSWORD } from './bench/setup.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    'web-dist': { type: 'string', default: path.join(root, 'apps/web/dist') },
    desktop: { type: 'boolean', default: false },
    cpu: { type: 'string', default: '4' },
    'min-task': { type: 'string', default: '50' },
  },
});
const webDist = path.resolve(values['web-dist']);
const mapsDir = path.join(root, 'apps/web/sourcemaps/assets');
if (!existsSync(path.join(webDist, 'index.html')))
  throw new Error(`no build in ${webDist}: run npm run build`);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

async function recordProfile(): Promise<{ profile: CpuProfile; commits: number[]; readyMs: number }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vbuilder-profile-'));
  const origin = `http://localhost:${port}`;
  const data = await seedBench(
    { DATA_DIR: dataDir, PUBLIC_URL: origin },
    { autosave: 1, starters: 0, signers: 0, exportStudents: 0 },
    () => undefined,
  );
  const student = data.autosave[0]!;
  const server = spawn(process.execPath, [path.join(root, 'apps/api/src/server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      PUBLIC_URL: origin,
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  try {
    await waitForHealth(origin, server, 120_000);
    const context = await browser.newContext({
      serviceWorkers: 'block',
      locale: 'en-US',
      ...(values.desktop ? {} : { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }),
    });
    const signIn = await context.newPage();
    // The bench's first autosave student (scripts/bench/setup.ts names them so), as Lighthouse's attempt audit.
    await signInInBrowser(signIn, origin, 'autosave1@bench-high.test', SIGN_IN_PASSWORD);
    await signIn.goto('about:blank');
    const page = await context.newPage();
    // A stand-in for React DevTools' hook: React reports each commit to it, also in production.
    await page.addInitScript(`(() => {
      const commits = [];
      window.__profileCommits = commits;
      window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true, renderers: new Map(), isDisabled: false,
        inject: () => 1, checkDCE: () => {}, onScheduleFiberRoot: () => {},
        onCommitFiberRoot: () => commits.push(Math.round(performance.now())),
        onCommitFiberUnmount: () => {}, onPostCommitFiberRoot: () => {},
      };
    })()`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.cpu) });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const started = Date.now();
    await page.goto(`${origin}/account/user/${student.id}/quiz/${data.examId}?attempt=${student.attemptId}`);
    await waitForAttemptScreen(page);
    const readyMs = Date.now() - started;
    // The first seconds after: effects, late chunks and the timer's ticks.
    await page.waitForTimeout(4000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const commits = (await page.evaluate('window.__profileCommits')) as number[];
    return { profile, commits, readyMs };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Names a profile node by its original source (package or file, and line) through the build's source maps. */
function sourceNamer() {
  const consumers = new Map<string, SourceMapConsumer | null>();
  return (node: ProfileNode): { name: string; source: string } => {
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    if (!url.includes('/assets/'))
      return { name: functionName || '(anonymous)', source: `(${functionName || 'native'})` };
    const file = path.basename(new URL(url).pathname);
    if (!consumers.has(file)) {
      const map = path.join(mapsDir, `${file}.map`);
      consumers.set(
        file,
        existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : null,
      );
    }
    const position = consumers.get(file)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
    if (!position?.source) return { name: `${functionName} ${file}`, source: file };
    const where = position.source.replace(/^.*node_modules\//, '').replace(/^.*apps\/web\//, '');
    const pkg = position.source.includes('node_modules/')
      ? where.replace(/^((@[^/]+\/)?[^/]+).*/, '$1')
      : where;
    return { name: `${position.name ?? functionName} ${where}:${position.line}`, source: pkg };
  };
}

const { profile, commits, readyMs } = await recordProfile();
const outDir = path.join(root, 'test-results');
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'attempt.cpuprofile'), JSON.stringify(profile));

const name = sourceNamer();
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const named = new Map<number, { name: string; source: string }>();
const nameOf = (id: number) => {
  if (!named.has(id)) named.set(id, name(nodes.get(id)!));
  return named.get(id)!;
};

const bySource = new Map<string, number>();
interface Task {
  start: number;
  ms: number;
  frames: Map<string, number>;
}
const tasks: Task[] = [];
let task: Task | null = null;
let time = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  const delta = profile.timeDeltas[i] ?? 0;
  time += delta;
  const leaf = profile.samples[i]!;
  const { source, name: leafName } = nameOf(leaf);
  bySource.set(source, (bySource.get(source) ?? 0) + delta / 1000);
  // The main thread is idle between tasks.
  if (leafName === '(idle)') {
    if (task) tasks.push(task);
    task = null;
    continue;
  }
  task ??= { start: (time - profile.startTime) / 1000, ms: 0, frames: new Map() };
  task.ms += delta / 1000;
  const seen = new Set<string>();
  for (let id: number | undefined = leaf; id !== undefined; id = parents.get(id)) {
    const frame = nameOf(id).name;
    if (seen.has(frame) || !/src\/|@mantine|zod|i18next|react-router|@tanstack/.test(frame)) continue;
    seen.add(frame);
    task.frames.set(frame, (task.frames.get(frame) ?? 0) + delta / 1000);
  }
}
if (task) tasks.push(task);

const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
console.log(
  `${values.desktop ? 'desktop' : 'phone'}, CPU ${values.cpu}× slower; load average ${os.loadavg()[0]!.toFixed(2)}`,
);
console.log(
  `attempt screen up after ${readyMs} ms; ${commits.length} React commits at ${commits.join(', ')} ms`,
);
console.log('\nself time by package or source:');
for (const [source, total] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${ms(total)}  ${source}`);
}
const long = tasks.filter((t) => t.ms >= Number(values['min-task']));
console.log(
  `\n${long.length} tasks of ${values['min-task']} ms or more (${ms(long.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0)).trim()} over 50 ms in all):`,
);
for (const t of long) {
  console.log(`\n  at ${t.start.toFixed(0)} ms, ${t.ms.toFixed(0)} ms:`);
  for (const [frame, total] of [...t.frames].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    console.log(`  ${ms(total)}  ${frame}`);
  }
}

/**
 * `npm run profile:attempt`: where the attempt screen's main-thread time goes on a cold load
 * (docs/performance.md). It seeds the bench's exam (40 questions, every type) with a student's
 * attempt in progress, serves a build, signs the student in through the login screen, then opens
 * the attempt cold with the CPU slowed as Lighthouse's mobile audit does (4×) and records a CPU
 * profile. It prints the page's requests, each React commit with the components that rendered in
 * it, the Largest Contentful Paint candidates, the long animation frames (their blocking time is
 * about what Lighthouse's Total Blocking Time adds up), the self time per package or source file
 * (mapped through the build's source maps in apps/web/sourcemaps), and each long task with the
 * frames it spent its time in and how much of it was a React render that could not be sliced.
 * Not part of `npm test`.
 *
 *   npm run build && npm run profile:attempt
 *   npm run profile:attempt -- --web-dist /tmp/web --desktop --min-task 50
 *   # components by name: a build without minifying (its maps replace apps/web/sourcemaps)
 *   (cd apps/web && npx vite build --minify false --outDir /tmp/web-named) && \
 *     npm run profile:attempt -- --web-dist /tmp/web-named
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

interface Request {
  name: string;
  start: number;
  end: number;
  bytes: number;
}
/** What the page itself observed (PAGE_PROBES), in ms since the navigation. */
interface Probes {
  /** Each React commit and the components that rendered in it (name: count). */
  commits: { at: number; rendered: number; top: string }[];
  /** Largest Contentful Paint candidates: the last one is the page's LCP. */
  paints: { at: number; size: number; what: string }[];
  /** Long animation frames: their blocking time adds up to about what Lighthouse's TBT counts. */
  frames: { at: number; ms: number; blocking: number; scripts: string[] }[];
}

/**
 * Runs in the page before its own code. A stand-in for React DevTools' hook (React reports each
 * commit to it, also in production): it walks the committed tree the way DevTools does, descending
 * only where a subtree changed, and counts the components that rendered (PerformedWork flag). Names
 * are readable in a build made with `vite build --minify false`.
 */
const PAGE_PROBES = `(() => {
  const probes = { commits: [], paints: [], frames: [] };
  window.__probes = probes;
  const nameOf = (type) => type.displayName || type.name || (type.render && (type.render.displayName || type.render.name))
    || (type.type && (type.type.displayName || type.type.name)) || '?';
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), isDisabled: false,
    inject: () => 1, checkDCE: () => {}, onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {}, onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (id, root) => {
      const counts = {};
      let rendered = 0;
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        const component = typeof fiber.type === 'function' || (fiber.type && typeof fiber.type === 'object');
        if (component && (fiber.flags & 1) === 1) {
          rendered++;
          counts[nameOf(fiber.type)] = (counts[nameOf(fiber.type)] || 0) + 1;
        }
        if (fiber.child && (!fiber.alternate || fiber.child !== fiber.alternate.child)) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
      const top = Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => k + ' ' + v).join(', ');
      probes.commits.push({ at: Math.round(performance.now()), rendered, top });
    },
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      const what = el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + (el.textContent || '').trim().slice(0, 50) + '"' : '(removed)';
      probes.paints.push({ at: Math.round(entry.startTime), size: entry.size, what });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.blockingDuration <= 0) continue;
      probes.frames.push({ at: Math.round(e.startTime), ms: Math.round(e.duration), blocking: Math.round(e.blockingDuration),
        scripts: e.scripts.map((s) => s.invoker + ' ' + Math.round(s.duration) + ' ms') });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
})()`;

async function recordProfile(): Promise<{
  profile: CpuProfile;
  probes: Probes;
  requests: Request[];
  readyMs: number;
}> {
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
    await page.addInitScript(PAGE_PROBES);
    // What the page says (warnings, errors, a console.time of one's own) comes with the figures.
    page.on('console', (message) => console.log(`[page ${message.type()}] ${message.text()}`));
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
    const probes = (await page.evaluate('window.__probes')) as Probes;
    const requests = (await page.evaluate(`performance.getEntriesByType('resource').map((r) => ({
      name: new URL(r.name).pathname + new URL(r.name).search, start: Math.round(r.startTime),
      end: Math.round(r.responseEnd), bytes: r.transferSize }))`)) as Request[];
    return { profile, probes, requests, readyMs };
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

const { profile, probes, requests, readyMs } = await recordProfile();
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
  syncRenderMs: number;
}
const tasks: Task[] = [];
const inSyncRender = (leaf: number) => {
  for (let id: number | undefined = leaf; id !== undefined; id = parents.get(id)) {
    if (/^(renderRootSync|workLoopSync) /.test(nameOf(id).name)) return true;
  }
  return false;
};
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
  task ??= { start: (time - profile.startTime) / 1000, ms: 0, frames: new Map(), syncRenderMs: 0 };
  // React's renders that cannot be sliced (an update outside a transition: a timer's, a store's).
  if (inSyncRender(leaf)) task.syncRenderMs += delta / 1000;
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
console.log(`attempt screen up after ${readyMs} ms`);
console.log('\nrequests (start → end, bytes on the wire):');
for (const r of requests)
  console.log(`${ms(r.start)} → ${ms(r.end).trim()}  ${String(r.bytes).padStart(7)} B  ${r.name}`);
console.log('\nReact commits (components rendered):');
for (const c of probes.commits) console.log(`${ms(c.at)}  ${String(c.rendered).padStart(4)}  ${c.top}`);
console.log('\nlargest contentful paint candidates (the last is the LCP):');
for (const p of probes.paints) console.log(`${ms(p.at)}  ${String(p.size).padStart(7)} px²  ${p.what}`);
const blocking = probes.frames.reduce((sum, f) => sum + f.blocking, 0);
console.log(`\nlong animation frames (${blocking} ms blocking in all):`);
for (const f of probes.frames)
  console.log(`${ms(f.at)}  ${ms(f.ms).trim()}, ${f.blocking} ms blocking: ${f.scripts.join('; ')}`);
console.log('\nself time by package or source:');
for (const [source, total] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${ms(total)}  ${source}`);
}
const long = tasks.filter((t) => t.ms >= Number(values['min-task']));
console.log(
  `\n${long.length} tasks of ${values['min-task']} ms or more (${ms(long.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0)).trim()} over 50 ms in all):`,
);
for (const t of long) {
  const sync =
    t.syncRenderMs >= 1
      ? ` (${t.syncRenderMs.toFixed(0)} ms of it a React render that cannot be sliced)`
      : '';
  console.log(`\n  at ${t.start.toFixed(0)} ms, ${t.ms.toFixed(0)} ms${sync}:`);
  for (const [frame, total] of [...t.frames].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    console.log(`  ${ms(total)}  ${frame}`);
  }
}

import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { RunningServer } from './processes.ts';
import type { StatementCounter } from './pg-counter.ts';

/** What one measured run gives; absent figures were not measurable for that system. */
export interface Figures {
  [name: string]: number | undefined;
}

// Revisions only grow for the whole run: every system writes the same answer rows in turn, and a
// save with a revision not above the stored one is (rightly) not written.
let revision = 1_000;

export interface AutosaveTarget {
  server: RunningServer;
  students: Array<{ token: string; attemptId: string }>;
  question: { id: string; answer: unknown };
  counter?: StatementCounter;
}

/**
 * Autosave at `connections` connections for `seconds`: each connection is one student saving the
 * same question again and again with a new revision, as a student's tab does while typing.
 */
export async function autosave(
  target: AutosaveTarget,
  connections: number,
  seconds: number,
): Promise<Figures> {
  const { server, students, question } = target;
  let nextStudent = 0;
  const run = (duration: number) =>
    autocannon({
      url: server.url,
      connections,
      duration,
      requests: [
        {
          method: 'PUT',
          setupRequest: (request, context) => {
            const state = context as { student?: AutosaveTarget['students'][number] };
            state.student ??= students[nextStudent++ % students.length];
            const student = state.student!;
            return {
              ...request,
              path: `/api/attempts/${student.attemptId}/answers/${question.id}`,
              headers: { authorization: `Bearer ${student.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                answer: question.answer,
                revision: ++revision,
                idempotencyKey: randomUUID(),
              }),
            };
          },
        },
      ],
    });
  // A server that just started compiles its hot path and fills its pool and caches on its first
  // thousand requests; on exam day it has long been warm. One unmeasured second at the same load
  // first (before the CPU and statement counts are read), so the figures are the steady state's
  // and every system is measured alike.
  await run(1);
  const cpuBefore = server.cpuMs();
  const statementsBefore = target.counter?.statements() ?? 0;
  const result = await run(seconds);
  const saves = result.requests.total;
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu_ms_per_save: saves ? (server.cpuMs() - cpuBefore) / saves : undefined,
    statements_per_save:
      target.counter && saves ? (target.counter.statements() - statementsBefore) / saves : undefined,
    errors: failed,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/**
 * `calls` calls spread evenly over `windowMs` (a class starting, submitting or signing in "at
 * 9:00"), each timed from its own start; connection failures (nothing answered) are counted apart
 * from HTTP errors.
 */
export async function burst(
  calls: number,
  windowMs: number,
  call: (index: number) => Promise<Response | void>,
): Promise<Figures> {
  const latencies: number[] = [];
  let httpErrors = 0;
  let connectionFailures = 0;
  const firstError: string[] = [];
  const began = performance.now();
  await Promise.all(
    Array.from({ length: calls }, async (_, index) => {
      await new Promise((r) => setTimeout(r, (index * windowMs) / calls));
      const start = performance.now();
      try {
        const res = await call(index);
        if (res && !res.ok) {
          httpErrors += 1;
          if (!firstError.length) firstError.push(`${res.status} ${await res.text()}`);
        } else if (res) await res.arrayBuffer();
        latencies.push(performance.now() - start);
      } catch (err) {
        connectionFailures += 1;
        if (!firstError.length) firstError.push(String((err as Error).cause ?? err));
      }
    }),
  );
  const total = performance.now() - began;
  if (firstError.length) console.log(`    first failure: ${firstError[0]!.slice(0, 200)}`);
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies.at(-1),
    total_s: total / 1000,
    errors: httpErrors,
    connection_failures: connectionFailures,
  };
}

/** One download timed, with the server's resident memory sampled while it runs (peak above the start). */
export async function download(server: RunningServer, path: string, token: string): Promise<Figures> {
  const before = server.rssMiB();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssMiB());
  }, 20);
  const start = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = (await res.arrayBuffer()).byteLength;
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, server.rssMiB());
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return { ms, kib: bytes / 1024, memory_mib: peak - before };
}

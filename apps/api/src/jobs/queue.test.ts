import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/build-test-app.ts';

/**
 * The job queue on the test's database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a job sent
 * inside a transaction exists only if it commits; an id makes a send idempotent; drain() runs what
 * is ready, once, and a handler that throws leaves its job to be retried later.
 */

let database: Database;
let app: FastifyInstance;
const ran: string[] = [];
let failNext = false;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3999',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    }),
    { logger: false, database },
  );
  app.jobs.handle<{ label: string }>('queue-test', async ({ label }) => {
    if (failNext) {
      failNext = false;
      throw new Error('not now');
    }
    ran.push(label);
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => {
  ran.length = 0;
});

const stateOf = async (label: string) => {
  const result = (await app.db.execute(
    sql`select state from pgboss.job where name = 'queue-test' and data->>'label' = ${label}`,
  )) as unknown as { rows: { state: string }[] };
  return result.rows.map((r) => r.state);
};

describe('the job queue', () => {
  it('keeps a job sent in a transaction only when the transaction commits', async () => {
    await app.db.transaction(async (tx) => {
      await app.jobs.send('queue-test', { label: 'committed' }, { tx });
    });
    await expect(
      app.db.transaction(async (tx) => {
        await app.jobs.send('queue-test', { label: 'rolled back' }, { tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    await app.jobs.drain();
    expect(ran).toEqual(['committed']);
    expect(await stateOf('rolled back')).toEqual([]);
    expect(await stateOf('committed')).toEqual(['completed']);
  });

  it('adds nothing when a job with the same id was sent already', async () => {
    const id = crypto.randomUUID();
    await app.jobs.send('queue-test', { label: 'once' }, { id });
    await app.jobs.send('queue-test', { label: 'once' }, { id });
    await app.jobs.drain();
    expect(ran).toEqual(['once']);
  });

  it('waits for a job due later, and keeps a failed one for a retry after its delay', async () => {
    await app.jobs.send('queue-test', { label: 'later' }, { startAfter: new Date(Date.now() + 60_000) });
    failNext = true;
    await app.jobs.send('queue-test', { label: 'flaky' });
    await app.jobs.drain();
    expect(ran).toEqual([]);
    expect(await stateOf('later')).toEqual(['created']);
    expect(await stateOf('flaky')).toEqual(['retry']);

    // Its back-off (1 to 2 s for the first retry in tests) over, the retry runs it.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    await app.jobs.drain();
    expect(ran).toEqual(['flaky']);
  });
});

/**
 * Workers on, as in production: the polls are set far apart (25 s when notified, the
 * notification-less one 5 s) so that only a wake-up can explain a job that ran within seconds.
 */
describe('the job queue with workers', () => {
  let working: FastifyInstance;
  let workingDb: Database;
  const done: { label: string; at: number }[] = [];
  /** The periodic task's runs: when each started and ended, and whether it threw. */
  const periodic: { start: number; end: number }[] = [];
  let periodicRuns = 0;

  beforeAll(async () => {
    workingDb = await openTestDatabase();
    working = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        PUBLIC_URL: 'http://localhost:3999',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
      }),
      {
        logger: false,
        database: workingDb,
        jobs: { work: true, pollingSeconds: 5, retryDelaySeconds: 1, scheduleCheckSeconds: 1 },
      },
    );
    working.jobs.handle<{ label: string }>('burst-test', async ({ label }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push({ label, at: Date.now() });
    });
    // Every second, each run taking longer than that, and every other run failing.
    working.jobs.every('periodic-test', 1, async () => {
      const start = Date.now();
      periodicRuns += 1;
      await new Promise((resolve) => setTimeout(resolve, 1200));
      periodic.push({ start, end: Date.now() });
      if (periodicRuns % 2 === 1) throw new Error('this run fails; the next period runs again');
    });
    working.jobs.every('periodic-off', false, async () => {
      throw new Error('never runs');
    });
    await working.ready();
  });
  afterAll(async () => {
    await working.close();
    await workingDb.close();
  });

  it('works through a burst of jobs at once, not one per poll', async () => {
    const labels = Array.from({ length: 12 }, (_, i) => `burst ${i}`);
    const sent = Date.now();
    // One transaction: its notifications arrive together, while the worker runs the first job.
    await working.db.transaction(async (tx) => {
      for (const label of labels) await working.jobs.send('burst-test', { label }, { tx });
    });
    const deadline = Date.now() + 20_000;
    while (done.length < labels.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(done.map((d) => d.label).sort()).toEqual([...labels].sort());
    expect(Math.max(...done.map((d) => d.at)) - sent).toBeLessThan(3000);
  });

  it('runs a periodic task again each period, never two runs at once, a failed run not stopping the next', async () => {
    // The schedule pass looks every second here: the second run (after the first, failed one) comes
    // within a few seconds on an idle machine.
    const deadline = Date.now() + 45_000;
    while (periodic.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(periodic.length).toBeGreaterThanOrEqual(2);
    const runs = [...periodic].sort((a, b) => a.start - b.start);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.start).toBeGreaterThanOrEqual(runs[i - 1]!.end);
    // One schedule row for the deployment, none for a task turned off.
    const schedules = (await working.db.execute(
      sql`select name from pgboss.schedule where name in ('periodic-test', 'periodic-off')`,
    )) as unknown as { rows: { name: string }[] };
    expect(schedules.rows.map((r) => r.name)).toEqual(['periodic-test']);
  });
});

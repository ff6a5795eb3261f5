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

  beforeAll(async () => {
    workingDb = await openTestDatabase();
    working = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        PUBLIC_URL: 'http://localhost:3999',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
      }),
      { logger: false, database: workingDb, jobs: { work: true, pollingSeconds: 5, retryDelaySeconds: 1 } },
    );
    working.jobs.handle<{ label: string }>('burst-test', async ({ label }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push({ label, at: Date.now() });
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
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from './client.ts';
import { DataDirLockedError } from './data-dir-lock.ts';

/**
 * The embedded database as `npm start` and the CLI run it (a data folder): PGlite in a worker
 * thread, reached through the `pg` driver over one connection (embedded.ts). The API's other test
 * files open the in-memory PGlite in process instead; this file covers the product's path.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const poolOf = (database: Database) => (database.db as unknown as { $client: pg.Pool }).$client;

describe('the embedded database on a data folder', () => {
  let dataDir: string;
  let database: Database;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vbuilder-embedded-'));
    database = await openDatabase({ dataDir });
    await database.db.execute(sql`create table probe (id serial primary key, n integer not null)`);
  });

  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is migrated when it opens, and reached through the pg driver like PostgreSQL', async () => {
    expect(database.kind).toBe('pglite');
    expect(poolOf(database).constructor.name).toBe('BoundPool');
    const tables = rowsOf<{ name: string }>(
      await database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
    ).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['users', 'attempts', 'attempt_answers']));
  });

  it('keeps concurrent transactions apart: each sees only its own work until it commits', async () => {
    const { id } = rowsOf<{ id: number }>(
      await database.db.execute(sql`insert into probe (n) values (0) returning id`),
    )[0]!;
    // Read-then-write in each transaction: interleaved on one session, increments would be lost.
    await Promise.all(
      Array.from({ length: 40 }, () =>
        database.db.transaction(async (tx) => {
          const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select n from probe where id = ${id}`));
          await tx.execute(sql`update probe set n = ${row!.n + 1} where id = ${id}`);
        }),
      ),
    );
    // One that fails rolls back alone; the statements around it go on.
    const failing = database.db.transaction(async (tx) => {
      await tx.execute(sql`update probe set n = n + 1000 where id = ${id}`);
      await tx.execute(sql`select 1 / 0`);
    });
    const [after] = await Promise.all([
      database.db.execute(sql`select n from probe where id = ${id}`),
      expect(failing).rejects.toMatchObject({ cause: { code: '22012' } }), // division by zero
    ]);
    expect(rowsOf<{ n: number }>(after)[0]!.n).toBe(40);
  });

  it('runs named prepared statements, concurrently and again', async () => {
    const pool = poolOf(database);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pool.query({ name: 'embedded_test_add', text: 'select $1::int + 1 as n', values: [i] }),
      ),
    );
    expect(results.map((r) => r.rows[0].n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('leaves a clean session after a connection dies mid-transaction', async () => {
    const pool = poolOf(database);
    const client = await pool.connect();
    await client.query({ name: 'embedded_test_dropped', text: 'select $1::int as n', values: [1] });
    await client.query('begin');
    await client.query('insert into probe (n) values (-1)');
    client.release(true); // destroyed: the server rolls back and forgets its statements
    const again = await pool.query({
      name: 'embedded_test_dropped',
      text: 'select $1::int as n',
      values: [2],
    });
    expect(again.rows[0].n).toBe(2);
    const left = await pool.query('select count(*)::int as count from probe where n = -1');
    expect(left.rows[0].count).toBe(0);
    expect((await pool.query('select 1 as one')).rows[0].one).toBe(1);
  });

  it('delivers NOTIFY to LISTEN once the notifying transaction commits, and not if it rolls back', async () => {
    const heard: string[] = [];
    const stop = await database.session!.listen('embedded_test', (payload) => heard.push(payload));
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('embedded_test', 'rolled back')`);
        throw new Error('undo');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('embedded_test', 'committed')`);
      expect(heard).toEqual([]);
    });
    await database.db.execute(sql`select 1`);
    expect(heard).toEqual(['committed']);
    await stop();
    await database.db.execute(sql`select pg_notify('embedded_test', 'after')`);
    expect(heard).toEqual(['committed']);
  });

  it("runs the app's job queue: a job sent in a transaction wakes a worker through LISTEN/NOTIFY", async () => {
    let ran: (label: string) => void = () => {};
    const done = new Promise<string>((resolve) => (ran = resolve));
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        PUBLIC_URL: 'http://localhost:3999',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
      }),
      // Polling only every 2 minutes: within the test's time only a notification wakes the worker.
      { logger: false, database, jobs: { work: true, pollingSeconds: 120 } },
    );
    try {
      app.jobs.handle<{ label: string }>('embedded-test', async ({ label }) => ran(label));
      await app.ready();
      await app.db.transaction(async (tx) => {
        await app.jobs.send('embedded-test', { label: 'sent' }, { tx });
      });
      expect(await done).toBe('sent');
    } finally {
      await app.close();
    }
  });

  it('runs multi-statement scripts through its session (pg-boss migrations)', async () => {
    const results = await database.session!.exec('select 1 as a; select 2 as b');
    expect(results.map((r) => r.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('is locked to one process, and keeps its data when closed and opened again', async () => {
    await database.db.execute(sql`insert into probe (n) values (777)`);
    await database.close();
    const lockFile = path.join(dataDir, 'db.lock');
    // pid 1 is alive and is not this process: another vbuilder holds the folder.
    await writeFile(lockFile, '1');
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    // A pid that cannot be alive: the lock a SIGKILLed process left behind is taken over.
    await writeFile(lockFile, '2147483646');
    database = await openDatabase({ dataDir });
    const kept = rowsOf<{ count: number }>(
      await database.db.execute(sql`select count(*)::int as count from probe where n = 777`),
    );
    expect(kept[0]!.count).toBe(1);
  });
});

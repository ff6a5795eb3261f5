import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { openTestDatabase } from '../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser } from '../test/sign-in.ts';
import {
  authorizeUrl,
  exchangeCode,
  followToCode,
  pkcePair,
  refresh,
  signInThroughProvider,
  TestBrowser,
} from './test-client.ts';

const PASSWORD = 'correct horse battery staple';

const config = () =>
  loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3999',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });

async function appOn(database: Database): Promise<FastifyInstance> {
  const app = await buildApp(config(), { logger: false, database });
  await app.ready();
  return app;
}

async function openSameDatabase(database: Database): Promise<Database> {
  const result = await database.db.execute(sql`select current_database() as name`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    name: string;
  }>;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return openDatabase({ databaseUrl: url.toString() });
}

/** Moves a browser (its cookies) from one app to another, as a load balancer would. */
function moveBrowser(from: TestBrowser, to: FastifyInstance) {
  const browser = new TestBrowser(to);
  for (const [k, v] of from.cookies) browser.cookies.set(k, v);
  return browser;
}

async function expectSharedState(a: FastifyInstance, b: FastifyInstance) {
  const org = await makeOrganization(a);
  const user = await makeUser(a, 'Student', org.id, { password: PASSWORD });
  const onA = new TestBrowser(a);
  const tokens = await signInThroughProvider(onA, user.email, PASSWORD);

  // B accepts A's access token (same keys, issuer, audience)...
  const profile = await b.inject({
    method: 'GET',
    url: '/api/auth/profile',
    headers: bearer(tokens.access_token),
  });
  expect(profile.statusCode).toBe(200);
  // ...redeems A's refresh token...
  const onB = moveBrowser(onA, b);
  const refreshed = await refresh(onB, tokens.refresh_token!);
  expect(refreshed.statusCode).toBe(200);
  // ...and knows A's sign-in session: no password asked.
  const { verifier, challenge } = pkcePair();
  const code = await followToCode(onB, authorizeUrl(b, { challenge }));
  expect((await exchangeCode(onB, code, verifier)).statusCode).toBe(200);
}

describe('identity state lives in the database', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  it('two apps on one database accept each other’s tokens and sessions', async () => {
    const database = await openTestDatabase();
    cleanup.push(() => database.close());
    // On PostgreSQL the second app gets its own connection pool, as a second process would.
    const second = process.env.TEST_DATABASE_URL ? await openSameDatabase(database) : database;
    if (second !== database) cleanup.push(() => second.close());
    const a = await appOn(database);
    const b = await appOn(second);
    cleanup.push(
      () => a.close(),
      () => b.close(),
    );
    await expectSharedState(a, b);
  });

  it('keys, sessions and refresh tokens survive a restart', async () => {
    // PGlite in a data directory (the embedded default), or the PostgreSQL test database.
    let database: Database;
    let reopen: () => Promise<Database>;
    if (process.env.TEST_DATABASE_URL) {
      database = await openTestDatabase();
      reopen = async () => database;
      cleanup.push(() => database.close());
    } else {
      const dir = await mkdtemp(path.join(tmpdir(), 'vb-idp-'));
      cleanup.push(() => rm(dir, { recursive: true, force: true }));
      database = await openDatabase({ dataDir: dir });
      reopen = () => openDatabase({ dataDir: dir });
    }

    const first = await appOn(database);
    const org = await makeOrganization(first);
    const user = await makeUser(first, 'Teacher', org.id, { password: PASSWORD });
    const browser = new TestBrowser(first);
    const tokens = await signInThroughProvider(browser, user.email, PASSWORD);
    await first.close();
    if (!process.env.TEST_DATABASE_URL) await database.close();

    const restartedDb = await reopen();
    const second = await appOn(restartedDb);
    if (!process.env.TEST_DATABASE_URL) cleanup.push(() => restartedDb.close());
    cleanup.push(() => second.close());

    const profile = await second.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(tokens.access_token),
    });
    expect(profile.statusCode).toBe(200);
    const after = moveBrowser(browser, second);
    expect((await refresh(after, tokens.refresh_token!)).statusCode).toBe(200);
    const { verifier, challenge } = pkcePair();
    const code = await followToCode(after, authorizeUrl(second, { challenge }));
    expect((await exchangeCode(after, code, verifier)).statusCode).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { like } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/build-test-app.ts';
import { sweepExpiredRateLimits } from './rate-limit-store.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

/**
 * Two API instances on one database: a route's limit, and the sign-in throttle's
 * counters, count requests to either as one — in the database, and in Redis when configured.
 */
describe.each([
  ['the database', {}],
  // A prefix of its own per run, so runs and test files never share counters.
  ['Redis', { RATE_LIMIT_STORE: 'redis', REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `vbtest-${randomUUID()}:` }],
])('rate limits shared by instances, in %s', (_store, env: Record<string, string>) => {
  let database: Database;
  const instances: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3999',
      SEED_DEMO: 'false',
      ...env,
    });
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(config, { database, logger: false });
      await app.ready();
      instances.push(app);
    }
  });
  afterAll(async () => {
    for (const app of instances) await app.close();
    await database.close();
  });

  const forgot = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/accounts/forgot-password',
      payload: { email: 'someone@example.test' },
      remoteAddress,
    });

  it('counts one client over both instances as one, and other clients apart', async () => {
    const answers: number[] = [];
    // The mailing routes allow 10 requests per address in 15 minutes.
    for (let i = 0; i < 11; i++) answers.push((await forgot(instances[i % 2]!, '10.7.0.1')).statusCode);
    expect(answers.slice(0, 10).every((status) => status < 400)).toBe(true);
    expect(answers[10]).toBe(429);
    expect((await forgot(instances[0]!, '10.7.0.2')).statusCode).toBeLessThan(400);
  });

  it("shares the sign-in throttle's counters", async () => {
    const options = { keyPrefix: 'shared-check', points: 3, duration: 60 };
    const [a, b] = instances.map((app) => app.limiter(options));
    await a!.penalty('someone', 2);
    await b!.penalty('someone', 1);
    expect((await a!.get('someone'))?.consumedPoints).toBe(3);
    expect((await b!.get('someone else'))?.consumedPoints ?? 0).toBe(0);
  });
});

describe('sweeping expired counters', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('deletes the counters whose window ended over an hour ago, and keeps the others', async () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const at = (minutesFromNow: number) => new Date(now.getTime() + minutesFromNow * 60_000);
    const prefix = `sweep-${randomUUID()}:`;
    await database.db.insert(rateLimits).values([
      { key: `${prefix}long-gone`, points: 4, expire: at(-61) },
      { key: `${prefix}just-ended`, points: 2, expire: at(-59) },
      { key: `${prefix}running`, points: 1, expire: at(10) },
    ]);
    await sweepExpiredRateLimits(database.db, now);
    const left = await database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, `${prefix}%`));
    expect(left.map((row) => row.key.slice(prefix.length)).sort()).toEqual(['just-ended', 'running']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/build-test-app.ts';

/** Two API instances on one database (issue 16): a route's limit counts requests to either. */
describe('route rate limits shared by instances', () => {
  let database: Database;
  const instances: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3999', SEED_DEMO: 'false' });
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
});

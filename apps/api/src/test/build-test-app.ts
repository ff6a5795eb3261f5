import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';

/**
 * A fresh database per test file: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * PostgreSQL database created for this app and dropped when it closes.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({});

  const { default: pg } = await import('pg');
  const name = `vb_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  deps: Omit<AppDependencies, 'database'> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3999',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp(config, { logger: false, ...deps, database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

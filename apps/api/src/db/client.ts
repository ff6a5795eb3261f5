import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** Repositories take either the database or a transaction (both are PgDatabase in drizzle). */
export type DbOrTx = Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
}

/** Opens the database and applies pending migrations, so the schema always matches the code. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (a restart, a failover, a dropped test database) is
    // reported on the pool; unhandled, that event would crash the process. The pool reconnects.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let releaseLock = () => {};
  let client;
  if (options.dataDir) {
    const dbDir = path.resolve(options.dataDir, 'db');
    mkdirSync(dbDir, { recursive: true });
    releaseLock = acquireDataDirLock(path.resolve(options.dataDir));
    client = new PGlite(dbDir);
  } else {
    client = new PGlite();
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

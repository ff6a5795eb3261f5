import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite as PGliteClient } from '@electric-sql/pglite';
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
  /** PostgreSQL connections kept (DB_POOL_SIZE); default 10. */
  poolSize?: number | undefined;
}

/** Opens the database and applies pending migrations, so the schema always matches the code. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
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
    client = await newInMemoryPGlite(PGlite, async (fresh) => {
      await migrate(drizzle(fresh, { schema }), { migrationsFolder });
    });
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

type PGliteClass = typeof PGliteClient;
type PGliteInstance = PGliteClient;

/**
 * The migrated, empty database as a data-directory image, kept for the process (on globalThis, so
 * test files that reload this module share it). Starting PGlite from it takes ~0.3 s instead of
 * ~2 s for initdb plus the migrations: the in-memory database is what every API test file opens.
 */
const templateKey = Symbol.for('vbuilder.pgliteTemplate');
type TemplateHolder = { [templateKey]?: Promise<Blob | File> };

async function newInMemoryPGlite(
  PGlite: PGliteClass,
  migrateFresh: (client: PGliteInstance) => Promise<void>,
): Promise<PGliteInstance> {
  const holder = globalThis as TemplateHolder;
  const template = holder[templateKey];
  if (template) return new PGlite({ loadDataDir: await template });
  const client = new PGlite();
  // The image is taken right after the migrations, before the caller writes anything.
  const image = migrateFresh(client).then(() => client.dumpDataDir('none'));
  holder[templateKey] = image;
  image.catch(() => delete holder[templateKey]);
  await image;
  return client;
}

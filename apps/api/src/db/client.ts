import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite as PGliteClient } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { DEFAULT_DB_POOL_SIZE } from '../config.ts';
import * as schema from './schema/index.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import type { EmbeddedSession } from './embedded.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** Repositories take either the database or a transaction (both are PgDatabase in drizzle). */
export type DbOrTx = Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The embedded database's one session (kind 'pglite'), for pg-boss and LISTEN: PostgreSQL's
   * users open their own connections instead.
   */
  session?: EmbeddedSession;
  /**
   * The PostgreSQL server's connection string (kind 'postgres'), for what needs connections of its
   * own beside the pool: the job queue's small pool, the notification listener's LISTEN.
   */
  connectionString?: string;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL connections kept at most (DB_POOL_SIZE); DEFAULT_DB_POOL_SIZE without it. */
  poolSize?: number | undefined;
}

/**
 * The advisory lock key migrations hold on PostgreSQL (0x76627569, "vbui" in ASCII); the demo seed
 * takes it too, so instances starting together on a new database seed it once.
 */
export const MIGRATION_LOCK = 1_986_163_049;

/** Opens the database and applies pending migrations, so the schema always matches the code. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_DB_POOL_SIZE,
    });
    // An idle connection dropped by the server (a restart, a failover, a dropped test database) is
    // reported on the pool; unhandled, that event would crash the process. The pool reconnects.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzle(pool, { schema });
    // Several instances starting together: one migrates, the others wait on the lock
    // and then find nothing left to apply. A session lock on one connection, released after.
    try {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migrate(drizzle(connection, { schema }), { migrationsFolder });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        connection.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      connectionString: options.databaseUrl,
      close: () => pool.end(),
    };
  }

  if (options.dataDir) return openEmbedded(path.resolve(options.dataDir));

  // In memory (the API tests): PGlite in this process, from a migrated template image.
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await newInMemoryPGlite(PGlite, async (fresh) => {
    await migrate(drizzle(fresh, { schema }), { migrationsFolder });
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    session: client as unknown as EmbeddedSession,
    close: () => client.close(),
  };
}

/**
 * The embedded database of `npm start` and the CLI: PGlite on the data folder, in a worker
 * thread behind the PostgreSQL wire protocol (embedded.ts), so the API keeps its event loop and
 * reaches it with the same `pg` driver and drizzle path as a PostgreSQL server.
 */
async function openEmbedded(dataDir: string): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { startEmbeddedServer } = await import('./embedded.ts');
  const dbDir = path.join(dataDir, 'db');
  mkdirSync(dbDir, { recursive: true });
  const releaseLock = acquireDataDirLock(dataDir);
  let server;
  try {
    server = await startEmbeddedServer(dbDir, dataDir);
  } catch (error) {
    releaseLock();
    throw error;
  }
  const embedded = server;
  const close = async () => {
    await embedded.close();
    releaseLock();
  };
  const db = drizzle(embedded.pool, { schema });
  try {
    await migrate(db, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return { db: db as unknown as Db, kind: 'pglite', session: embedded.session, close };
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

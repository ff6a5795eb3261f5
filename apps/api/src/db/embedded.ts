import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { EmbeddedWorkerData, EmbeddedWorkerMessage } from './embedded-worker.ts';

/**
 * The session of the embedded database as pg-boss and the notification hub use it: statements
 * with parameters, multi-statement scripts, and LISTEN. The in-process PGlite of the tests has
 * exactly this shape itself.
 */
export interface EmbeddedSession {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  exec(text: string): Promise<Array<{ rows: Array<Record<string, unknown>> }>>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface EmbeddedServer {
  pool: pg.Pool;
  session: EmbeddedSession;
  close(): Promise<void>;
}

// pg reaches a Unix socket at `${host}/.s.PGSQL.${port}` when host is a folder.
const SOCKET_PORT = 5432;
// Longer Unix socket paths are refused (108 bytes on Linux, 104 on macOS, with the final NUL).
const SOCKET_PATH_MAX = 100;

/**
 * The socket's folder: in the data folder when its path is short enough (a killed process leaves
 * its socket where the next start, which holds the lock, replaces it), else a private temporary
 * folder. Either way only this user can reach it (0700).
 */
function socketFolder(dataDir: string): string {
  const inData = path.join(dataDir, 'db.socket');
  if (Buffer.byteLength(path.join(inData, `.s.PGSQL.${SOCKET_PORT}`)) > SOCKET_PATH_MAX) {
    return mkdtempSync(path.join(os.tmpdir(), 'vbuilder-db-'));
  }
  rmSync(inData, { recursive: true, force: true });
  mkdirSync(inData, { mode: 0o700 });
  return inData;
}

/**
 * Starts PGlite on `dbDir` in a worker thread (embedded-worker.ts) and connects a `pg` pool to it;
 * `dataDir` is the locked data folder it belongs to.
 *
 * One connection, not more: PGlite is one backend session, and a multiplexer that hands several
 * client connections the same session (as @electric-sql/pglite-socket's does) lets one
 * connection's unnamed statement be replaced by another's between Parse and Bind, and a second
 * connection's named prepared statement collide with the first's. With one connection the pool
 * queues requests, exactly as PGlite's own lock did in process, while the database works on
 * another thread. A server that gave each of 4 connections a session of its own (requests run
 * whole, a transaction keeps the session, statement names renamed per connection) was tried so
 * the next request would wait in the worker while the API reads an answer: interleaved runs of
 * 200 concurrent upserts were no faster than with 1 connection on this 2-core machine (load 13),
 * so the simpler server stays.
 */
export async function startEmbeddedServer(dbDir: string, dataDir: string): Promise<EmbeddedServer> {
  const { default: pgModule } = await import('pg');
  const socketDir = socketFolder(dataDir);
  const worker = new Worker(new URL('./embedded-worker.ts', import.meta.url), {
    workerData: {
      dbDir,
      socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    } satisfies EmbeddedWorkerData,
  });
  let closing = false;
  const next = (type: EmbeddedWorkerMessage['type']) =>
    new Promise<void>((resolve, reject) => {
      const onMessage = (message: EmbeddedWorkerMessage) => {
        if (message.type === 'failed') reject(new Error(`embedded database: ${message.message}`));
        else if (message.type === type) resolve();
        else return;
        worker.off('message', onMessage);
        worker.off('error', reject);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  try {
    await next('ready');
  } catch (error) {
    await worker.terminate();
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  // A database thread that dies takes every later statement with it: stop as a crash would, so a
  // supervisor starts the API again (the data folder is recovered like after a power cut).
  let dead = false;
  const died = (error: Error) => {
    if (closing || dead) return;
    dead = true;
    process.nextTick(() => {
      throw error;
    });
  };
  worker.on('error', died);
  worker.on('exit', (code) => died(new Error(`the embedded database's thread stopped (exit code ${code})`)));

  const pool = new pgModule.Pool({
    host: socketDir,
    port: SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // Kept open: a new connection would prepare every named statement again.
    idleTimeoutMillis: 0,
  });
  pool.on('error', (error) => console.warn(`embedded database connection lost: ${error.message}`));

  // LISTEN lives in the session, and the session's notifications reach the one open connection.
  const channels = new Map<string, Set<(payload: string) => void>>();
  pool.on('connect', (client) => {
    client.on('notification', (message) => {
      for (const handler of channels.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    for (const channel of channels.keys()) void client.query(`listen "${channel}"`).catch(() => {});
  });

  const session: EmbeddedSession = {
    query: (text, values) => pool.query(text, values),
    async exec(text) {
      const result = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result) ? result : [result];
    },
    async listen(channel, onPayload) {
      const handlers = channels.get(channel) ?? new Set();
      channels.set(channel, handlers);
      handlers.add(onPayload);
      await pool.query(`listen "${channel}"`);
      return async () => {
        handlers.delete(onPayload);
        if (handlers.size) return;
        channels.delete(channel);
        if (!closing) await pool.query(`unlisten "${channel}"`).catch(() => {});
      };
    },
  };

  return {
    pool,
    session,
    async close() {
      closing = true;
      await pool.end();
      const closed = next('closed');
      worker.postMessage({ type: 'close' });
      await closed;
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Real API server processes for the tests that kill or multiply them (crash.test, cluster.test):
 * `node apps/api/src/server.ts` with PORT=0, the address read from Fastify's "Server listening at"
 * log line, and a fresh PostgreSQL database per test when TEST_DATABASE_URL is set. Nothing waits a
 * fixed time; each wait has a generous limit, so a busy machine is slow, not failing.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
const SERVER = path.join(ROOT, 'apps/api/src/server.ts');
/** The limit of any one wait (a server starting, becoming healthy). */
export const WAIT_MS = 120_000;

export interface Server {
  child: ChildProcess;
  /** Where it listens, e.g. http://127.0.0.1:43117. */
  base: string;
  /** Everything it has written so far, stdout and stderr (read on, to the end). */
  output: string[];
}

/** What a test registers to undo at its end (databases, directories, processes). */
export type Cleanup = () => Promise<void>;

/**
 * A fresh, empty database on the TEST_DATABASE_URL server (dropped by the cleanup it registers), or
 * undefined without TEST_DATABASE_URL (the server then uses PGlite in its DATA_DIR).
 */
export async function freshDatabaseUrl(prefix: string, cleanups: Cleanup[]): Promise<string | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The environment of a production-like server on a port the system picks. */
export function serverEnv(options: {
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: options.publicUrl,
    DATA_DIR: options.dataDir,
    SEED_DEMO: 'false',
    // Info: the log line that says which port the system gave the server.
    LOG_LEVEL: 'info',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
}

/**
 * Starts the server and resolves once it listens and answers health, with its address. Fails if
 * the process exits first or WAIT_MS pass. `label` prefixes what it writes on stderr.
 */
export async function startServer(env: Record<string, string>, label = 'server'): Promise<Server> {
  const debug = Boolean(process.env.CRASH_TEST_DEBUG);
  const child = spawn(NODE, [SERVER], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    output.push(chunk.toString());
    process.stderr.write(`[${label}] ${chunk.toString()}`);
  });
  const listening = new Promise<string>((resolve, reject) => {
    // Every line is read, to the end: an unread pipe would fill up and stall the server.
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(`${line}\n`);
      if (debug) process.stderr.write(`[${label}] ${line}\n`);
      const address = /Server listening at (http:\/\/[^\s"]+)/.exec(line)?.[1];
      if (address) resolve(address);
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`The server exited before listening (${signal ?? `code ${code}`})`)),
    );
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The server did not listen within ${WAIT_MS} ms`)), WAIT_MS);
  });
  try {
    const base = await Promise.race([listening, timeout]);
    await waitForHealth(base);
    return { child, base, output };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Listening is ready (Fastify listens after the app is ready); health confirms it answers. */
async function waitForHealth(base: string): Promise<void> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // Not answering yet.
    }
    if (Date.now() > until) throw new Error('The server did not become healthy');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves once the process has exited (at once if it already has). */
export const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

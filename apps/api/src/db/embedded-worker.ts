/**
 * The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs
 * here, off the API's event loop, and speaks the PostgreSQL wire protocol on a Unix socket that
 * only this process can reach. The API connects with the same `pg` driver as to a PostgreSQL
 * server, through a pool of exactly one connection (see embedded.ts for why).
 *
 * PGlite is a single backend session: prepared statement names, an open transaction, LISTEN are
 * all shared by whoever talks to it. So this server serves one connection at a time; a second one
 * waits until the first has closed, and a closed connection leaves a clean session behind (its
 * transaction rolled back, its prepared statements and cursors dropped), as a new PostgreSQL
 * backend would be. Channels LISTENed to stay: the API re-LISTENs on every new connection anyway.
 */
import { createServer, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { formatError } from '../lib/log-options.ts';

export interface EmbeddedWorkerData {
  /** PGlite's data folder. */
  dbDir: string;
  /** The Unix socket to listen on. */
  socketPath: string;
}

export type EmbeddedWorkerMessage =
  { type: 'ready' } | { type: 'closed' } | { type: 'failed'; message: string };

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const TERMINATE = 'X'.charCodeAt(0);

const { dbDir, socketPath } = workerData as EmbeddedWorkerData;
const port = parentPort!;

const db = new PGlite(dbDir);

/** The connection being served; the others wait for it to close, in arrival order. */
let turn: Promise<void> = Promise.resolve();

function serve(socket: Socket): Promise<void> {
  socket.setNoDelay(true);
  let buffer = Buffer.alloc(0);
  let started = false;
  // Messages run one after another, in the order they arrived.
  let chain: Promise<void> = Promise.resolve();

  const run = (message: Uint8Array) =>
    db.execProtocolRawStream(message, {
      onRawData: (data) => {
        if (data.length > 0 && socket.writable) socket.write(Buffer.from(data));
      },
    });

  /**
   * The complete messages received so far, as units to run: the startup message alone, then every
   * further complete message in one piece (PGlite's backend reads all it is given, so a query's
   * Parse, Bind, Describe, Execute and Sync cost one call into it, not five).
   */
  const take = () => {
    const units: Uint8Array[] = [];
    while (!started && buffer.length >= 8) {
      const length = buffer.readInt32BE(0);
      const code = buffer.readInt32BE(4);
      if (buffer.length < length) return units;
      if (code === SSL_REQUEST) {
        socket.write('N');
      } else if (code === CANCEL_REQUEST) {
        // PGlite has no backend to interrupt; the protocol expects no answer.
        socket.end();
      } else if (code === PROTOCOL_3) {
        started = true;
        units.push(new Uint8Array(buffer.subarray(0, length)));
      } else {
        socket.destroy();
        return units;
      }
      buffer = buffer.subarray(length);
    }
    if (!started) return units;
    let end = 0;
    while (end + 5 <= buffer.length) {
      const length = 1 + buffer.readInt32BE(end + 1);
      if (end + length > buffer.length) break;
      if (buffer[end] === TERMINATE) {
        // The client is leaving and closes the socket itself; the backend must not see it.
        if (end > 0) units.push(new Uint8Array(buffer.subarray(0, end)));
        buffer = buffer.subarray(end + length);
        end = 0;
        continue;
      }
      end += length;
    }
    if (end > 0) units.push(new Uint8Array(buffer.subarray(0, end)));
    buffer = buffer.subarray(end);
    return units;
  };

  return new Promise<void>((resolve) => {
    socket.on('data', (data) => {
      buffer = buffer.length ? Buffer.concat([buffer, data]) : data;
      for (const message of take()) {
        chain = chain
          .then(() => run(message))
          .catch((error: unknown) => {
            console.error(`embedded database: a statement failed in the server: ${formatError(error)}`);
            socket.destroy();
          });
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      chain = chain.then(async () => {
        // What a new PostgreSQL backend would not inherit from a closed one.
        if (db.isInTransaction()) await db.exec('ROLLBACK');
        await db.exec('DEALLOCATE ALL; CLOSE ALL; RESET ALL');
      });
      chain.catch(() => {}).finally(resolve);
    });
  });
}

const server = createServer((socket) => {
  turn = turn.then(() => serve(socket));
});

async function close() {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await turn.catch(() => {});
  await db.close();
}

try {
  await db.waitReady;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  port.on('message', (message: { type: string }) => {
    if (message.type !== 'close') return;
    close().then(
      () => port.postMessage({ type: 'closed' } satisfies EmbeddedWorkerMessage),
      (error: unknown) =>
        port.postMessage({ type: 'failed', message: String(error) } satisfies EmbeddedWorkerMessage),
    );
  });
  port.postMessage({ type: 'ready' } satisfies EmbeddedWorkerMessage);
} catch (error) {
  port.postMessage({ type: 'failed', message: String(error) } satisfies EmbeddedWorkerMessage);
}

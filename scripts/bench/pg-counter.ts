import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that counts the statements its clients run, read off the wire
 * protocol: each simple Query ('Q') and each Execute of the extended protocol ('E') is one. The
 * bench puts it between vbuilder and the database to report statements per autosave without
 * touching the code under test.
 */
export interface StatementCounter {
  port: number;
  /** Statements run through the proxy since it started. */
  statements(): number;
  close(): Promise<void>;
}

export async function startStatementCounter(target: {
  host: string;
  port: number;
}): Promise<StatementCounter> {
  let statements = 0;
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let pending: Buffer = Buffer.alloc(0);
    let startup = true;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (startup) {
          // The startup message (and an SSL request before it) carries no type byte.
          if (pending.length < 8) break;
          const length = pending.readInt32BE(0);
          if (pending.length < length) break;
          const code = pending.readInt32BE(4);
          pending = pending.subarray(length);
          if (code !== 80877103) startup = false; // 80877103: SSLRequest, the startup follows it
          continue;
        }
        if (pending.length < 5) break;
        const length = pending.readInt32BE(1);
        if (pending.length < length + 1) break;
        const type = String.fromCharCode(pending[0]!);
        if (type === 'Q' || type === 'E') statements += 1;
        pending = pending.subarray(length + 1);
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    statements: () => statements,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

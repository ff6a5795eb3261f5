import { request as httpRequest, createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin HTTP proxy for the cluster test: each request goes to the next
 * live backend in turn, with the client's address appended to X-Forwarded-For (so the API, with
 * TRUST_PROXY, sees who the client is), and bodies streamed both ways. A backend that refuses the
 * connection (killed) is answered 502 and counted against it, and is skipped until `replace`
 * gives its new address: the test can tell the 502s of a dead backend from the API's own 5xx.
 */

export interface RoundRobinProxy {
  /** Where clients reach the proxy, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Per backend name: requests sent to it, and the 502s the proxy answered because it was gone. */
  stats: Map<string, { requests: number; refused: number }>;
  /** Points backend `name` at a new address (a restarted instance) and marks it live again. */
  replace(name: string, target: string): void;
  close(): Promise<void>;
}

interface Backend {
  name: string;
  target: URL;
  live: boolean;
}

/** Headers that belong to one connection, not to the request (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

function forwardedHeaders(req: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  // Appended, never replaced: the right-most entry is the address this proxy saw.
  const client = req.socket.remoteAddress ?? '';
  const before = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = before ? `${String(before)}, ${client}` : client;
  return headers;
}

export async function startRoundRobinProxy(backends: Record<string, string>): Promise<RoundRobinProxy> {
  const pool: Backend[] = Object.entries(backends).map(([name, target]) => ({
    name,
    target: new URL(target),
    live: true,
  }));
  const stats = new Map(pool.map((b) => [b.name, { requests: 0, refused: 0 }]));
  let turn = 0;
  /** The next live backend; when none is live, the next one anyway (it answers 502). */
  const next = (): Backend => {
    for (let i = 0; i < pool.length; i += 1) {
      const backend = pool[turn++ % pool.length]!;
      if (backend.live) return backend;
    }
    return pool[turn++ % pool.length]!;
  };

  const server: Server = createServer((req, res) => {
    const backend = next();
    const counts = stats.get(backend.name)!;
    counts.requests += 1;
    const upstream = httpRequest(
      {
        host: backend.target.hostname,
        port: backend.target.port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req),
      },
      (answer) => {
        const headers = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
        );
        // Which instance answered: lets a test see that consecutive requests reach both.
        headers['x-proxied-by'] = backend.name;
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers as Record<string, string>);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // Refused: the backend is gone (killed); it stays out of the turn until replaced. A backend
      // dying mid-request (reset) is also its 502. Either way, never the API's own 5xx.
      if (error.code === 'ECONNREFUSED') backend.live = false;
      counts.refused += 1;
      if (res.headersSent) res.destroy();
      else
        res.writeHead(502, { 'content-type': 'text/plain', 'x-proxy-backend': backend.name }).end(error.code);
    });
    req.pipe(upstream);
    req.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    replace(name, target) {
      const backend = pool.find((b) => b.name === name);
      if (!backend) throw new Error(`No backend ${name}`);
      backend.target = new URL(target);
      backend.live = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { defaultAuthConfig } from '../lib/auth/auth-config.ts';

/**
 * The API as component tests see it: a Mock Service Worker server in front of the real client
 * (lib/api-client.ts), so a wrong URL, method or response shape fails the test. Each test adds
 * its handlers with `server.use(...)`; they are dropped after the test (setup.ts). A request no
 * handler answers fails the test that made it.
 */
export const server = setupServer();

/** The client calls the API under /api on the page's origin (jsdom's location). */
export const apiUrl = (path: string) => `/api${path}`;

/** A request as the mock server received it: what a test checks instead of "the client was called". */
export interface ReceivedRequest {
  method: string;
  /** The path under /api, without the query. */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, another body as text, or undefined (none, or an upload: see readBody). */
  body: unknown;
  headers: Headers;
}

const received: ReceivedRequest[] = [];
const unhandled: string[] = [];

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  // Uploads are not read: jsdom's File is not Node's, so the parts would not be what a browser sends.
  // A test checks the content type (multipart) instead.
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return undefined;
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const pending = new Set<Promise<void>>();

function record(request: Request) {
  const url = new URL(request.url);
  const entry: ReceivedRequest = {
    method: request.method,
    path: url.pathname.replace(/^\/api/, ''),
    query: url.searchParams,
    body: undefined,
    headers: request.headers,
  };
  received.push(entry);
  const reading = readBody(request.clone())
    .then(
      (body) => {
        entry.body = body;
      },
      (error: unknown) => {
        entry.body = new Error(`The body could not be read: ${String(error)}`);
      },
    )
    .finally(() => pending.delete(reading));
  pending.add(reading);
}

/** Starts the server for a test file (setup.ts). */
export function startServer() {
  // The web tests share their workers' modules (no per-file isolation): one listener, not one per file.
  server.events.removeAllListeners('request:start');
  server.events.on('request:start', ({ request }) => record(request));
  server.listen({
    onUnhandledRequest: (request, print) => {
      unhandled.push(`${request.method} ${request.url}`);
      // The 'error' strategy: logged, and the request fails (the client reports a network error).
      print.error();
    },
  });
}

/** Forgets this test's handlers and requests; throws when a request went unanswered. */
export function endTest() {
  server.resetHandlers();
  received.length = 0;
  const missed = unhandled.splice(0);
  if (missed.length > 0) throw new Error(`Requests without a mock server handler:\n  ${missed.join('\n  ')}`);
}

/** Takes the unhandled requests (so the test that expects one does not fail afterwards). */
export const takeUnhandledRequests = () => unhandled.splice(0);

/** The requests received so far in this test, optionally of one method and path (bodies may still be read). */
export function receivedRequests(method?: string, path?: string | RegExp): ReceivedRequest[] {
  return received.filter(
    (request) =>
      (method === undefined || request.method === method) &&
      (path === undefined || (typeof path === 'string' ? request.path === path : path.test(request.path))),
  );
}

/** The query of the n-th (from 0; -1 the last) `method path` request, as a plain object. */
export function receivedQuery(method: string, path: string | RegExp, n = 0): Record<string, string> {
  const request = receivedRequests(method, path).at(n);
  if (!request) throw new Error(`No request ${n} to ${method} ${String(path)}: ${describeReceived()}`);
  return Object.fromEntries(request.query);
}

const describeReceived = () =>
  received.map((request) => `${request.method} ${request.path}`).join(', ') || 'none';

/** The body of the n-th (from 0; -1 the last) `method path` request, once read. */
export async function receivedBody(method: string, path: string | RegExp, n = 0): Promise<unknown> {
  await Promise.all(pending);
  const request = receivedRequests(method, path).at(n);
  if (!request) throw new Error(`No request ${n} to ${method} ${String(path)}: ${describeReceived()}`);
  return request.body;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface AnswerOptions {
  status?: number;
  /** Answer only the next matching request (then the handlers added before it answer again). */
  once?: boolean;
}

/**
 * A handler answering `method path` (under /api, with :params) with `body`. Pass a value built
 * with the shared types (fixtures.ts) so a fixture that no longer fits the contract fails to compile.
 */
export function answer<T>(method: Method, path: string, body: T, { status = 200, once }: AnswerOptions = {}) {
  return http[method](apiUrl(path), () => HttpResponse.json(body as JsonBodyType, { status }), { once });
}

/** A handler answering with the API's error shape ({ code, message, details }). */
export function answerError(
  method: Method,
  path: string,
  status: number,
  code: string,
  { message = code, details, once }: { message?: string; details?: unknown; once?: boolean } = {},
) {
  return http[method](
    apiUrl(path),
    () => HttpResponse.json({ code, message, details } as JsonBodyType, { status }),
    { once },
  );
}

/** A handler answering 204 No Content. */
export function answerEmpty(method: Method, path: string, { once }: { once?: boolean } = {}) {
  return http[method](apiUrl(path), () => new HttpResponse(null, { status: 204 }), { once });
}

export { http, HttpResponse };

/**
 * GET /api/auth/config, asked once per page by the sign-in client and by the AI screens (whether
 * the server has a language model): the embedded provider's configuration, `aiConfigured` as given.
 */
export const answerAuthConfig = (aiConfigured: boolean) =>
  answer('get', '/auth/config', { ...defaultAuthConfig('http://localhost:3000'), aiConfigured });

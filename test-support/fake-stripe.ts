import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Stripe API server for tests (no network): the calls vbuilder's card payments make through
 * the official SDK, reached with its own host/port/protocol settings (STRIPE_API_HOST, _PORT,
 * _PROTOCOL=http). GET /v1/products and /v1/prices answer the lists the test sets (one page);
 * POST /v1/checkout/sessions parses the form-encoded body (line_items[0][price]=… into nested
 * objects, as Stripe does) and answers an open session with a checkout URL; GET
 * /v1/checkout/sessions/:id reads one back and POST …/:id/expire expires an open one (400 otherwise).
 * Every request is recorded with its parsed body.
 */

export interface FakeProduct {
  id: string;
  name?: string;
  active?: boolean;
  metadata?: Record<string, string>;
}

export interface FakePrice {
  id: string;
  product: string;
  currency: string;
  unit_amount: number | null;
  type?: 'one_time' | 'recurring';
  recurring?: { interval: 'day' | 'week' | 'month' | 'year' } | null;
  active?: boolean;
  metadata?: Record<string, string>;
}

export interface RecordedStripeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** A Checkout session as the fake answers it (the fields vbuilder and its tests read). */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  /** 'open' when made; a test sets 'complete' (and 'paid') to stand for the customer paying. */
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  currency: string | null;
  amount_total: number;
  payment_intent: null;
  line_items: unknown;
  success_url: string | null;
  cancel_url: string | null;
  locale: string | null;
  customer_email: string | null;
}

export interface FakeStripe {
  host: string;
  port: number;
  /** The environment that points the app's SDK here. */
  env: Record<string, string>;
  requests: RecordedStripeRequest[];
  sessions: FakeCheckoutSession[];
  setCatalog(products: FakeProduct[], prices: FakePrice[]): void;
  /** The next N requests answer this HTTP error (Stripe's error body). */
  failNext(status: number, count?: number): void;
  reset(): void;
  close(): Promise<void>;
}

/** `a[b][0][c]=1` → { a: { b: [{ c: '1' }] } }, as Stripe reads form bodies. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const index = /^\d+$/.test(part) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[index] = value;
        return;
      }
      if (container[index] === undefined) container[index] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = container[index] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

const list = (url: string, data: unknown[]) => ({ object: 'list', url, has_more: false, data });

function amountOf(lineItems: unknown, prices: FakePrice[]): { total: number; currency: string | null } {
  let total = 0;
  let currency: string | null = null;
  for (const item of Array.isArray(lineItems) ? lineItems : []) {
    const line = item as {
      price?: string;
      quantity?: string;
      price_data?: { unit_amount?: string; currency?: string };
    };
    const quantity = Number(line.quantity ?? 1);
    if (line.price) {
      const price = prices.find((p) => p.id === line.price);
      total += (price?.unit_amount ?? 0) * quantity;
      currency ??= price?.currency ?? null;
    } else if (line.price_data) {
      total += Number(line.price_data.unit_amount ?? 0) * quantity;
      currency ??= line.price_data.currency ?? null;
    }
  }
  return { total, currency };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let products: FakeProduct[] = [];
  let prices: FakePrice[] = [];
  let failures: number[] = [];
  const requests: RecordedStripeRequest[] = [];
  const sessions: FakeCheckoutSession[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(6).toString('hex')}`,
    });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw ? parseStripeForm(raw) : {};
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: req.headers.authorization,
        body,
      });
      const failure = failures.shift();
      if (failure) {
        return send(res, failure, {
          error: { type: 'api_error', message: `fake Stripe failure ${failure}` },
        });
      }
      if (req.method === 'GET' && url.pathname === '/v1/products') {
        const active = url.searchParams.get('active');
        const data = products
          .filter((p) => active === null || String(p.active ?? true) === active)
          .map((p) => ({ object: 'product', name: p.id, active: true, metadata: {}, ...p }));
        return send(res, 200, list('/v1/products', data));
      }
      if (req.method === 'GET' && url.pathname === '/v1/prices') {
        const active = url.searchParams.get('active');
        const product = url.searchParams.get('product');
        const data = prices
          .filter((p) => active === null || String(p.active ?? true) === active)
          .filter((p) => product === null || p.product === product)
          .map((p) => ({
            object: 'price',
            active: true,
            metadata: {},
            type: p.recurring ? 'recurring' : 'one_time',
            recurring: null,
            ...p,
          }));
        return send(res, 200, list('/v1/prices', data));
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const { total, currency } = amountOf(body.line_items, prices);
        const session: FakeCheckoutSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          mode: String(body.mode ?? ''),
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: (body.client_reference_id as string | undefined) ?? null,
          metadata: (body.metadata as Record<string, string> | undefined) ?? {},
          currency,
          amount_total: total,
          payment_intent: null,
          line_items: body.line_items,
          success_url: (body.success_url as string | undefined) ?? null,
          cancel_url: (body.cancel_url as string | undefined) ?? null,
          locale: (body.locale as string | undefined) ?? null,
          customer_email: (body.customer_email as string | undefined) ?? null,
        };
        sessions.push(session);
        return send(res, 200, session);
      }
      // A session read back, or expired: only an open one can be (Stripe's rule and error type).
      const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
      const session = sessionPath ? sessions.find((s) => s.id === sessionPath[1]) : undefined;
      if (sessionPath && !session) {
        return send(res, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such checkout.session',
          },
        });
      }
      if (session && req.method === 'GET' && !sessionPath![2]) return send(res, 200, session);
      if (session && req.method === 'POST' && sessionPath![2]) {
        if (session.status !== 'open') {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              message: 'Only Checkout Sessions with a status of `open` can be expired.',
            },
          });
        }
        session.status = 'expired';
        return send(res, 200, session);
      }
      return send(res, 404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';
  return {
    host,
    port,
    env: { STRIPE_API_HOST: host, STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' },
    requests,
    sessions,
    setCatalog(nextProducts, nextPrices) {
      products = nextProducts;
      prices = nextPrices;
    },
    failNext(status, count = 1) {
      failures = Array.from({ length: count }, () => status);
    },
    reset() {
      products = [];
      prices = [];
      failures = [];
      requests.length = 0;
      sessions.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

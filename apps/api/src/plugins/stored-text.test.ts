import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../test/sign-in.ts';
import { isAllowed, type Policy } from './authorize.ts';
import { unstorablePath } from './stored-text.ts';

let t: TestApp;
const headersOf = new Map<Role, Record<string, string>>();

beforeAll(async () => {
  t = await buildTestApp();
  const org = await makeOrganization(t.app);
  for (const role of ['Super Administrator', 'Administrator', 'Teacher', 'Student'] as const) {
    headersOf.set(
      role,
      (await signInAs(t.app, role, role === 'Super Administrator' ? null : org.id)).headers,
    );
  }
});
afterAll(() => t.close());

/** Headers of a role the route lets in (none for a public route). */
function callerOf(policy: Policy): Record<string, string> {
  if (policy === 'public') return {};
  for (const [role, headers] of headersOf) {
    if (isAllowed(policy, { role, userId: '', organizationId: null, sessionId: null, language: 'en' })) {
      return headers;
    }
  }
  throw new Error('no role may call this route');
}

/** Route parameters filled with fresh ids: the check answers before any handler looks them up. */
const withIds = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());

describe('text PostgreSQL cannot store', () => {
  it('finds NUL characters and lone surrogates in strings and keys, and nothing in ordinary text', () => {
    expect(unstorablePath({ name: 'Ada', tags: ['ok', 'a\u0000b'] })).toEqual(['tags', '1']);
    expect(unstorablePath({ questions: [{ text: 'x' }, { text: 'half \uD83D pair' }] })).toEqual([
      'questions',
      '1',
      'text',
    ]);
    expect(unstorablePath({ ['bad\u0000key']: 1 })).toEqual(['bad\uFFFDkey']);
    expect(unstorablePath({ text: 'ไทย বাংলা 中文 😀 \uD83D\uDE00 mixed', n: 1, b: null })).toBeNull();
  });

  it('is answered 400 naming the field on every route that takes a JSON body, and changes nothing', async () => {
    const routes = t.app.declaredRoutes.filter(
      (r) =>
        r.policy &&
        r.url.startsWith('/api') &&
        ['POST', 'PUT', 'PATCH'].includes(r.method) &&
        !r.schema.consumes?.includes('multipart/form-data') &&
        // Stripe's webhook reads its body as bytes, to check the signature over them exactly.
        r.url !== '/api/payments/webhooks/stripe',
    );
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: withIds(route.url),
        headers: { ...callerOf(route.policy!), 'content-type': 'application/json' },
        // The escape is the JSON a client sends: a NUL inside a nested string.
        payload: '{"name":"fine","items":[{"text":"broken \\u0000 here"}]}',
      });
      const body = res.json() as { code?: string; details?: Array<{ path: string[] }> };
      if (res.statusCode !== 400 || body.code !== 'invalid_characters') {
        wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      } else {
        expect(body.details?.[0]?.path).toEqual(['items', '0', 'text']);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('checks the query and a lone surrogate too, and names the field in the reader’s language', async () => {
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/users?search=a%00b',
      headers: headersOf.get('Administrator')!,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().details[0].path).toEqual(['query', 'search']);

    const surrogate = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: {
        ...headersOf.get('Teacher')!,
        'content-type': 'application/json',
        'accept-language': 'th',
        cookie: 'lng=th',
      },
      payload: '{"name":"half \\ud800 pair"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().code).toBe('invalid_characters');
    expect(surrogate.json().message).toContain('“name”');
  });

  it('a NUL inside an uploaded file that reaches the database is a 400 too, never a 500', async () => {
    const boundary = 'stored-text';
    const csv = 'name,email\nNul\u0000Name,nul-in-csv@example.test\n';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/import',
      headers: {
        ...headersOf.get('Administrator')!,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Role } from '@vbuilder/shared';
import { insertAssessment, questionOf } from '../modules/attempts/test-fixtures.ts';
import type { DeclaredRoute } from '../plugins/authorize.ts';
import { MAX_JSON_DEPTH } from '../plugins/json-body.ts';
import { translatorFor } from '../i18n/index.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from './sign-in.ts';

/**
 * Requests no client of ours sends, which answered 500 before: JSON nested 10,000 levels deep (on
 * every JSON route and on the sign-in form) and a multipart body that ends before its closing
 * boundary (on every upload route). Each must answer 400 in the API's translated error shape and
 * leave the server healthy; bodies as deep as real ones still work. Routes come from
 * `app.declaredRoutes`, so a new route is covered the day it is registered.
 */

const t = await buildTestApp();
afterAll(() => t.close());
const { app } = t;
const org = await makeOrganization(app, 'Request Faults School');

const thai = translatorFor('th');
const tokens = new Map<string, Record<string, string>>();
/**
 * Bearer headers of a user with this role (of the test organization unless Super Administrator)
 * who reads vbuilder in this language (errors come in the signed-in user's language).
 */
async function headersFor(role: Role, language: 'en' | 'th') {
  const key = `${role}/${language}`;
  if (!tokens.has(key)) {
    const organizationId = role === 'Super Administrator' ? null : org.id;
    const user = await makeUser(app, role, organizationId, { language });
    tokens.set(key, bearer(await tokenFor(app, user, 3600)));
  }
  return tokens.get(key)!;
}

/**
 * Headers of someone the route's policy lets in (a Teacher where it may), reading Thai by default;
 * for a public route, none but Accept-Language.
 */
async function callerOf(route: DeclaredRoute, language: 'en' | 'th' = 'th'): Promise<Record<string, string>> {
  const policy = route.policy;
  if (policy === 'public' || policy === undefined) return { 'accept-language': language };
  // The language in Accept-Language too: the autosave's fast path answers before it reads the user.
  const asked = { 'accept-language': language };
  if (policy === 'authenticated') return { ...(await headersFor('Teacher', language)), ...asked };
  const preferred: Role[] = ['Teacher', 'Administrator', 'Student', 'Super Administrator', 'user'];
  const role = preferred.find((r) => policy.roles.includes(r)) ?? policy.roles[0]!;
  return { ...(await headersFor(role, language)), ...asked };
}

/** The route's path with every parameter filled (a uuid: any id will do, the body is read first). */
const pathOf = (route: DeclaredRoute) => route.url.replace(/:(\w+)/g, () => randomUUID());

const deep = (levels: number, inner = '0') => '['.repeat(levels) + inner + ']'.repeat(levels);

async function expectHealthy() {
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isUpload = (route: DeclaredRoute) => route.schema.consumes?.includes('multipart/form-data') ?? false;
/**
 * Stripe's webhook reads its body as bytes and nothing parses them before their signature verifies
 * (payments.routes.ts), so nesting is never reached there; the provider's /oidc routes parse their
 * own bodies (tested apart below).
 */
const RAW_BODY_ROUTES = new Set(['/api/payments/webhooks/stripe']);
const jsonRoutes = app.declaredRoutes.filter(
  (route) =>
    WITH_BODY.has(route.method) &&
    !isUpload(route) &&
    !route.url.startsWith('/oidc') &&
    !RAW_BODY_ROUTES.has(route.url),
);
const uploadRoutes = app.declaredRoutes.filter(isUpload);

describe('JSON nested far deeper than any real body', () => {
  const body = `{"a":${deep(10_000)}}`;

  it(`answers 400 validation_error, translated, on every JSON route (${jsonRoutes.length}) and the server stays healthy`, async () => {
    expect(jsonRoutes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of jsonRoutes) {
      const res = await app.inject({
        method: route.method as 'POST',
        url: pathOf(route),
        headers: { ...(await callerOf(route)), 'content-type': 'application/json' },
        payload: body,
      });
      const answer = res.json() as { code?: string; message?: string };
      if (
        res.statusCode !== 400 ||
        answer.code !== 'validation_error' ||
        answer.message !== thai('errors:validation_error')
      ) {
        wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    await expectHealthy();
  });

  it('answers 400 on the sign-in form, in English with what was wrong', async () => {
    const signIn = jsonRoutes.find((route) => route.url === '/signin/:uid/login');
    expect(signIn).toBeDefined();
    const res = await app.inject({
      method: 'POST',
      url: `/signin/${randomUUID()}/login`,
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"a@example.test","password":${deep(10_000, '"x"')}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      message: `The request nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep`,
    });
    await expectHealthy();
  });

  it("leaves the embedded provider's own form posts (token endpoint) without a 5xx", async () => {
    const nestedKeys = `grant_type=authorization_code&code${'[a]'.repeat(10_000)}=x`;
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', nestedKeys],
      ['application/json', body],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBeLessThan(500);
    }
    await expectHealthy();
  });

  it('still takes what real bodies hold: an essay answer 100 levels of HTML deep, and JSON at the limit', async () => {
    const student = await makeUser(app, 'Student', org.id);
    const headers = bearer(await tokenFor(app, student, 3600));
    const assessment = await insertAssessment(app.db, {
      organizationId: org.id,
      questions: [questionOf('essay', 'e1')],
    });
    const started = await app.inject({
      method: 'POST',
      url: `/api/assessments/${assessment.id}/attempts`,
      headers,
    });
    expect(started.statusCode).toBe(201);
    const attemptId = (started.json() as { id: string }).id;

    const html = `${'<blockquote><ul><li>'.repeat(100)}deep thought${'</li></ul></blockquote>'.repeat(100)}`;
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/attempts/${attemptId}/answers/e1`,
      headers,
      payload: { answer: { text: html }, revision: 1, idempotencyKey: randomUUID() },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await app.inject({ method: 'GET', url: `/api/attempts/${attemptId}`, headers });
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain('deep thought');

    // JSON exactly at the limit reaches the route's own checks (this answer's shape is wrong for
    // an essay: 400 answer_invalid or validation_error, never the nesting refusal); one level more does not.
    const atLimit = `{"answer":${deep(MAX_JSON_DEPTH - 1)},"revision":2,"idempotencyKey":"${randomUUID()}"}`;
    const limitRes = await app.inject({
      method: 'PUT',
      url: `/api/attempts/${attemptId}/answers/e1`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: atLimit,
    });
    expect(limitRes.statusCode).toBe(400);
    expect(limitRes.body).not.toContain('levels deep');
    const overLimit = `{"answer":${deep(MAX_JSON_DEPTH)},"revision":2,"idempotencyKey":"${randomUUID()}"}`;
    const overRes = await app.inject({
      method: 'PUT',
      url: `/api/attempts/${attemptId}/answers/e1`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: overLimit,
    });
    expect(overRes.statusCode).toBe(400);
    expect(overRes.body).toContain('levels deep');
  });
});

describe('a multipart body without its closing boundary', () => {
  const boundary = '----vbtruncated';
  const head = (field: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="upload.png"\r\n` +
    'Content-Type: image/png\r\n\r\n';

  it(`answers 400 upload_incomplete, translated, on every upload route (${uploadRoutes.length}) and the server stays healthy`, async () => {
    expect(uploadRoutes.length).toBeGreaterThanOrEqual(8);
    const wrong: string[] = [];
    for (const route of uploadRoutes) {
      const url = pathOf(route);
      const contentType = `multipart/form-data; boundary=${boundary}`;
      // The field the route reads, as its own refusal of a file in another field names it.
      const probe = await app.inject({
        method: route.method as 'POST',
        url,
        headers: { ...(await callerOf(route, 'en')), 'content-type': contentType },
        payload: `${head('not-the-field')}x\r\n--${boundary}--\r\n`,
      });
      const field = /multipart field (\w+)/.exec((probe.json() as { message?: string }).message ?? '')?.[1];
      if (!field) {
        wrong.push(`${route.method} ${route.url}: no field named (${probe.statusCode} ${probe.body})`);
        continue;
      }
      for (const [what, payload] of [
        ['the file part cut off', `${head(field)}some bytes of the file`],
        [
          'the part headers cut off',
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filena`,
        ],
      ] as const) {
        const res = await app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...(await callerOf(route)), 'content-type': contentType },
          payload,
        });
        const answer = res.json() as { code?: string; message?: string };
        if (
          res.statusCode !== 400 ||
          answer.code !== 'upload_incomplete' ||
          answer.message !== thai('errors:upload_incomplete')
        ) {
          wrong.push(`${route.method} ${route.url} (${what}): ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    await expectHealthy();
  });
});

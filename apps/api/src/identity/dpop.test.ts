import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { dpopHeaders, dpopKey, dpopProof, type TestDpopKey } from '../test/dpop.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../test/sign-in.ts';
import { ReplayCache } from './dpop.ts';
import { exchangeCode, followToCode, pkcePair, refresh, startLogin, TestBrowser } from './test-client.ts';

/**
 * DPoP-bound tokens (RFC 9449): the SPA's tokens work only with proofs of the key its
 * browser holds; plain Bearer tokens (other clients, the tests' bearer()) keep working.
 */

const PASSWORD = 'correct horse battery staple';
const PROFILE = 'http://localhost:3999/api/auth/profile';
const epoch = () => Math.floor(Date.now() / 1000);

describe('DPoP-bound access tokens at the API', () => {
  let t: TestApp;
  let user: UserRow;
  let key: TestDpopKey;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const org = await makeOrganization(t.app);
    user = await makeUser(t.app, 'Teacher', org.id);
    key = await dpopKey();
    token = await tokenFor(t.app, user, 900, { cnf: { jkt: key.jkt } });
  });
  afterAll(() => t.close());

  const profile = (headers: Record<string, string>, url = '/api/auth/profile', method: 'GET' = 'GET') =>
    t.app.inject({ method, url, headers });

  it('accepts the token with a proof of its key for this method and URL', async () => {
    const res = await profile(await dpopHeaders(key, token, 'GET', PROFILE));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
  });

  it('compares the URL without its query', async () => {
    const headers = await dpopHeaders(key, token, 'GET', `${PROFILE}?from=proof`);
    expect((await profile(headers, '/api/auth/profile?from=request')).statusCode).toBe(200);
  });

  it('refuses the bound token as a Bearer token, saying DPoP is needed', async () => {
    const res = await profile(bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^DPoP error="invalid_token"/);
    expect(res.headers['www-authenticate']).toContain('algs="ES256');
  });

  it('refuses the bound token without a proof', async () => {
    const res = await profile({ authorization: `DPoP ${token}` });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^DPoP error="invalid_dpop_proof"/);
  });

  it('refuses a proof signed by another key', async () => {
    const other = await dpopKey();
    const res = await profile(await dpopHeaders(other, token, 'GET', PROFILE));
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^DPoP error="invalid_token"/);
  });

  it('refuses a proof made for another URL or another method', async () => {
    const elsewhere = await dpopHeaders(key, token, 'GET', 'http://localhost:3999/api/assessments');
    expect((await profile(elsewhere)).statusCode).toBe(401);
    const otherHost = await dpopHeaders(key, token, 'GET', 'https://attacker.example/api/auth/profile');
    expect((await profile(otherHost)).statusCode).toBe(401);
    const post = await dpopHeaders(key, token, 'POST', PROFILE);
    expect((await profile(post)).statusCode).toBe(401);
  });

  it('refuses a proof used twice', async () => {
    const headers = await dpopHeaders(key, token, 'GET', PROFILE);
    expect((await profile(headers)).statusCode).toBe(200);
    const replayed = await profile(headers);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.headers['www-authenticate']).toContain('already used');
  });

  it('refuses a stale proof and one from the future', async () => {
    const stale = await dpopHeaders(key, token, 'GET', PROFILE, { iat: epoch() - 600 });
    expect((await profile(stale)).statusCode).toBe(401);
    const future = await dpopHeaders(key, token, 'GET', PROFILE, { iat: epoch() + 600 });
    expect((await profile(future)).statusCode).toBe(401);
    // A clock a minute off is within the window the identity provider allows too.
    const skewed = await dpopHeaders(key, token, 'GET', PROFILE, { iat: epoch() - 60 });
    expect((await profile(skewed)).statusCode).toBe(200);
  });

  it('refuses a proof for another token, of another type, or without a jti', async () => {
    const other = await tokenFor(t.app, user, 900, { cnf: { jkt: key.jkt } });
    const forOther = {
      authorization: `DPoP ${token}`,
      dpop: await dpopProof(key, { method: 'GET', url: PROFILE, accessToken: other }),
    };
    expect((await profile(forOther)).statusCode).toBe(401);
    const noAth = {
      authorization: `DPoP ${token}`,
      dpop: await dpopProof(key, { method: 'GET', url: PROFILE }),
    };
    expect((await profile(noAth)).statusCode).toBe(401);
    expect((await profile(await dpopHeaders(key, token, 'GET', PROFILE, { typ: 'JWT' }))).statusCode).toBe(
      401,
    );
    const noJti = await dpopHeaders(key, token, 'GET', PROFILE, { claims: { jti: undefined } });
    expect((await profile(noJti)).statusCode).toBe(401);
  });

  it('refuses a proof with a symmetric algorithm or a private key in its header', async () => {
    const symmetric = await dpopHeaders(key, token, 'GET', PROFILE);
    const [, payload, signature] = symmetric.dpop!.split('.');
    const header = (h: object) => Buffer.from(JSON.stringify(h)).toString('base64url');
    const hs = `${header({ alg: 'HS256', typ: 'dpop+jwt', jwk: key.jwk })}.${payload}.${signature}`;
    expect((await profile({ ...symmetric, dpop: hs })).statusCode).toBe(401);
    const withPrivate = `${header({ alg: 'ES256', typ: 'dpop+jwt', jwk: { ...key.jwk, d: 'AAAA' } })}.${payload}.${signature}`;
    expect((await profile({ ...symmetric, dpop: withPrivate })).statusCode).toBe(401);
  });

  it('accepts an Ed25519 key as the identity provider does', async () => {
    const ed = await dpopKey('Ed25519');
    const edToken = await tokenFor(t.app, user, 900, { cnf: { jkt: ed.jkt } });
    expect((await profile(await dpopHeaders(ed, edToken, 'GET', PROFILE))).statusCode).toBe(200);
  });

  it('keeps plain Bearer tokens working, and refuses them under the DPoP scheme', async () => {
    const plain = await tokenFor(t.app, user);
    expect((await profile(bearer(plain))).statusCode).toBe(200);
    expect((await profile({ authorization: `bearer ${plain}` })).statusCode).toBe(200);
    const res = await profile(await dpopHeaders(key, plain, 'GET', PROFILE));
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^DPoP error="invalid_token"/);
  });

  it('checks the proof on the autosave path too (the account read by the handler)', async () => {
    const student = await makeUser(t.app, 'Student', user.organizationId);
    const studentToken = await tokenFor(t.app, student, 900, { cnf: { jkt: key.jkt } });
    const path = '/api/attempts/00000000-0000-4000-8000-000000000000/answers/q-1';
    const save = (headers: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: path, headers, payload: {} });
    expect((await save(bearer(studentToken))).statusCode).toBe(401);
    const proved = await save(await dpopHeaders(key, studentToken, 'PUT', `http://localhost:3999${path}`));
    expect(proved.statusCode).not.toBe(401);
  });
});

describe('DPoP proofs behind a proxy', () => {
  let t: TestApp;
  let key: TestDpopKey;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://exam.example.org', TRUST_PROXY: '127.0.0.1' });
    const org = await makeOrganization(t.app);
    const user = await makeUser(t.app, 'Teacher', org.id);
    key = await dpopKey();
    token = await tokenFor(t.app, user, 900, { cnf: { jkt: key.jkt } });
  });
  afterAll(() => t.close());

  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'lan.example.org' };
  const call = async (proofUrl: string, remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      remoteAddress,
      headers: { host: 'backend:3000', ...forwarded, ...(await dpopHeaders(key, token, 'GET', proofUrl)) },
    });

  it('takes the URL the client used from a trusted proxy, and the public URL always', async () => {
    expect((await call('https://lan.example.org/api/auth/profile', '127.0.0.1')).statusCode).toBe(200);
    expect((await call('https://exam.example.org/api/auth/profile', '127.0.0.1')).statusCode).toBe(200);
  });

  it('does not let an untrusted client name the host the proof is checked against', async () => {
    expect((await call('https://lan.example.org/api/auth/profile', '10.9.9.9')).statusCode).toBe(401);
    expect((await call('http://backend:3000/api/auth/profile', '10.9.9.9')).statusCode).toBe(200);
    expect((await call('https://exam.example.org/api/auth/profile', '10.9.9.9')).statusCode).toBe(200);
  });
});

describe('DPoP through the identity provider', () => {
  let t: TestApp;
  let orgId: string;
  let ip = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    orgId = (await makeOrganization(t.app)).id;
  });
  afterAll(() => t.close());

  const TOKEN_URL = 'http://localhost:3999/oidc/token';

  /** The SPA's sign-in: authorize (with dpop_jkt), log in, redeem the code with a proof. */
  async function signInWithKey(key: TestDpopKey) {
    const user = await makeUser(t.app, 'Student', orgId, { password: PASSWORD });
    const browser = new TestBrowser(t.app);
    const { verifier, challenge } = pkcePair();
    const uid = await startLogin(browser, challenge);
    const login = await browser.request({
      method: 'POST',
      url: `/signin/${uid}/login`,
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: `10.7.0.${++ip}`,
    });
    expect(login.statusCode).toBe(200);
    const code = await followToCode(browser, login.json<{ redirectTo: string }>().redirectTo);
    const res = await exchangeCode(browser, code, verifier, {
      dpop: await dpopProof(key, { method: 'POST', url: TOKEN_URL }),
    });
    expect(res.statusCode).toBe(200);
    return { user, browser, tokens: res.json() };
  }

  it('binds the access and refresh tokens to the key the browser proved', async () => {
    const key = await dpopKey();
    const { user, tokens } = await signInWithKey(key);
    expect(tokens.token_type).toBe('DPoP');
    expect(decodeJwt(tokens.access_token).cnf).toEqual({ jkt: key.jkt });

    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: await dpopHeaders(key, tokens.access_token, 'GET', PROFILE),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(user.id);
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(tokens.access_token),
    });
    expect(asBearer.statusCode).toBe(401);
  });

  it('refuses to refresh a bound refresh token without a proof, or with another key', async () => {
    const key = await dpopKey();
    const { browser, tokens } = await signInWithKey(key);

    const without = await refresh(browser, tokens.refresh_token);
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toBe('invalid_grant');

    const thief = await dpopKey();
    const stolen = await refresh(browser, tokens.refresh_token, {
      dpop: await dpopProof(thief, { method: 'POST', url: TOKEN_URL }),
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe('invalid_grant');

    // The browser that holds the key still refreshes, and its new token is bound to the same key.
    const own = await refresh(browser, tokens.refresh_token, {
      dpop: await dpopProof(key, { method: 'POST', url: TOKEN_URL }),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().token_type).toBe('DPoP');
    expect(decodeJwt(own.json().access_token).cnf).toEqual({ jkt: key.jkt });
  });

  it('refuses to redeem a code bound to one key (dpop_jkt) with a proof of another', async () => {
    const key = await dpopKey();
    const thief = await dpopKey();
    const user = await makeUser(t.app, 'Student', orgId, { password: PASSWORD });
    const browser = new TestBrowser(t.app);
    const { verifier, challenge } = pkcePair();
    const params = new URLSearchParams({
      client_id: t.app.config.OIDC_CLIENT_ID,
      response_type: 'code',
      redirect_uri: 'http://localhost:3999/auth/callback',
      scope: 'openid offline_access',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      dpop_jkt: key.jkt,
    });
    const start = await browser.request({ method: 'GET', url: `/oidc/auth?${params}` });
    expect(start.statusCode).toBe(303);
    const uid = /\/signin\/([^/?]+)$/.exec(String(start.headers.location))![1]!;
    const login = await browser.request({
      method: 'POST',
      url: `/signin/${uid}/login`,
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: `10.7.0.${++ip}`,
    });
    const code = await followToCode(browser, login.json<{ redirectTo: string }>().redirectTo);
    const res = await exchangeCode(browser, code, verifier, {
      dpop: await dpopProof(thief, { method: 'POST', url: TOKEN_URL }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers a browser whose clock is off with a nonce, and takes the proof that carries it', async () => {
    const key = await dpopKey();
    const user = await makeUser(t.app, 'Student', orgId, { password: PASSWORD });
    const browser = new TestBrowser(t.app);
    const { verifier, challenge } = pkcePair();
    const uid = await startLogin(browser, challenge);
    const login = await browser.request({
      method: 'POST',
      url: `/signin/${uid}/login`,
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: `10.7.0.${++ip}`,
    });
    const code = await followToCode(browser, login.json<{ redirectTo: string }>().redirectTo);
    const skewed = epoch() - 2 * 3600;
    const first = await exchangeCode(browser, code, verifier, {
      dpop: await dpopProof(key, { method: 'POST', url: TOKEN_URL, iat: skewed }),
    });
    expect(first.statusCode).toBe(400);
    expect(first.json().error).toBe('use_dpop_nonce');
    const nonce = String(first.headers['dpop-nonce']);
    expect(nonce).not.toBe('undefined');
    const second = await exchangeCode(browser, code, verifier, {
      dpop: await dpopProof(key, { method: 'POST', url: TOKEN_URL, iat: skewed, claims: { nonce } }),
    });
    expect(second.statusCode).toBe(200);
    expect(decodeJwt(second.json().access_token).cnf).toEqual({ jkt: key.jkt });
  });

  it('still issues plain Bearer tokens to a client that sends no proof', async () => {
    const user = await makeUser(t.app, 'Student', orgId, { password: PASSWORD });
    const browser = new TestBrowser(t.app);
    const { verifier, challenge } = pkcePair();
    const uid = await startLogin(browser, challenge);
    const login = await browser.request({
      method: 'POST',
      url: `/signin/${uid}/login`,
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: `10.7.0.${++ip}`,
    });
    const code = await followToCode(browser, login.json<{ redirectTo: string }>().redirectTo);
    const tokens = (await exchangeCode(browser, code, verifier)).json();
    expect(tokens.token_type).toBe('Bearer');
    expect(decodeJwt(tokens.access_token).cnf).toBeUndefined();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(tokens.access_token),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the replay cache', () => {
  it('remembers a proof until it expires, then forgets it', () => {
    const cache = new ReplayCache();
    expect(cache.firstUse('a', 100, 50)).toBe(true);
    expect(cache.firstUse('a', 100, 60)).toBe(false);
    expect(cache.firstUse('b', 200, 150)).toBe(true);
    expect(cache.size).toBe(1);
    expect(cache.firstUse('a', 300, 160)).toBe(true);
  });

  it('stays within its bound, forgetting the oldest first', () => {
    const cache = new ReplayCache(3);
    for (const id of ['a', 'b', 'c', 'd']) expect(cache.firstUse(id, 1000, 0)).toBe(true);
    expect(cache.size).toBeLessThanOrEqual(3);
    expect(cache.firstUse('d', 1000, 1)).toBe(false);
  });
});

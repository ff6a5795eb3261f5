import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index.ts';
import { issueAccountToken } from '../modules/users/users.tokens.ts';
import { LIMITS } from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser } from '../test/sign-in.ts';
import { findUserById, updateUser } from '../modules/users/users.repository.ts';
import {
  authorizeUrl,
  exchangeCode,
  followToCode,
  pkcePair,
  refresh,
  signInThroughProvider,
  startLogin,
  TestBrowser,
} from './test-client.ts';

const PASSWORD = 'correct horse battery staple';
const DEV_CALLBACK = 'http://localhost:5173/auth/callback';

describe('embedded OpenID provider', () => {
  let t: TestApp;
  let orgId: string;
  let ip = 0;
  /**
   * Each test signs in from its own address (its own TCP peer, as a separate machine would be) so
   * the per-address limit of one never hits another.
   */
  const address = () => `10.1.0.${++ip}`;

  beforeAll(async () => {
    t = await buildTestApp({ OIDC_EXTRA_REDIRECT_URIS: DEV_CALLBACK });
    orgId = (await makeOrganization(t.app)).id;
  });
  afterAll(() => t.close());

  const newUser = (overrides: Parameters<typeof makeUser>[3] = {}) =>
    makeUser(t.app, 'Teacher', orgId, { password: PASSWORD, ...overrides });

  const login = (
    browser: TestBrowser,
    uid: string,
    email: string,
    password: string,
    remoteAddress = address(),
    headers: Record<string, string> = {},
  ) =>
    browser.request({
      method: 'POST',
      url: `/signin/${uid}/login`,
      payload: { email, password },
      remoteAddress,
      headers,
    });

  it('publishes a discovery document and public keys only', async () => {
    const browser = new TestBrowser(t.app);
    const res = await browser.request({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      issuer: 'http://localhost:3999/oidc',
      authorization_endpoint: 'http://localhost:3999/oidc/auth',
      token_endpoint: 'http://localhost:3999/oidc/token',
      end_session_endpoint: 'http://localhost:3999/oidc/session/end',
      jwks_uri: 'http://localhost:3999/oidc/jwks',
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(doc.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']),
    );
    expect(doc.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );

    const jwks = (await browser.request({ method: 'GET', url: '/oidc/jwks' })).json<JSONWebKeySet>();
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).not.toHaveProperty('d');
      expect(key).not.toHaveProperty('p');
    }
  });

  it('tells the SPA which issuer, client and scopes to use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      issuer: 'http://localhost:3999/oidc',
      clientId: 'vbuilder-web',
      scopes: 'openid profile email offline_access',
      learningPlatformUrl: t.app.config.LEARNING_PLATFORM_URL,
      supportUrl: t.app.config.SUPPORT_URL,
      billingSupportEmail: t.app.config.BILLING_SUPPORT_EMAIL,
      // No OPENAI_API_KEY here: the AI screens say so before anyone types a request.
      aiConfigured: false,
    });
  });

  it('signs in with code + PKCE and issues tokens the API accepts', async () => {
    const user = await newUser();
    const browser = new TestBrowser(t.app);
    const { verifier, challenge } = pkcePair();

    const authorize = await browser.request({
      method: 'GET',
      url: authorizeUrl(t.app, { challenge, extra: { login_hint: user.email } }),
    });
    expect(authorize.statusCode).toBe(303);
    const uid = /\/signin\/([^/?]+)$/.exec(String(authorize.headers.location))![1]!;
    expect(String(authorize.headers['set-cookie'])).toContain(`path=/signin/${uid}`);

    const details = await browser.request({ method: 'GET', url: `/signin/${uid}/details` });
    expect(details.statusCode).toBe(200);
    expect(details.headers['cache-control']).toBe('no-store');
    expect(details.json()).toEqual({ uid, prompt: 'login', clientId: 'vbuilder-web', loginHint: user.email });

    const before = Date.now();
    const res = await login(browser, uid, user.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    const { redirectTo } = res.json<{ redirectTo: string }>();
    expect(redirectTo).toBe(`http://localhost:3999/oidc/auth/${uid}`);

    const code = await followToCode(browser, redirectTo);
    const tokenRes = await exchangeCode(browser, code, verifier);
    expect(tokenRes.statusCode).toBe(200);
    const tokens = tokenRes.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(tokens.refresh_token).toEqual(expect.any(String));

    // The access token: a JWT for the API, signed by the published keys, with docs/product/data.md's claims.
    const jwks = createLocalJWKSet((await browser.request({ method: 'GET', url: '/oidc/jwks' })).json());
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
      issuer: 'http://localhost:3999/oidc',
      audience: 'http://localhost:3999/api',
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(payload).toMatchObject({
      sub: user.id,
      client_id: 'vbuilder-web',
      organization_id: orgId,
      realm_access: { roles: ['Teacher'] },
      resource_access: { 'vbuilder-web': { roles: ['Teacher'] } },
      sid: expect.any(String),
    });
    expect(payload.exp! - payload.iat!).toBe(900);

    const idToken = await jwtVerify(tokens.id_token, jwks, { audience: 'vbuilder-web' });
    expect(idToken.payload).toMatchObject({
      sub: user.id,
      email: user.email,
      name: user.name,
      role: 'Teacher',
      organization_id: orgId,
      nonce: 'nonce-123',
    });

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(tokens.access_token),
    });
    expect(profile.statusCode).toBe(200);

    const stored = await findUserById(t.app.db, user.id);
    expect(stored!.loginStatus).toBe('logged_in');
    expect(stored!.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // The code is single-use.
    const again = await exchangeCode(browser, code, verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
  });

  it('keeps the provider session: a second authorization needs no password', async () => {
    const user = await newUser();
    const browser = new TestBrowser(t.app);
    await signInThroughProvider(browser, user.email, PASSWORD);
    const { verifier, challenge } = pkcePair();
    const code = await followToCode(browser, authorizeUrl(t.app, { challenge }));
    expect((await exchangeCode(browser, code, verifier)).statusCode).toBe(200);
  });

  it('refreshes with rotation, keeps the audience, and refuses a reused refresh token', async () => {
    const user = await newUser();
    const browser = new TestBrowser(t.app);
    const tokens = await signInThroughProvider(browser, user.email, PASSWORD);

    const first = await refresh(browser, tokens.refresh_token!);
    expect(first.statusCode).toBe(200);
    const renewed = first.json();
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    const claims = decodeJwt(renewed.access_token);
    expect(claims).toMatchObject({
      aud: 'http://localhost:3999/api',
      sub: user.id,
      sid: decodeJwt(tokens.access_token).sid,
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(renewed.access_token),
    });
    expect(profile.statusCode).toBe(200);

    // Reuse of a rotated token is theft or a bug: it fails, and revokes the whole grant.
    const reused = await refresh(browser, tokens.refresh_token!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');
    expect((await refresh(browser, renewed.refresh_token)).statusCode).toBe(400);
  });

  it('refuses to refresh for a user deactivated since sign-in', async () => {
    const user = await newUser();
    const browser = new TestBrowser(t.app);
    const tokens = await signInThroughProvider(browser, user.email, PASSWORD);
    await updateUser(t.app.db, user.id, { status: 'inactive' });
    const res = await refresh(browser, tokens.refresh_token!);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
    // And the session no longer counts: the next authorization asks for a password again.
    const again = await browser.request({ method: 'GET', url: authorizeUrl(t.app) });
    expect(again.statusCode).toBe(303);
    expect(String(again.headers.location)).toMatch(/^\/signin\//);
  });

  it('requires PKCE with S256', async () => {
    const browser = new TestBrowser(t.app);
    for (const options of [{ challenge: null }, { method: 'plain' }]) {
      const res = await browser.request({ method: 'GET', url: authorizeUrl(t.app, options) });
      expect(res.statusCode).toBe(303);
      const location = new URL(String(res.headers.location));
      expect(location.pathname).toBe('/auth/callback');
      expect(location.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('refuses a code exchange without the verifier', async () => {
    const user = await newUser();
    const browser = new TestBrowser(t.app);
    const { challenge } = pkcePair();
    const uid = await startLogin(browser, challenge);
    const res = await login(browser, uid, user.email, PASSWORD);
    const code = await followToCode(browser, res.json().redirectTo);
    const tokens = await exchangeCode(browser, code, pkcePair().verifier);
    expect(tokens.statusCode).toBe(400);
    expect(tokens.json().error).toBe('invalid_grant');
  });

  it('refuses an unregistered redirect URI with a plain error page', async () => {
    const browser = new TestBrowser(t.app);
    const res = await browser.request({
      method: 'GET',
      url: authorizeUrl(t.app, { redirectUri: 'https://evil.example/auth/callback' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('redirect_uri');
    expect(res.body).not.toMatch(/<script>|at .*\.js:\d+/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('accepts the configured extra redirect URI and lets its origin call the token endpoint', async () => {
    const browser = new TestBrowser(t.app);
    const res = await browser.request({
      method: 'GET',
      url: authorizeUrl(t.app, { redirectUri: DEV_CALLBACK }),
    });
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toMatch(/^\/signin\//);

    const preflight = await browser.request({
      method: 'OPTIONS',
      url: '/oidc/token',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const user = await newUser();
    const browser = new TestBrowser(t.app);
    const uid = await startLogin(browser, pkcePair().challenge);
    const wrong = await login(browser, uid, user.email, 'not the password');
    const unknown = await login(browser, uid, 'nobody@example.test', PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'invalid_credentials',
        message: 'The email or password is incorrect',
      });
    }
  });

  it('validates the sign-in body', async () => {
    const browser = new TestBrowser(t.app);
    const uid = await startLogin(browser, pkcePair().challenge);
    const res = await browser.request({
      method: 'POST',
      url: `/signin/${uid}/login`,
      payload: { email: 'not-an-email', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
  });

  it('refuses deactivated and unactivated accounts with their own codes', async () => {
    const inactive = await newUser({ status: 'inactive' });
    const pending = await newUser({ status: 'pending' });
    const browser = new TestBrowser(t.app);
    const uid = await startLogin(browser, pkcePair().challenge);

    const a = await login(browser, uid, inactive.email, PASSWORD);
    expect(a.statusCode).toBe(403);
    expect(a.json().code).toBe('account_inactive');
    const b = await login(browser, uid, pending.email, PASSWORD);
    expect(b.statusCode).toBe(403);
    expect(b.json().code).toBe('account_not_activated');
    // Without the right password the state of the account is not revealed.
    const c = await login(browser, uid, pending.email, 'wrong password!');
    expect(c.json().code).toBe('invalid_credentials');
  });

  describe('wrong passwords slow a guesser down and never keep the owner out', () => {
    afterEach(() => vi.useRealTimers());
    /** Moves the clock the throttle reads (only Date: timers and I/O run as usual). */
    const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

    it('from one address: free attempts, then a wait that doubles with each failure; the right password is never locked out', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const user = await newUser();
      const browser = new TestBrowser(t.app);
      const uid = await startLogin(browser, pkcePair().challenge);
      const from = address();
      for (let i = 0; i <= LIMITS.loginAttemptsPerAccount; i++) {
        expect((await login(browser, uid, user.email, `wrong ${i}`, from)).statusCode).toBe(401);
      }
      const waiting = await login(browser, uid, user.email, PASSWORD, from);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().code).toBe('rate_limited');
      expect(waiting.headers['retry-after']).toBe('1');
      advance(1.1);
      expect((await login(browser, uid, user.email, 'wrong again', from)).statusCode).toBe(401);
      expect((await login(browser, uid, user.email, PASSWORD, from)).headers['retry-after']).toBe('2');
      advance(2.1);
      // A wait, not a lock: once it is over the right password signs in, and the counter starts again.
      expect((await login(browser, uid, user.email, PASSWORD, from)).statusCode).toBe(200);
      // Another account is not affected at any point.
      const other = await newUser();
      const fresh = new TestBrowser(t.app);
      expect(
        (await login(fresh, await startLogin(fresh, pkcePair().challenge), other.email, PASSWORD, from))
          .statusCode,
      ).toBe(200);
    });

    it('guesses spread over many addresses delay others by a minute at most, never the owner on their own browser; the owner is told once', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const user = await newUser();
      // The owner signed in once on this browser: it keeps the device cookie.
      const owner = new TestBrowser(t.app);
      expect(
        (await login(owner, await startLogin(owner, pkcePair().challenge), user.email, PASSWORD)).statusCode,
      ).toBe(200);

      // A guesser sprays wrong passwords from 20 addresses (127.0.0.x: separate peers): the
      // allowance from everywhere, then six more, waiting each time as long as it is told.
      const guesser = new TestBrowser(t.app);
      const guessUid = await startLogin(guesser, pkcePair().challenge);
      for (let i = 0; i < 2 * LIMITS.loginAttemptsPerAccount + 6; i++) {
        const guess = () => login(guesser, guessUid, user.email, `guess ${i}`, `127.0.0.${2 + (i % 20)}`);
        let res = await guess();
        while (res.statusCode === 429) {
          advance(Number(res.headers['retry-after']));
          res = await guess();
        }
        expect(res.statusCode).toBe(401);
      }
      // From a new place the owner may wait, a minute at most.
      const elsewhere = new TestBrowser(t.app);
      const waited = await login(
        elsewhere,
        await startLogin(elsewhere, pkcePair().challenge),
        user.email,
        PASSWORD,
        '127.0.0.99',
      );
      expect(waited.statusCode).toBe(429);
      expect(Number(waited.headers['retry-after'])).toBeLessThanOrEqual(60);
      // On their own browser, at once, from any address.
      const again = await login(
        owner,
        await startLogin(owner, pkcePair().challenge),
        user.email,
        PASSWORD,
        '127.0.0.2',
      );
      expect(again.statusCode).toBe(200);

      const told = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
      const warnings = told.filter(
        (m) => m.subject === 'Unsuccessful sign-in attempts on your vbuilder account',
      );
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.text).toContain(
        `with a wrong password ${2 * LIMITS.loginAttemptsPerAccount} times`,
      );
      expect(warnings[0]!.text).toContain('/forgotpassword?lng=en');
    });

    it('a device cookie is only good for the account it was given for, and cannot be forged', async () => {
      const user = await newUser();
      const victim = await newUser();
      const browser = new TestBrowser(t.app);
      expect(
        (await login(browser, await startLogin(browser, pkcePair().challenge), user.email, PASSWORD))
          .statusCode,
      ).toBe(200);
      const cookie = browser.cookies.get('vb_device');
      expect(cookie).toMatch(/^[0-9a-f-]{36}\.[\w-]+$/);
      const [deviceId] = cookie!.split('.');
      // Its own account's cookie does not exempt another account's guesses from the shared counters.
      const uid = await startLogin(browser, pkcePair().challenge);
      const from = address();
      for (let i = 0; i <= LIMITS.loginAttemptsPerAccount; i++) {
        expect((await login(browser, uid, victim.email, `wrong ${i}`, from)).statusCode).toBe(401);
      }
      expect((await login(browser, uid, victim.email, PASSWORD, from)).statusCode).toBe(429);
      // Nor does a forged one (the device id with a made-up signature).
      browser.cookies.set('vb_device', `${deviceId}.forged`);
      expect((await login(browser, uid, victim.email, PASSWORD, from)).statusCode).toBe(429);
    });
  });

  it('pauses an address after repeated failures across accounts', { timeout: 120_000 }, async () => {
    const browser = new TestBrowser(t.app);
    const uid = await startLogin(browser, pkcePair().challenge);
    const from = '10.9.9.9';
    // The allowance, then one more failure: the next attempt from there waits.
    for (let i = 0; i <= LIMITS.loginAttemptsPerAddress; i++) {
      const res = await login(browser, uid, `someone${i}@example.test`, PASSWORD, from);
      expect(res.statusCode).toBe(401);
    }
    const user = await newUser();
    const blocked = await login(browser, uid, user.email, PASSWORD, from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
  });

  it('keys the address limit on the TCP peer: a rotating X-Forwarded-For escapes nothing (TRUST_PROXY off)', async () => {
    const browser = new TestBrowser(t.app);
    const uid = await startLogin(browser, pkcePair().challenge);
    const from = '10.9.9.10';
    for (let i = 0; i <= LIMITS.loginAttemptsPerAddress; i++) {
      const spoofed = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      const res = await login(browser, uid, `nobody${i}@example.test`, PASSWORD, from, spoofed);
      expect(res.statusCode).toBe(401);
    }
    const user = await newUser();
    const blocked = await login(browser, uid, user.email, PASSWORD, from, {
      'x-forwarded-for': '203.0.113.99',
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('answers interaction_expired for an unknown or cookie-less interaction', async () => {
    const browser = new TestBrowser(t.app);
    const res = await browser.request({ method: 'GET', url: '/signin/nope/details' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('interaction_expired');

    const uid = await startLogin(browser, pkcePair().challenge);
    const otherPath = await browser.request({ method: 'GET', url: '/signin/other-uid/details' });
    expect(otherPath.statusCode).toBe(404);
    const stranger = new TestBrowser(t.app);
    const login = await stranger.request({
      method: 'POST',
      url: `/signin/${uid}/login`,
      payload: { email: 'a@example.test', password: 'whatever' },
    });
    expect(login.statusCode).toBe(404);
    expect(login.json().code).toBe('interaction_expired');
  });

  it('lets the user cancel: the client receives access_denied', async () => {
    const browser = new TestBrowser(t.app);
    const uid = await startLogin(browser, pkcePair().challenge);
    const res = await browser.request({
      method: 'POST',
      url: `/signin/${uid}/abort`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const resumed = await browser.request({ method: 'GET', url: res.json().redirectTo });
    const location = new URL(String(resumed.headers.location));
    expect(location.pathname).toBe('/auth/callback');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('state-123');
  });

  it('never shows a consent page: an explicit consent prompt is finished by the server', async () => {
    const user = await newUser();
    const browser = new TestBrowser(t.app);
    await signInThroughProvider(browser, user.email, PASSWORD);
    const { verifier, challenge } = pkcePair();
    const res = await browser.request({
      method: 'GET',
      url: authorizeUrl(t.app, { challenge, extra: { prompt: 'consent' } }),
    });
    const uid = /\/signin\/([^/?]+)$/.exec(String(res.headers.location))![1]!;
    const details = await browser.request({ method: 'GET', url: `/signin/${uid}/details` });
    expect(details.json()).toMatchObject({ uid, prompt: 'consent', redirectTo: expect.any(String) });
    const code = await followToCode(browser, details.json().redirectTo);
    expect((await exchangeCode(browser, code, verifier)).statusCode).toBe(200);
  });

  it('signs out at end_session without a question, and ends the tokens with it', async () => {
    const user = await newUser();
    const browser = new TestBrowser(t.app);
    const tokens = await signInThroughProvider(browser, user.email, PASSWORD);
    const api = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/notifications/preferences',
        headers: bearer(tokens.access_token),
      });
    expect((await api()).statusCode).toBe(200);

    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'http://localhost:3999/',
      state: 'bye',
    });
    const page = await browser.request({ method: 'GET', url: `/oidc/session/end?${params}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // No inline script: the page submits itself with a same-origin file.
    expect(page.body).not.toMatch(/<script>/);
    expect(page.body).toContain('<script src="/signin/auto-submit.js" defer></script>');
    const script = await browser.request({ method: 'GET', url: '/signin/auto-submit.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');

    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
    expect(page.body).toContain('name="logout" value="yes"');
    const confirm = await browser.request({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('http://localhost:3999/?state=bye');

    expect((await findUserById(t.app.db, user.id))!.loginStatus).toBe('logged_out');
    expect((await refresh(browser, tokens.refresh_token!)).statusCode).toBe(400);
    // The access token stops at once, not when it expires.
    const after = await api();
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('The session has ended');
    const again = await browser.request({ method: 'GET', url: authorizeUrl(t.app) });
    expect(String(again.headers.location)).toMatch(/^\/signin\//);
  });

  it('sends a visitor without a session straight on from end_session', async () => {
    const browser = new TestBrowser(t.app);
    const res = await browser.request({ method: 'GET', url: '/oidc/session/end' });
    // No account: the provider's own self-submitting form, allowed by a script hash it adds to the CSP.
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    // Its form may end at the dev server's origin (a post-logout URI there), so form-action allows it.
    expect(res.headers['content-security-policy']).toMatch(/form-action 'self'[^;]* http:\/\/localhost:5173/);
    const success = await browser.request({ method: 'GET', url: '/oidc/session/end/success' });
    expect(success.statusCode).toBe(303);
    expect(success.headers.location).toBe('http://localhost:3999/');
  });
});

describe('external issuer mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      OIDC_ISSUER: 'https://sso.example.test/realms/schools/',
      BILLING_SUPPORT_EMAIL: 'accounts@school-billing.test',
    });
  });
  afterAll(() => t.close());

  it('does not mount the embedded provider and points the SPA to the external issuer', async () => {
    const discovery = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(404);
    const signin = await t.app.inject({ method: 'GET', url: '/signin/abc/details' });
    expect(signin.statusCode).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.json()).toMatchObject({
      issuer: 'https://sso.example.test/realms/schools',
      clientId: 'vbuilder-web',
      scopes: 'openid profile email offline_access',
      // The configured billing support address reaches Payment History's mail button.
      billingSupportEmail: 'accounts@school-billing.test',
    });
  });
});

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('keys the address limit on the address the proxy saw, whatever the client wrote before it', async () => {
    const browser = new TestBrowser(t.app);
    const uid = await startLogin(browser, pkcePair().challenge);
    const proxy = '10.0.0.1';
    // The proxy appends the address it saw: only that right-most entry is the client.
    const through = (clientWrote: string, proxySaw: string) => ({
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': `${clientWrote}, ${proxySaw}` },
    });
    const attempt = (email: string, via: ReturnType<typeof through>) =>
      browser.request({
        method: 'POST',
        url: `/signin/${uid}/login`,
        payload: { email, password: 'wrong' },
        ...via,
      });
    for (let i = 0; i <= LIMITS.loginAttemptsPerAddress; i++) {
      const res = await attempt(`x${i}@example.test`, through(`198.51.100.${i + 1}`, '192.0.2.7'));
      expect(res.statusCode).toBe(401);
    }
    expect((await attempt('y@example.test', through('198.51.100.200', '192.0.2.7'))).statusCode).toBe(429);
    // Another client behind the same proxy is not affected.
    expect((await attempt('z@example.test', through('192.0.2.7', '192.0.2.8'))).statusCode).toBe(401);
  });
});

describe('sessions after a password change or reset', () => {
  let t: TestApp;
  const PASSWORD = 'Lanterns over the Mekong 1987';
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a change ends every other session (tokens and refresh) and keeps this one; a reset ends them all', async () => {
    const org = await makeOrganization(t.app);
    const user = await makeUser(t.app, 'Teacher', org.id, { password: PASSWORD });
    const here = new TestBrowser(t.app);
    const elsewhere = new TestBrowser(t.app);
    const mine = await signInThroughProvider(here, user.email, PASSWORD);
    const theirs = await signInThroughProvider(elsewhere, user.email, PASSWORD);
    const api = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: bearer(token) });
    expect((await api(theirs.access_token)).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/change-password',
      headers: bearer(mine.access_token),
      payload: { currentPassword: PASSWORD, newPassword: 'Quiet harbour at dawn 2031 kites' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await api(theirs.access_token)).statusCode).toBe(401);
    expect((await refresh(elsewhere, theirs.refresh_token!)).statusCode).toBe(400);
    expect((await api(mine.access_token)).statusCode).toBe(200);
    expect((await refresh(here, mine.refresh_token!)).statusCode).toBe(200);

    const resetToken = await issueAccountToken(t.app.db, {
      userId: user.id,
      purpose: 'reset',
      now: new Date(),
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/reset-password',
      payload: { token: resetToken, password: 'Seven green herons over Dhaka' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await api(mine.access_token)).statusCode).toBe(401);
  });
});

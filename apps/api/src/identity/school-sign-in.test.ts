import { decodeJwt } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents, schoolSignInLinks, users } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, signInAs, tokenFor } from '../test/sign-in.ts';
import {
  exchangeCode,
  followToCode,
  pkcePair,
  startLogin,
  TestBrowser,
  type TokenSet,
} from './test-client.ts';

/**
 * Sign-in with a school's own provider, brokered by the embedded one (docs/product/school-sign-in.md),
 * against a second, real OpenID provider: oauth2-mock-server on loopback issues the school's ID
 * tokens (signed RS256, discovery and key set served), shaped per test through its
 * beforeTokenSigning hook. The browser walks: our authorize → /signin/:uid → the school's authorize
 * → our callback → our authorize again → the SPA's callback with a code → our token endpoint.
 */

const CLIENT_ID = 'vbuilder-at-school';
const CLIENT_SECRET = 'school-secret-value';

describe('sign-in with the school provider', () => {
  let t: TestApp;
  let school: OAuth2Server;
  let issuer: string;
  let orgId: string;
  let adminHeaders: Record<string, string>;
  /** What the school's next ID token says, on top of the mock's iss, aud, sub, exp, nonce. */
  let idToken: Record<string, unknown> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    school = new OAuth2Server();
    await school.issuer.keys.generate('RS256');
    await school.start(0, '127.0.0.1');
    issuer = school.issuer.url!;
    school.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
      // The access token carries a scope; the ID token does not.
      if (!('scope' in token.payload)) Object.assign(token.payload, idToken);
    });
    const org = await makeOrganization(t.app, 'Riverside School');
    orgId = org.id;
    ({ headers: adminHeaders } = await signInAs(t.app, 'Administrator', orgId));
  });
  afterAll(async () => {
    await school.stop();
    await t.close();
  });

  const save = (body: Record<string, unknown>, headers = adminHeaders, id = orgId) =>
    t.app.inject({ method: 'PUT', url: `/api/organizations/${id}/school-sign-in`, headers, payload: body });

  const settings = (overrides: Record<string, unknown> = {}) => ({
    enabled: true,
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    emailDomains: ['riverside.example'],
    roleClaim: 'groups',
    roleMappings: [
      { value: 'staff', role: 'Teacher' },
      { value: 'it-admins', role: 'Administrator' },
    ],
    defaultRole: 'Student',
    mode: 'just_in_time',
    ...overrides,
  });

  beforeEach(async () => {
    idToken = {};
    const res = await save(settings());
    expect(res.statusCode, res.body).toBe(200);
  });

  /** Up to the school: returns the browser and the callback URL the school redirects to. */
  async function toSchool(email: string) {
    const browser = new TestBrowser(t.app);
    const { verifier, challenge } = pkcePair();
    const uid = await startLogin(browser, challenge);
    const lookup = await browser.request({
      method: 'GET',
      url: `/signin/${uid}/school?email=${encodeURIComponent(email)}`,
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toEqual({ organizationName: 'Riverside School' });
    const start = await browser.request({ method: 'POST', url: `/signin/${uid}/school`, payload: { email } });
    expect(start.statusCode, start.body).toBe(200);
    const authorize = new URL(start.json<{ redirectTo: string }>().redirectTo);
    expect(authorize.origin + '/').toBe(new URL(issuer).origin + '/');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3999/signin/school/callback');
    // The school's provider (a real HTTP server) answers with a redirect to our callback.
    const atSchool = await fetch(authorize, { redirect: 'manual' });
    expect(atSchool.status).toBe(302);
    return { browser, uid, verifier, callback: String(atSchool.headers.get('location')) };
  }

  /** The whole walk; returns our tokens, or the error code the sign-in page is sent back with. */
  async function signIn(email: string): Promise<{ tokens?: TokenSet; error?: string }> {
    const { browser, uid, verifier, callback } = await toSchool(email);
    const back = await browser.request({ method: 'GET', url: callback });
    expect(back.statusCode, back.body).toBe(303);
    const location = new URL(String(back.headers.location), browser.origin);
    if (location.pathname === `/signin/${uid}`) return { error: location.searchParams.get('error') ?? '' };
    const code = await followToCode(browser, location.href);
    const tokens = await exchangeCode(browser, code, verifier);
    expect(tokens.statusCode, tokens.body).toBe(200);
    return { tokens: tokens.json<TokenSet>() };
  }

  const countUsers = async () => (await t.app.db.select({ id: users.id }).from(users)).length;
  const countLinks = async () => (await t.app.db.select().from(schoolSignInLinks)).length;

  it('creates an account just in time, with the mapped role in the organization, and signs it in', async () => {
    idToken = {
      sub: 'school-sub-1',
      email: 'Ada.Teacher@Riverside.example',
      email_verified: true,
      name: 'Ada Teacher',
      groups: ['staff'],
    };
    const { tokens, error } = await signIn('ada.teacher@riverside.example');
    expect(error).toBeUndefined();
    const claims = decodeJwt(tokens!.id_token);
    const [user] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.email, 'ada.teacher@riverside.example'));
    expect(user).toMatchObject({
      organizationId: orgId,
      role: 'Teacher',
      name: 'Ada Teacher',
      status: 'active',
      passwordHash: null,
    });
    expect(claims).toMatchObject({ sub: user!.id, role: 'Teacher', organization_id: orgId });
    // The API accepts the access token as that user.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(tokens!.access_token),
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const created = await t.app.db.select().from(auditEvents).where(eq(auditEvents.targetId, user!.id));
    expect(created.map((e) => e.action).sort()).toEqual(['user.created', 'user.school_sign_in_linked']);

    // Next time the (issuer, sub) link finds the account, even if the school changed the address.
    idToken = { sub: 'school-sub-1', email: 'ada.t@riverside.example', email_verified: true, groups: [] };
    const again = await signIn('ada.t@riverside.example');
    expect(decodeJwt(again.tokens!.id_token).sub).toBe(user!.id);
  });

  it("takes Microsoft Entra's xms_edov for a verified address, with roles from the roles claim", async () => {
    expect(
      (await save(settings({ roleClaim: 'roles', roleMappings: [{ value: 'Teacher', role: 'Teacher' }] })))
        .statusCode,
    ).toBe(200);
    idToken = {
      sub: 'entra-oid-1',
      tid: 'tenant-1',
      email: 'dee@riverside.example',
      xms_edov: true,
      roles: ['Teacher'],
    };
    const { tokens } = await signIn('dee@riverside.example');
    expect(decodeJwt(tokens!.id_token)).toMatchObject({ role: 'Teacher', organization_id: orgId });
  });

  it('gives the default role when no mapping matches', async () => {
    idToken = { sub: 'school-sub-2', email: 'bo@riverside.example', email_verified: true, groups: 'pupils' };
    const { tokens } = await signIn('bo@riverside.example');
    expect(decodeJwt(tokens!.id_token)).toMatchObject({ role: 'Student', organization_id: orgId });
  });

  it('in invitation mode signs in an existing account of the organization and refuses anyone else', async () => {
    expect((await save(settings({ mode: 'invitation', clientSecret: undefined }))).statusCode).toBe(200);
    const invited = await makeUser(t.app, 'Teacher', orgId, {
      email: 'cy@riverside.example',
      status: 'pending',
    });
    idToken = { sub: 'school-sub-3', email: 'cy@riverside.example', email_verified: true };
    const { tokens } = await signIn('cy@riverside.example');
    expect(decodeJwt(tokens!.id_token)).toMatchObject({ sub: invited.id, role: 'Teacher' });

    const before = await countUsers();
    idToken = { sub: 'school-sub-4', email: 'stranger@riverside.example', email_verified: true };
    expect(await signIn('stranger@riverside.example')).toEqual({ error: 'school_account_not_invited' });
    expect(await countUsers()).toBe(before);
  });

  it("refuses an account of another organization with the school's address", async () => {
    const other = await makeOrganization(t.app);
    await makeUser(t.app, 'Teacher', other.id, { email: 'moved@riverside.example' });
    idToken = { sub: 'school-sub-5', email: 'moved@riverside.example', email_verified: true };
    expect(await signIn('moved@riverside.example')).toEqual({ error: 'school_account_other_organization' });
  });

  describe('refuses, creating nothing', () => {
    const refused = async (claims: Record<string, unknown>, code: string) => {
      const [usersBefore, linksBefore] = [await countUsers(), await countLinks()];
      idToken = {
        sub: `bad-${Math.random()}`,
        email: 'eve@riverside.example',
        email_verified: true,
        ...claims,
      };
      expect(await signIn('eve@riverside.example')).toEqual({ error: code });
      expect(await countUsers()).toBe(usersBefore);
      expect(await countLinks()).toBe(linksBefore);
    };

    it('an ID token from another issuer', () =>
      refused({ iss: 'https://evil.example' }, 'school_sign_in_failed'));
    it('an ID token for another client', () => refused({ aud: 'someone-else' }, 'school_sign_in_failed'));
    it('an expired ID token', () => {
      const past = Math.floor(Date.now() / 1000) - 3600;
      return refused({ iat: past - 600, nbf: past - 600, exp: past }, 'school_sign_in_failed');
    });
    it('a nonce that is not ours', () => refused({ nonce: 'replayed-nonce' }, 'school_sign_in_failed'));
    it('an email the school did not verify', async () => {
      await refused({ email_verified: false }, 'school_email_not_verified');
      await refused({ email_verified: undefined }, 'school_email_not_verified');
      // Entra's claim does not override an explicit "not verified".
      await refused({ email_verified: false, xms_edov: true }, 'school_email_not_verified');
    });
    it("an email outside the organization's domains", () =>
      refused({ email: 'eve@elsewhere.example' }, 'school_domain_not_allowed'));

    it('a callback this browser did not start, or with a state that is not its own', async () => {
      const { browser, callback } = await toSchool('eve@riverside.example');
      const stranger = new TestBrowser(t.app);
      const res = await stranger.request({ method: 'GET', url: callback });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      const forged = new URL(callback);
      forged.searchParams.set('state', 'not-the-state');
      const back = await browser.request({ method: 'GET', url: forged.href });
      expect(new URL(String(back.headers.location)).searchParams.get('error')).toBe('school_sign_in_failed');
    });
  });

  it('answers 404 for a domain no school signs in with', async () => {
    const browser = new TestBrowser(t.app);
    const uid = await startLogin(browser, pkcePair().challenge);
    const res = await browser.request({
      method: 'POST',
      url: `/signin/${uid}/school`,
      payload: { email: 'a@nowhere.example' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('school_sign_in_not_found');
  });

  describe('settings', () => {
    it('never answers the client secret, keeps it when omitted, and audits without it', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/organizations/${orgId}/school-sign-in`,
        headers: adminHeaders,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(CLIENT_SECRET);
      expect(res.json()).toMatchObject({
        configured: true,
        clientSecretSet: true,
        callbackUrl: 'http://localhost:3999/signin/school/callback',
        available: true,
      });
      const events = await t.app.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'organization.school_sign_in_updated'));
      expect(events.length).toBeGreaterThan(0);
      expect(JSON.stringify(events)).not.toContain(CLIENT_SECRET);
    });

    it('refuses a domain another organization signs in with, changing nothing', async () => {
      const other = await makeOrganization(t.app);
      const admin = await makeUser(t.app, 'Administrator', other.id);
      const res = await save(
        settings({ emailDomains: ['riverside.example'] }),
        bearer(await tokenFor(t.app, admin)),
        other.id,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('email_domain_taken');
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/organizations/${other.id}/school-sign-in`,
        headers: bearer(await tokenFor(t.app, admin)),
      });
      expect(read.json()).toMatchObject({ configured: false, emailDomains: [] });
    });

    it('validates with translatable messages', async () => {
      const res = await save(settings({ issuer: 'http://school.example', emailDomains: ['not a domain'] }));
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('validation.issuerInvalid');
      expect(res.body).toContain('validation.emailDomainInvalid');
      const noClaim = await save(settings({ roleClaim: null }));
      expect(noClaim.statusCode).toBe(400);
      expect(noClaim.body).toContain('validation.roleClaimRequired');
    });

    it('tests a provider by its discovery document', async () => {
      const test = (body: object) =>
        t.app.inject({
          method: 'POST',
          url: `/api/organizations/${orgId}/school-sign-in/test`,
          headers: adminHeaders,
          payload: body,
        });
      const ok = await test({ issuer: `${issuer}/.well-known/openid-configuration` });
      expect(ok.json()).toMatchObject({ ok: true, issuer, authorizationEndpoint: `${issuer}/authorize` });
      const down = await test({ issuer: 'http://127.0.0.1:9' });
      expect(down.json()).toMatchObject({ ok: false });
    });

    it('is for the organization’s Administrators only', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/organizations/${orgId}/school-sign-in`,
        headers,
      });
      expect(res.statusCode).toBe(403);
    });
  });
});

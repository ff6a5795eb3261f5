import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcPayloads } from '../../db/schema/index.ts';
import { authorizeUrl, refresh, signInThroughProvider, TestBrowser } from '../../identity/test-client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, signInAs } from '../../test/sign-in.ts';

const PASSWORD = 'correct horse battery staple';

/**
 * Deactivation and deletion stop a user at once: through the real sign-in flow of the embedded
 * provider, their access token is refused on the next request and their refresh token, grant and
 * provider session are gone (so even a reactivated account must sign in again).
 */
describe('users: revoking access', () => {
  let t: TestApp;
  let orgId: string;
  let admin: Awaited<ReturnType<typeof signInAs>>;

  beforeAll(async () => {
    t = await buildTestApp();
    orgId = (await makeOrganization(t.app)).id;
    admin = await signInAs(t.app, 'Administrator', orgId);
  });
  afterAll(() => t.close());

  const providerRowsOf = async (userId: string) =>
    t.app.db
      .select({ type: oidcPayloads.type })
      .from(oidcPayloads)
      .where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`);

  const signedInStudent = async () => {
    const user = await makeUser(t.app, 'Student', orgId, { password: PASSWORD });
    const browser = new TestBrowser(t.app);
    const tokens = await signInThroughProvider(browser, user.email, PASSWORD);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(tokens.access_token),
    });
    expect(profile.statusCode).toBe(200);
    const types = (await providerRowsOf(user.id)).map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['Session', 'Grant', 'RefreshToken']));
    return { user, browser, tokens };
  };

  const profileWith = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(accessToken) });

  it('deactivation ends the access token, the refresh token and the provider session', async () => {
    const { user, browser, tokens } = await signedInStudent();
    const other = await signedInStudent();

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { status: 'inactive' },
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);

    expect((await profileWith(tokens.access_token)).statusCode).toBe(401);
    expect(await providerRowsOf(user.id)).toEqual([]);
    const refused = await refresh(browser, tokens.refresh_token!);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_grant');

    // Reactivated, the old refresh token and session still do not come back: a fresh sign-in is needed.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { status: 'active' },
      headers: admin.headers,
    });
    expect((await refresh(browser, tokens.refresh_token!)).statusCode).toBe(400);
    const again = await browser.request({ method: 'GET', url: authorizeUrl(t.app) });
    expect(String(again.headers.location)).toMatch(/^\/signin\//);
    const fresh = await signInThroughProvider(new TestBrowser(t.app), user.email, PASSWORD);
    expect((await profileWith(fresh.access_token)).statusCode).toBe(200);

    // Nobody else was signed out.
    expect((await refresh(other.browser, other.tokens.refresh_token!)).statusCode).toBe(200);
  });

  it('deletion ends the access token and the refresh token', async () => {
    const { user, browser, tokens } = await signedInStudent();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(204);
    expect((await profileWith(tokens.access_token)).statusCode).toBe(401);
    expect(await providerRowsOf(user.id)).toEqual([]);
    const refused = await refresh(browser, tokens.refresh_token!);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_grant');
  });
});

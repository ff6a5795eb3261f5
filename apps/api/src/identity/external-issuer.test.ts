import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { makeOrganization, makeUser } from '../test/sign-in.ts';

/**
 * OIDC_ISSUER: the whole installation behind one external provider (docs/product/school-sign-in.md,
 * "How it differs from OIDC_ISSUER"), here a provider that is not Keycloak nor ours:
 * oauth2-mock-server. The API finds its key set through the discovery document and takes the
 * caller from the token's email; the embedded provider, and so the school brokering, is not mounted.
 */
describe('OIDC_ISSUER with another OpenID provider', () => {
  let t: TestApp;
  let external: OAuth2Server;
  let stranger: OAuth2Server;
  let email = '';

  const tokenFrom = async (server: OAuth2Server) => {
    const res = await fetch(`${server.issuer.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'vbuilder-web',
        scope: 'openid',
      }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };

  beforeAll(async () => {
    external = new OAuth2Server();
    stranger = new OAuth2Server();
    for (const server of [external, stranger]) {
      await server.issuer.keys.generate('RS256');
      await server.start(0, '127.0.0.1');
      server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
        Object.assign(token.payload, { sub: 'ext-1', email });
      });
    }
    t = await buildTestApp({ OIDC_ISSUER: external.issuer.url! });
    const org = await makeOrganization(t.app);
    email = (await makeUser(t.app, 'Teacher', org.id)).email;
  });
  afterAll(async () => {
    await t.close();
    await external.stop();
    await stranger.stop();
  });

  it("accepts the external provider's token, found by its discovery document", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${await tokenFrom(external)}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ loggedIn: true });
    expect(res.body).toContain(email);
  });

  it("refuses another provider's token", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${await tokenFrom(stranger)}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('mounts neither the embedded provider nor the school brokering', async () => {
    for (const url of [
      '/oidc/.well-known/openid-configuration',
      '/signin/abc/school?email=a@b.example',
      '/signin/school/callback',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).not.toBe(200);
    }
  });
});

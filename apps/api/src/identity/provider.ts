import { hkdfSync } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import Provider, {
  errors,
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Config } from '../config.ts';
import { publicUrl } from '../config.ts';
import type { Db } from '../db/client.ts';
import { languageFromHeaders } from '../i18n/index.ts';
import { findAccount, findActiveUser, recordLogout, SCOPE_CLAIMS } from './account.ts';
import { createOidcAdapter, revokeGrants } from './adapter.ts';
import type { IdentitySecrets } from './keys.ts';
import { errorPage, logoutPage } from './pages.ts';
import { markSessionsEnded } from './sessions.ts';
import { accessTokenClaims, apiAudience, embeddedIssuer } from './tokens.ts';
import { TTL } from './ttl.ts';

export { TTL };

export const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

/** The SPA's redirect and post-logout URIs: the public origin plus the configured extras (dev server). */
export function clientUris(config: Config) {
  const base = publicUrl(config);
  const extras = (config.OIDC_EXTRA_REDIRECT_URIS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const extraOrigins = [...new Set(extras.map((u) => new URL(u).origin))].filter(
    (o) => o !== new URL(base).origin,
  );
  return {
    redirectUris: [`${base}/auth/callback`, ...extras],
    postLogoutRedirectUris: [`${base}/`, ...extraOrigins.map((o) => `${o}/`)],
    /** Origins other than ours that take part in the flow (CORS, form targets). */
    extraOrigins,
  };
}

export interface ProviderOptions {
  config: Config;
  db: Db;
  secrets: IdentitySecrets;
  log: FastifyBaseLogger;
}

const epoch = () => Math.floor(Date.now() / 1000);

/** The provider's own pages speak the visitor's language: the picker's cookie, else Accept-Language. */
const visitorLanguage = (ctx: { get(field: string): string }) =>
  languageFromHeaders({ cookie: ctx.get('cookie'), 'accept-language': ctx.get('accept-language') });

/**
 * The standard prompts, plus one login check: a provider session whose user has since been
 * deactivated (findAccount finds no account) must sign in again rather than pass as signed in.
 */
function interactionPolicyWithAccountCheck() {
  const policy = interactionPolicy.base();
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check(
        'account_unavailable',
        'the signed-in account is no longer active',
        'login_required',
        (ctx) => !!ctx.oidc.session?.accountId && !ctx.oidc.account,
      ),
      0,
    );
  return policy;
}

/**
 * The embedded OpenID provider (docs/security.md): one public first-party client, code flow with PKCE
 * S256, JWT access tokens for the API, state in the database, no consent screen.
 */
export function createProvider({ config, db, secrets, log }: ProviderOptions): Provider {
  const audience = apiAudience(config);
  const home = `${publicUrl(config)}/`;
  const uris = clientUris(config);

  const configuration: Configuration = {
    adapter: createOidcAdapter(db, (err) => log.warn({ err }, 'could not delete expired identity records')),
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: {
      keys: secrets.cookieKeys,
      // The session cookie only matters to the provider's own endpoints.
      long: { httpOnly: true, sameSite: 'lax', path: '/oidc' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: config.OIDC_CLIENT_ID,
        client_name: 'vbuilder',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: uris.redirectUris,
        post_logout_redirect_uris: uris.postLogoutRedirectUris,
        scope: OIDC_SCOPES.join(' '),
      },
    ],
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    responseTypes: ['code'],
    scopes: [...OIDC_SCOPES],
    claims: Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([scope, claims]) => [scope, [...claims]])),
    pkce: { required: () => true },
    findAccount: findAccount(db),
    interactions: {
      policy: interactionPolicyWithAccountCheck(),
      url: (_ctx, interaction) => `/signin/${interaction.uid}`,
    },
    // First-party client: whatever it asks for (among its allowed scopes) is granted, so no consent
    // prompt ever reaches the user.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      const accountId = oidc.session?.accountId;
      const clientId = oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grantId = oidc.result?.consent?.grantId || oidc.session?.grantIdFor(clientId);
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (grant && (grant.accountId !== accountId || grant.clientId !== clientId)) grant = undefined;
      grant ??= new oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope([...oidc.requestParamOIDCScopes]);
      for (const [resource, server] of Object.entries(oidc.resourceServers ?? {})) {
        if (server.scope) grant.addResourceScope(resource, server.scope);
      }
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      // Claims reflect the user as stored now; a user deactivated since the code or refresh token
      // was issued gets nothing.
      const user = await findActiveUser(db, token.accountId);
      if (!user) throw new errors.InvalidGrant('the account is not active');
      // docs/product/data.md puts the session id in the token. oidc-provider only mints a per-client `sid` for
      // back-channel logout clients, so the provider session's stable uid stands in for it.
      const sid = token.sid ?? token.sessionUid;
      return { ...accessTokenClaims(user, token.clientId ?? config.OIDC_CLIENT_ID), ...(sid ? { sid } : {}) };
    },
    features: {
      devInteractions: { enabled: false },
      // The access token is for the API (audience below), so it could not call userinfo anyway;
      // the ID token carries the profile claims instead.
      userinfo: { enabled: false },
      revocation: { enabled: true },
      // DPoP (RFC 9449): a client that sends a proof (the SPA) gets an access token bound
      // to its key (cnf.jkt) and, being a public client, a refresh token bound to it too, which
      // then refreshes only with a proof of that key. Clients without proofs keep Bearer tokens.
      // A proof whose iat is more than 5 minutes off (a browser with a wrong clock) is answered
      // use_dpop_nonce with a server nonce, which oidc-client-ts puts in its next proof; the nonce
      // secret derives from the shared cookie key, so every instance accepts every instance's.
      dPoP: {
        enabled: true,
        nonceSecret: Buffer.from(hkdfSync('sha256', secrets.cookieKeys[0]!, 'vbuilder', 'dpop-nonce', 32)),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience,
            accessTokenTTL: TTL.accessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form, visitorLanguage(ctx));
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.status = 303;
          ctx.redirect(home);
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out, home, visitorLanguage(ctx));
    },
    ttl: {
      AccessToken: TTL.accessToken,
      IdToken: TTL.idToken,
      AuthorizationCode: TTL.authorizationCode,
      RefreshToken: (_ctx, token) => {
        const capLeft = (token.iiat ?? epoch()) + TTL.refreshTokenAbsolute - epoch();
        return Math.max(1, Math.min(TTL.refreshTokenIdle, capLeft));
      },
      Grant: TTL.refreshTokenAbsolute,
      Session: TTL.session,
      Interaction: TTL.interaction,
    },
  };

  const provider = new Provider(embeddedIssuer(config), configuration);
  // The provider reads protocol and host as Fastify does: from proxies only when TRUST_PROXY says so.
  provider.proxy = config.TRUST_PROXY !== false;

  provider.on('server_error', (_ctx: KoaContextWithOIDC, err: Error) =>
    log.error({ err }, 'identity provider error'),
  );
  // A sign-out ends everything the browser session held. oidc-provider keeps offline_access
  // grants alive across logout ("persistsLogout"); for this single first-party client that would
  // leave a working refresh token behind, so they are revoked too. Events are synchronous: the
  // handler notes what to do, the post-middleware does it before the browser is sent on.
  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
    const session = ctx.oidc.session;
    if (!session?.accountId) return;
    ctx.state.loggedOut = {
      accountId: session.accountId,
      sid: session.uid,
      grantIds: Object.values(session.authorizations ?? {})
        .map((a) => a.grantId)
        .filter((id): id is string => typeof id === 'string'),
    };
  });
  provider.use(async (ctx, next) => {
    await next();
    const loggedOut = ctx.state.loggedOut as
      { accountId: string; sid: string; grantIds: string[] } | undefined;
    if (!loggedOut) return;
    try {
      await revokeGrants(db, loggedOut.grantIds);
      // Its access tokens stop working now, not when they expire.
      await markSessionsEnded(db, [loggedOut.sid]);
      await recordLogout(db, loggedOut.accountId);
    } catch (err) {
      log.warn({ err }, 'could not complete the logout bookkeeping');
    }
  });
  return provider;
}

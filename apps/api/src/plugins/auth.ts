import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { FALLBACK_LANGUAGE, isLanguageCode, isRole } from '@vbuilder/shared';
import { publicUrl } from '../config.ts';
import { unauthorized } from '../lib/errors.ts';
import { languageFromRequest } from '../i18n/index.ts';
import { boundThumbprint, createDpopVerifier, dpopChallenge, DpopError } from '../identity/dpop.ts';
import { clientUris } from '../identity/provider.ts';
import { loadIdentitySecrets, publicJwks } from '../identity/keys.ts';
import { apiAudience, embeddedIssuer } from '../identity/tokens.ts';
import { findActorRow } from '../modules/users/users.repository.ts';
import { declareRoutes, isAllowed, refusal } from './authorize.ts';

type Verify = (token: string) => Promise<JWTPayload>;

/** The key set an external issuer's discovery document names (OpenID Connect Discovery 1.0). */
async function discoverJwks(issuer: string) {
  const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`discovery answered ${res.status}`);
  const metadata = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
  if (typeof metadata.jwks_uri !== 'string') throw new Error('discovery names no jwks_uri');
  return createRemoteJWKSet(new URL(metadata.jwks_uri));
}

async function buildVerifier(app: FastifyInstance): Promise<{ verify: Verify; external: boolean }> {
  const { config } = app;
  if (config.OIDC_ISSUER) {
    // External issuer (Keycloak, or any OpenID provider): keys from the jwks_uri of its discovery
    // document, read at the first token (not at start: the provider may come up later) and again
    // after a failed read; audience not enforced because Keycloak puts 'account' or the client id
    // there depending on realm settings.
    const issuer = config.OIDC_ISSUER.replace(/\/$/, '');
    let jwks: Promise<ReturnType<typeof createRemoteJWKSet>> | null = null;
    const keys = () =>
      (jwks ??= discoverJwks(issuer).catch((err: unknown) => {
        jwks = null;
        throw err;
      }));
    return { verify: async (t) => (await jwtVerify(t, await keys(), { issuer })).payload, external: true };
  }
  const secrets = await loadIdentitySecrets(app.db);
  const jwks = createLocalJWKSet(publicJwks(secrets));
  const issuer = embeddedIssuer(config);
  const audience = apiAudience(config);
  return { verify: async (t) => (await jwtVerify(t, jwks, { issuer, audience })).payload, external: false };
}

/** `Authorization: <scheme> <token>`: Bearer or DPoP (RFC 9449), the scheme case-insensitive. */
function credentials(header: string | undefined): { scheme: 'bearer' | 'dpop'; token: string } | null {
  const match = header ? /^(Bearer|DPoP) +(\S+) *$/i.exec(header) : null;
  if (!match) return null;
  return { scheme: match[1]!.toLowerCase() as 'bearer' | 'dpop', token: match[2]! };
}

/**
 * Bearer and DPoP-bound tokens → req.actor. A token bound to a key (cnf.jkt, the SPA's) counts only
 * as `DPoP <token>` with a valid proof of that key (identity/dpop.ts); a plain token only as Bearer. The token proves who the caller is; the actor (role, organization,
 * status) is read from the database on every request, so a role change or a deactivation takes
 * effect on the next request rather than when the token expires. A route with
 * `accountCheckedByHandler` (the autosave) gets the actor from the token and checks the account
 * in its own statement instead: the same guarantee, one statement less.
 */
export default fp(async function authPlugin(app: FastifyInstance) {
  const { verify, external } = await buildVerifier(app);
  // The origins the SPA may call us at besides the request's own: the public one, the dev server's.
  const origins = [new URL(publicUrl(app.config)).origin, ...clientUris(app.config).extraOrigins];
  const dpop = createDpopVerifier({ origins: () => origins });

  // Refuses /api routes without a policy and lists the others (see plugins/authorize.ts).
  declareRoutes(app);

  const loadUser = async (payload: JWTPayload) => {
    const sid = typeof payload.sid === 'string' ? payload.sid : null;
    if (external) {
      const email = typeof payload.email === 'string' ? payload.email : null;
      return email ? findActorRow(app.db, { email }, sid) : null;
    }
    return payload.sub ? findActorRow(app.db, { id: payload.sub }, sid) : null;
  };

  app.decorateRequest('actor', null as unknown as FastifyRequest['actor']);

  app.addHook('onRequest', async (request, reply) => {
    const policy = request.routeOptions.config?.policy;
    if (!policy || policy === 'public') return;

    const given = credentials(request.headers.authorization);
    if (!given) throw unauthorized();
    const { token } = given;
    let payload: JWTPayload;
    try {
      payload = await verify(token);
    } catch {
      throw unauthorized('The access token is invalid or expired');
    }
    const jkt = boundThumbprint(payload);
    try {
      if (jkt && given.scheme !== 'dpop')
        throw new DpopError('invalid_token', 'a DPoP-bound token needs the DPoP scheme');
      if (!jkt && given.scheme === 'dpop')
        throw new DpopError('invalid_token', 'the token is not DPoP-bound');
      if (jkt) {
        await dpop.verify(token, jkt, {
          method: request.method,
          url: request.url,
          origin: `${request.protocol}://${request.host}`,
          proof: request.headers.dpop,
        });
      }
    } catch (err) {
      if (!(err instanceof DpopError)) throw err;
      reply.header('www-authenticate', dpopChallenge(err));
      throw unauthorized('The access token is invalid or expired');
    }
    if (request.routeOptions.config?.accountCheckedByHandler && !external) {
      const role = (payload.realm_access as { roles?: unknown[] } | undefined)?.roles?.[0];
      if (!payload.sub || !isRole(role)) throw unauthorized('The access token is invalid or expired');
      request.actor = {
        userId: payload.sub,
        organizationId: typeof payload.organization_id === 'string' ? payload.organization_id : null,
        role,
        sessionId: typeof payload.sid === 'string' ? payload.sid : null,
        // Until the handler reads the account: the page's language (cookie, Accept-Language).
        language: languageFromRequest(request),
      };
      if (!isAllowed(policy, request.actor)) throw refusal(policy);
      return;
    }
    const user = await loadUser(payload);
    if (!user || user.status !== 'active' || !isRole(user.role)) {
      throw unauthorized('The account is not active');
    }
    // Signed out, or the password changed elsewhere: the token's session is over.
    if (user.sessionEnded) throw unauthorized('The session has ended');
    request.actor = {
      userId: user.id,
      organizationId: user.organizationId,
      role: user.role,
      sessionId: typeof payload.sid === 'string' ? payload.sid : null,
      language: isLanguageCode(user.language) ? user.language : FALLBACK_LANGUAGE,
    };
    if (!isAllowed(policy, request.actor)) throw refusal(policy);
  });
});

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import authConfigRoutes from '../identity/auth-config.routes.ts';
import interactionRoutes from '../identity/interactions.routes.ts';
import { loadIdentitySecrets } from '../identity/keys.ts';
import { AUTO_SUBMIT_SCRIPT, AUTO_SUBMIT_SCRIPT_PATH } from '../identity/pages.ts';
import { clientUris, createProvider } from '../identity/provider.ts';
import schoolSignInBrokerRoutes from '../identity/school-sign-in.routes.ts';

const MOUNT = '/oidc';

/** Lets forms on provider pages lead to the extra (dev server) origins, which form-action would block. */
function widenFormAction(reply: FastifyReply, origins: string[]) {
  const csp = reply.raw.getHeader('content-security-policy');
  if (typeof csp !== 'string' || !origins.length) return;
  reply.raw.setHeader(
    'content-security-policy',
    csp.replace(
      /form-action ([^;]*)/,
      (_m, sources: string) => `form-action ${sources} ${origins.join(' ')}`,
    ),
  );
}

/**
 * The embedded OpenID provider (oidc-provider, a Koa app) at /oidc, its sign-in JSON endpoints
 * under /signin/:uid, and GET /api/auth/config. With OIDC_ISSUER set only the last is served: the
 * SPA then signs in at the external issuer.
 *
 * The provider is mounted by a route whose onRequest hook hands the raw request to it and hijacks
 * the reply: Fastify never reads the body (oidc-provider parses its own form posts), while the
 * global hooks before it (security headers) still apply.
 */
export default async function oidcPlugin(app: FastifyInstance) {
  await app.register(authConfigRoutes, { prefix: '/api' });
  if (app.config.OIDC_ISSUER) return;

  const secrets = await loadIdentitySecrets(app.db);
  const provider = createProvider({
    config: app.config,
    db: app.db,
    secrets,
    log: app.log.child({ module: 'oidc' }),
  });
  const callback = provider.callback();
  const { extraOrigins } = clientUris(app.config);

  const mount = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    const url = raw.url ?? MOUNT;
    const rest = url.slice(MOUNT.length);
    raw.originalUrl = url;
    raw.url = rest.startsWith('/') ? rest : `/${rest}`;
    widenFormAction(reply, extraOrigins);
    await callback(raw, reply.raw);
  };

  for (const url of [MOUNT, `${MOUNT}/*`]) {
    app.route({
      method: ['GET', 'HEAD', 'POST', 'OPTIONS'],
      url,
      exposeHeadRoute: false,
      schema: { hide: true },
      onRequest: mount,
      // Never reached: the onRequest hook has answered and hijacked the reply.
      handler: async () => undefined,
    });
  }

  app.get(
    AUTO_SUBMIT_SCRIPT_PATH,
    { schema: { hide: true }, config: { policy: 'public' } },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(AUTO_SUBMIT_SCRIPT),
  );

  await app.register(interactionRoutes, { provider, deviceKey: secrets.cookieKeys[0]! });
  // A school's own provider, brokered (docs/product/school-sign-in.md); not with OIDC_ISSUER, returned above.
  await app.register(schoolSignInBrokerRoutes, { provider, cookieKey: secrets.cookieKeys[0]! });
}

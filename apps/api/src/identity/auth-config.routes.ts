import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OIDC_SCOPES } from './provider.ts';
import { embeddedIssuer } from './tokens.ts';

export const AuthConfigSchema = z.object({
  /** The OpenID issuer the SPA signs in with (its discovery document is under it). */
  issuer: z.string(),
  clientId: z.string(),
  /** Space-separated scopes to request. */
  scopes: z.string(),
  learningPlatformUrl: z.string(),
  supportUrl: z.string(),
  /** Where schools write about invoices and slow activations: Payment History's mail button. */
  billingSupportEmail: z.string(),
  /**
   * Whether a language model is configured (OPENAI_API_KEY): the AI screens say it is missing
   * before anyone types a request, instead of after Send. Never the key itself.
   */
  aiConfigured: z.boolean(),
});

/**
 * What the SPA needs before it can sign anyone in: the embedded provider at /oidc, or the external
 * issuer (Keycloak realm) when OIDC_ISSUER is set, plus the top bar's outside links (docs/product/overview.md) and the billing support address.
 */
const authConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const body = {
    issuer: config.OIDC_ISSUER ? config.OIDC_ISSUER.replace(/\/$/, '') : embeddedIssuer(config),
    clientId: config.OIDC_CLIENT_ID,
    scopes: OIDC_SCOPES.join(' '),
    learningPlatformUrl: config.LEARNING_PLATFORM_URL,
    supportUrl: config.SUPPORT_URL,
    billingSupportEmail: config.BILLING_SUPPORT_EMAIL,
    aiConfigured: Boolean(config.OPENAI_API_KEY),
  };
  app.get(
    '/auth/config',
    {
      schema: { tags: ['auth'], security: [], response: { 200: AuthConfigSchema } },
      config: { policy: 'public' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );
};

export default authConfigRoutes;

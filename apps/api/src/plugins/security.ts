import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';

/**
 * Security headers with a real Content-Security-Policy: scripts only from our origin, no framing,
 * forms only to our origin (and the external identity provider when one is configured).
 * Styles allow 'unsafe-inline' because Mantine sets CSS variables through style attributes.
 */
export default fp(async function securityPlugin(app: FastifyInstance, opts: { config: Config }) {
  const issuerOrigin = opts.config.OIDC_ISSUER ? new URL(opts.config.OIDC_ISSUER).origin : undefined;
  const extra = issuerOrigin ? [issuerOrigin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...extra],
        frameAncestors: ["'none'"],
        frameSrc: ["'self'", ...extra],
      },
    },
    // The SPA opens the learning platform and support site in new tabs; keep the referrer minimal.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Swagger UI and cross-origin avatars would break under COEP; nothing here needs it.
    crossOriginEmbedderPolicy: false,
  });
});

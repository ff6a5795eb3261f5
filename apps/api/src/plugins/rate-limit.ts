import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';

/**
 * Rate limiting, registered once for the whole app. Nothing is limited by default (global: false):
 * a route asks for a limit in its options (config.rateLimit), and the sign-in interaction builds
 * its own counters with app.createRateLimit. Each route keeps its own counters.
 */
export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, { global: false });
});

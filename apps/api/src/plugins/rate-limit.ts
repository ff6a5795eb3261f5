import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/**
 * Rate limiting, registered once for the whole app. Nothing is limited by default (global: false):
 * a route asks for a limit in its options (config.rateLimit). Each route keeps its own counters,
 * in the database, so every API instance shares them (issue 16; rate-limit-store.ts). The sign-in
 * throttle has its own, growing waits (identity/sign-in-throttle.ts).
 */
export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.db) });
});

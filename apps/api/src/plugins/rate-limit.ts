import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { RateLimiterDrizzle, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimits } from '../db/schema/index.ts';
import { databaseRateLimitStore, startRateLimitSweeper } from './rate-limit-store.ts';

/** A counter of rate-limiter-flexible in the configured store (the sign-in throttle's). */
export type LimiterFactory = (options: {
  keyPrefix: string;
  points: number;
  duration: number;
}) => RateLimiterAbstract;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters shared by every instance, in the store RATE_LIMIT_STORE names. */
    limiter: LimiterFactory;
  }
}

/**
 * Rate limiting, registered once for the whole app. Nothing is limited by default (global: false):
 * a route asks for a limit in its options (config.rateLimit); the sign-in throttle builds its
 * counters with `app.limiter` (identity/sign-in-throttle.ts). Counters live where every API
 * instance sees them: the database by default (rate_limits, rate-limit-store.ts), or
 * Redis with RATE_LIMIT_STORE=redis, which takes that write load off the database.
 */
export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  const { RATE_LIMIT_STORE, REDIS_URL, REDIS_KEY_PREFIX, NODE_ENV } = app.config;
  if (RATE_LIMIT_STORE === 'redis') {
    // Commands fail fast while Redis is away (no unbounded queue): a limit check errors, not hangs.
    const redis = new Redis(REDIS_URL!, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis (rate limits) unavailable'));
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis.quit();
    });
    await app.register(rateLimit, { global: false, redis, nameSpace: `${REDIS_KEY_PREFIX}route:` });
    app.decorate(
      'limiter',
      (options) =>
        new RateLimiterRedis({
          storeClient: redis,
          ...options,
          keyPrefix: `${REDIS_KEY_PREFIX}${options.keyPrefix}`,
        }),
    );
    return;
  }
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.db) });
  // Expired rows are swept by one timer of the app's, stopped with it (test apps come and go too
  // fast for it); not by the library, whose timers outlived the app.
  if (NODE_ENV !== 'test') startRateLimitSweeper(app);
  app.decorate(
    'limiter',
    (options) =>
      new RateLimiterDrizzle({
        storeClient: app.db,
        schema: rateLimits,
        ...options,
        clearExpiredByTimeout: false,
      }),
  );
});

import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of rate limits shared by every API instance, in the shape
 * rate-limiter-flexible's RateLimiterDrizzle keeps them: one row per key, its points in the current
 * window and when that window ends. Keys hold no secret (an email, an address, a device id).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

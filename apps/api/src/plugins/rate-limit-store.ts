import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

/**
 * @fastify/rate-limit's counters in the database: every API instance on one database
 * counts the same requests, so a client spreading its requests over instances is limited as one.
 * One upsert per counted request, on the `rate_limits` table the sign-in throttle also uses (its
 * keys have their own prefixes). The plugin's store contract: `incr` counts and answers the count in
 * the window and the window's time left, `read` peeks, `child` is the store of one route.
 */

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    readonly prefix: string;

    constructor(_params?: unknown, prefix = 'route:') {
      this.prefix = prefix;
    }

    incr(key: string, answer: Answer, timeWindow: number): void {
      const now = new Date();
      const expire = new Date(now.getTime() + timeWindow);
      const ended = sql`${rateLimits.expire} <= ${now.toISOString()}::timestamptz`;
      db.insert(rateLimits)
        .values({ key: this.prefix + key, points: 1, expire })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            points: sql`case when ${ended} then 1 else ${rateLimits.points} + 1 end`,
            expire: sql`case when ${ended} then ${expire.toISOString()}::timestamptz else ${rateLimits.expire} end`,
          },
        })
        .returning({ points: rateLimits.points, expire: rateLimits.expire })
        .then(([row]) => answer(null, { current: row!.points, ttl: ttlOf(row!.expire, now) }))
        .catch((error: Error) => answer(error));
    }

    read(key: string, answer: Answer): void {
      const now = new Date();
      db.select({ points: rateLimits.points, expire: rateLimits.expire })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, this.prefix + key), gt(rateLimits.expire, now)))
        .limit(1)
        .then(([row]) =>
          answer(null, row ? { current: row.points, ttl: ttlOf(row.expire, now) } : { current: 0, ttl: 0 }),
        )
        .catch((error: Error) => answer(error));
    }

    // The plugin passes the route's merged limit options, its route under `routeInfo`.
    child(params: object): DatabaseRateLimitStore {
      const { method = '', url = '' } = (params as RouteParams).routeInfo ?? {};
      return new DatabaseRateLimitStore(params, `${this.prefix}${[method].flat().join(',')}${url}:`);
    }
  };
}

const ttlOf = (expire: Date | null, now: Date) =>
  Math.max(0, (expire?.getTime() ?? now.getTime()) - now.getTime());

/** How long a counter stays after its window ended (rate-limiter-flexible's rule): then nobody reads it. */
const EXPIRED_KEPT_MS = 60 * 60_000;
export const RATE_LIMIT_SWEEP_INTERVAL_MS = 5 * 60_000;

/** Deletes the counters whose window ended over an hour before `now`. */
export async function sweepExpiredRateLimits(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(now.getTime() - EXPIRED_KEPT_MS)));
}

/**
 * One sweep of the table every `intervalMs` for the whole app, stopped when the app closes. (The
 * library's own sweep ran a timer per counter that nothing stopped: a closed app's timers went on
 * querying its closed pool.)
 */
export function startRateLimitSweeper(app: FastifyInstance, intervalMs = RATE_LIMIT_SWEEP_INTERVAL_MS): void {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepExpiredRateLimits(app.db)
      .catch((error: unknown) => app.log.warn({ err: error }, 'Sweeping expired rate-limit counters failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

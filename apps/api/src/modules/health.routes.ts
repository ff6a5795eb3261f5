import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@vbuilder/shared';
import { AppError } from '../lib/errors.ts';

const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  time: z.string(),
});

/** How long the database may take to answer before the check says it is down. */
const DATABASE_TIMEOUT_MS = 5000;

const databaseUnavailable = () =>
  new AppError(503, 'database_unavailable', 'The database does not answer: the service is unavailable');

/**
 * Liveness and database reachability for load balancers and the start script: 200 when the
 * database answers, 503 database_unavailable while it does not (refused, closed, or slower than
 * DATABASE_TIMEOUT_MS), so a load balancer takes the instance out instead of seeing an error of ours.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        security: [],
        response: { 200: HealthSchema, 503: ErrorResponseSchema },
      },
      config: { policy: 'public' },
    },
    async (request) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(databaseUnavailable()), DATABASE_TIMEOUT_MS);
      });
      try {
        await Promise.race([app.db.execute(sql`select 1`), timeout]);
      } catch (error) {
        request.log.warn({ err: error }, 'health: the database does not answer');
        throw databaseUnavailable();
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ok' as const, database: app.database.kind, time: app.clock.now().toISOString() };
    },
  );
};

export default healthRoutes;

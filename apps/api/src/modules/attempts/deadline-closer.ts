import type { FastifyInstance } from 'fastify';
import { attemptsContext, closeExpiredAttempts } from './attempts.service.ts';

export const DEADLINE_CLOSER_SECONDS = 15;

/**
 * Submits attempts whose time is up, every `seconds` (false: never), with the app's clock, once per
 * period across every instance (app.jobs.every). Reads close such attempts lazily too; this makes
 * sure an abandoned attempt is submitted (and marked) even when nobody opens it again.
 */
export function scheduleDeadlineCloser(
  app: FastifyInstance,
  seconds: number | false = DEADLINE_CLOSER_SECONDS,
) {
  app.jobs.every('deadline-closer', seconds, async () => {
    const closed = await closeExpiredAttempts(attemptsContext(app), app.clock.now());
    if (closed > 0) app.log.info({ closed }, 'Closed attempts at their deadline');
  });
}

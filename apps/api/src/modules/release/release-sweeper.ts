import type { FastifyInstance } from 'fastify';
import { certificateEffects } from '../certificates/certificates.service.ts';
import { releaseAfterWindows } from './release.service.ts';

export const RELEASE_SWEEPER_SECONDS = 30;

/**
 * Releases the results of 'afterWindow' assessments once their window has ended, every `seconds`
 * (false: never), once per period across every instance (app.jobs.every): students are told and
 * certificates given then, though the results already show from the end by the clock
 * (isResultReleased).
 */
export function scheduleReleaseSweeper(
  app: FastifyInstance,
  seconds: number | false = RELEASE_SWEEPER_SECONDS,
) {
  app.jobs.every('release-sweeper', seconds, async () => {
    const released = await releaseAfterWindows({
      db: app.db,
      clock: app.clock,
      jobs: app.jobs,
      certificates: certificateEffects(app),
    });
    if (released > 0) app.log.info({ released }, 'Released results at the end of their window');
  });
}

import type { FastifyInstance } from 'fastify';
import { certificateNotifier } from '../certificates/certificates.service.ts';
import { releaseAfterWindows } from './release.service.ts';

export const RELEASE_SWEEPER_INTERVAL_MS = 30_000;

/**
 * Releases the results of 'afterWindow' assessments once their window has ended (issue 18), every
 * `intervalMs`: students are told and certificates given then, though the results already show
 * from the end by the clock (isResultReleased). Several instances may run it at once; runs never
 * overlap within one; it stops when the app closes.
 */
export function startReleaseSweeper(app: FastifyInstance, intervalMs = RELEASE_SWEEPER_INTERVAL_MS): void {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = releaseAfterWindows({
      db: app.db,
      clock: app.clock,
      jobs: app.jobs,
      certificates: certificateNotifier(app),
    })
      .then((released) => {
        if (released > 0) app.log.info({ released }, 'Released results at the end of their window');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'Releasing results after their window failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

import type { FastifyInstance } from 'fastify';
import { certificateNotifier } from '../certificates/certificates.service.ts';
import { closeExpiredAttempts } from './attempts.service.ts';

export const DEADLINE_CLOSER_INTERVAL_MS = 15_000;

/**
 * Submits attempts whose time is up, every `intervalMs`, with the app's clock. Reads close such
 * attempts lazily too; this makes sure an abandoned attempt is submitted (and marked) even when
 * nobody opens it again. Several instances may run it at once (closeExpiredAttempts is safe).
 * Runs are never concurrent within one instance; it stops when the app closes.
 */
export function startDeadlineCloser(app: FastifyInstance, intervalMs = DEADLINE_CLOSER_INTERVAL_MS): void {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = closeExpiredAttempts(app.db, app.clock.now(), undefined, certificateNotifier(app))
      .then((closed) => {
        if (closed > 0) app.log.info({ closed }, 'Closed attempts at their deadline');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'Closing expired attempts failed'))
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

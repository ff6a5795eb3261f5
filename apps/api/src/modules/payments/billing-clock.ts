import type { FastifyInstance } from 'fastify';
import { paymentsContext, runBillingClock } from './payments.service.ts';

/** The default when neither the config nor the caller says (BILLING_CLOCK_INTERVAL_MS). */
export const BILLING_CLOCK_INTERVAL_MS = 15 * 60_000;

/**
 * Runs the billing clock (renewal reminders, lapses) every `intervalMs` with the app's clock.
 * Reads of the plan treat a passed ends_at as lapsed already; this run makes it show in the
 * records, the audit log and the Administrators' mail. Several instances may run it at once
 * (runBillingClock claims each record). Runs are never concurrent within one instance; it stops
 * when the app closes.
 */
export function startBillingClock(app: FastifyInstance, intervalMs = BILLING_CLOCK_INTERVAL_MS): void {
  const ctx = paymentsContext(app);
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runBillingClock(ctx, app.clock.now())
      .then(({ reminded, lapsed }) => {
        if (reminded.length + lapsed.length > 0) {
          app.log.info({ reminded: reminded.length, lapsed: lapsed.length }, 'Billing clock ran');
        }
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'The billing clock failed'))
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

import type { FastifyInstance } from 'fastify';
import { paymentsContext, runBillingClock } from './payments.service.ts';

/** The default when neither the config nor the caller says (BILLING_CLOCK_INTERVAL_MS). */
export const BILLING_CLOCK_INTERVAL_MS = 15 * 60_000;

/**
 * Runs the billing clock (renewal reminders, lapses) every `intervalMs` (false: never) with the
 * app's clock, once per period across every instance (app.jobs.every, whole seconds). Reads of the
 * plan treat a passed ends_at as lapsed already; this run makes it show in the records, the audit
 * log and the Administrators' mail.
 */
export function scheduleBillingClock(
  app: FastifyInstance,
  intervalMs: number | false = BILLING_CLOCK_INTERVAL_MS,
) {
  const ctx = paymentsContext(app);
  const seconds = intervalMs === false ? false : Math.max(1, Math.round(intervalMs / 1000));
  app.jobs.every('billing-clock', seconds, async () => {
    const { reminded, lapsed } = await runBillingClock(ctx, app.clock.now());
    if (reminded.length + lapsed.length > 0) {
      app.log.info({ reminded: reminded.length, lapsed: lapsed.length }, 'Billing clock ran');
    }
  });
}

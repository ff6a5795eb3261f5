import type { FastifyInstance } from 'fastify';
import { planNamed, PRODUCT_LINE } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { PaymentRecordRow } from '../../db/schema/index.ts';
import { emitNotification } from '../notifications/notifications.service.ts';
import { findPlanPrice } from '../plans/plans.repository.ts';
import { billingMailContext, mails, packageEnd } from './payments.documents.ts';
import { periodOf } from './payments.mapper.ts';
import {
  claimReminder,
  findLapsedRecords,
  findPendingRecord,
  findRecordsToRemind,
  lapseRecord,
  lockOrganizationBilling,
  type PaymentRecordWithOrganization,
} from './payments.repository.ts';
import { paymentsContext, type PaymentsContext } from './payments.context.ts';
import { organizationOf } from './payments.access.ts';
import { activeAdministrators, sendAll } from './payments.receipts.ts';
import { storeInvoice } from './payments.invoice-store.ts';
import { insertPendingRecord, queueInvoiceMail } from './payments.requests.ts';
import { isPricedPlan } from './payments.lists.ts';
import { audit } from './payments.transitions.ts';

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

// ---------------------------------------------------------------------------------------------
// One run

/** The reminder goes out this long before a paid period ends. */
export const REMINDER_BEFORE_MS = 7 * 86_400_000;

export type BillingClockContext = PaymentsContext;

/**
 * One run of the billing clock at `now`: the renewal reminder for active records ending within 7
 * days (once: reminder_sent_at), and the lapse of active records whose ends_at has passed
 * (inactive, audited, mailed; the organization is on Free at once). Safe to run from several
 * instances at once: each record is claimed by a conditional update, and its notice and mail are
 * written in the claim's transaction (docs/architecture/effects.md), so they exist exactly when the
 * claim commits.
 */
export async function runBillingClock(
  ctx: BillingClockContext,
  now: Date,
): Promise<{ reminded: string[]; lapsed: string[] }> {
  const context = billingMailContext(ctx.config, ctx.baseUrl);
  const reminded: string[] = [];
  for (const record of await findRecordsToRemind(ctx.db, now, new Date(now.getTime() + REMINDER_BEFORE_MS))) {
    const claimed = await ctx.db.transaction(async (tx) => {
      if (!(await claimReminder(tx, record.id, now))) return false;
      const endsAt = record.endsAt?.toISOString() ?? null;
      await audit(tx, null, record, 'payment.reminded', now, { endsAt });
      // One reminder per record and end: the key names both.
      await emitNotification(
        ctx.jobs,
        { kind: 'subscription_expiring', paymentId: record.id },
        { tx, key: `${record.id}:${endsAt}` },
      );
      await sendAll(ctx, tx, 'renewal reminder', async (db) =>
        (await activeAdministrators(db, record.organizationId)).map((to) =>
          mails.reminder(to, packageEnd(record, record.organisation), context),
        ),
      );
      return true;
    });
    if (claimed) reminded.push(record.id);
  }
  const lapsed: string[] = [];
  for (const record of await findLapsedRecords(ctx.db, now)) {
    const done = await ctx.db.transaction(async (tx) => {
      if (!(await lapseRecord(tx, record.id))) return false;
      await audit(tx, null, record, 'payment.lapsed', now, {
        endsAt: record.endsAt?.toISOString() ?? null,
        ...(record.scheduledChange ? { scheduledChange: record.scheduledChange } : {}),
      });
      // In the same transaction as the lapse, so a crash cannot end the plan without its successor.
      const downgrade =
        record.scheduledChange === 'downgrade' ? await issueScheduledDowngrade(ctx, tx, record, now) : null;
      // The downgrade's invoice mail is queued with it (rendered by its job); else the lapse mail.
      if (downgrade) await queueInvoiceMail(ctx, tx, downgrade.id, 'administrators');
      else {
        await sendAll(ctx, tx, 'lapse', async (db) =>
          (await activeAdministrators(db, record.organizationId)).map((to) =>
            mails.lapsed(to, packageEnd(record, record.organisation), context),
          ),
        );
      }
      return { downgrade };
    });
    if (!done) continue;
    lapsed.push(record.id);
    if (done.downgrade) {
      const organization = await organizationOf(ctx.db, record.organizationId);
      await storeInvoice(ctx, done.downgrade, organization);
    }
  }
  return { reminded, lapsed };
}

/**
 * A downgrade scheduled for the end of `record`, carried out by the billing clock in the lapse's
 * transaction: the smaller plan's invoice at its catalog price then, to pay as any other (the plan
 * takes effect when it is paid). Nothing when a request already waits (the school chose another
 * plan meanwhile) or the plan has lost its price; then the organization is on Free, as after any lapse.
 */
async function issueScheduledDowngrade(
  ctx: PaymentsContext,
  tx: DbOrTx,
  record: PaymentRecordWithOrganization,
  now: Date,
): Promise<PaymentRecordRow | null> {
  const plan = planNamed(record.scheduledPlan);
  if (!plan || !isPricedPlan(plan.name)) return null;
  await lockOrganizationBilling(tx, record.organizationId);
  if (await findPendingRecord(tx, record.organizationId, PRODUCT_LINE)) return null;
  const period = periodOf({ billingPeriod: record.scheduledPeriod ?? 'month' });
  const price = await findPlanPrice(tx, plan.name, period, record.scheduledCurrency ?? undefined);
  if (!price) {
    ctx.log.warn(
      { paymentRecordId: record.id, plan: plan.name },
      'scheduled downgrade: the plan has no price',
    );
    return null;
  }
  return insertPendingRecord(
    ctx,
    tx,
    null,
    record.organizationId,
    { plan: plan.name, period, amountMinor: price.amountMinor, currency: price.currency, method: 'invoice' },
    now,
  );
}

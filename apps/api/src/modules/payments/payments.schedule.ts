import {
  isSuperAdministrator,
  planNamed,
  PRICED_PACKAGES,
  type ScheduleChangeBody,
  type Subscription,
} from '@vbuilder/shared';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findOrganizationById } from '../organizations/organizations.repository.ts';
import { findNewestEffectiveRecord, findPlanPrice } from '../plans/plans.repository.ts';
import { isInForce } from '../plans/plans.service.ts';
import { lockOrganizationBilling, updatePaymentRecord } from './payments.repository.ts';
import { subscriptionOf, type PaymentsContext } from './payments.service.ts';

/**
 * Cancel and downgrade at the end of the paid period, both self-serve and both reversible until
 * then. Scheduling only marks the record in force; the billing clock carries the change out when
 * the record's ends_at passes (the subscription ends, or the smaller plan's invoice is issued), so
 * the school keeps what it paid for until the last day.
 */

/** The catalog plans in increasing size: a downgrade goes to one before the plan in force. */
const SIZE: readonly string[] = PRICED_PACKAGES;

const nothingToChange = () =>
  conflict(
    'no_paid_period',
    'Nothing paid is in force: there is no period end at which to cancel or change the plan',
  );

async function ownOrganization(ctx: PaymentsContext, actor: Actor, organizationId: string) {
  // The Super Administrator acts for any organization; an Administrator for their own only.
  if (!isSuperAdministrator(actor.role) && actor.organizationId !== organizationId) {
    throw notFound('organization');
  }
  if (!(await findOrganizationById(ctx.db, organizationId))) throw notFound('organization');
}

/** POST /api/subscriptions/organization/:orgId/scheduled-change: cancel or downgrade at the period's end. */
export async function scheduleChange(
  ctx: PaymentsContext,
  actor: Actor,
  organizationId: string,
  body: ScheduleChangeBody,
): Promise<Subscription> {
  await ownOrganization(ctx, actor, organizationId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockOrganizationBilling(tx, organizationId);
    const record = await findNewestEffectiveRecord(tx, organizationId);
    if (!record || !isInForce(record, now) || !record.endsAt) throw nothingToChange();
    let change: {
      scheduledPlan: string | null;
      scheduledPeriod: string | null;
      scheduledCurrency: string | null;
    };
    if (body.kind === 'cancel') {
      change = { scheduledPlan: null, scheduledPeriod: null, scheduledCurrency: null };
    } else {
      const current = planNamed(record.planName)?.name ?? 'Custom';
      // Custom counts as larger than every catalog plan.
      const currentSize = SIZE.includes(current) ? SIZE.indexOf(current) : SIZE.length;
      if (SIZE.indexOf(body.plan) >= currentSize) {
        throw new AppError(
          409,
          'downgrade_not_smaller',
          `${body.plan} is not smaller than ${current}: upgrade it now instead`,
          { plan: body.plan, current },
        );
      }
      const price = await findPlanPrice(tx, body.plan, body.period, body.currency);
      if (!price) {
        throw conflict(
          'plan_price_missing',
          `${body.plan} has no ${body.period}ly price${body.currency ? ` in ${body.currency}` : ''}`,
        );
      }
      change = { scheduledPlan: body.plan, scheduledPeriod: body.period, scheduledCurrency: price.currency };
    }
    await updatePaymentRecord(tx, record.id, { scheduledChange: body.kind, ...change });
    await recordAudit(
      tx,
      actor,
      {
        action: 'payment.change_scheduled',
        targetType: 'payment',
        targetId: record.id,
        organizationId,
        details: { kind: body.kind, ...change, at: record.endsAt.toISOString() },
      },
      now,
    );
  });
  return subscriptionOf(ctx.db, organizationId, now);
}

/** DELETE /api/subscriptions/organization/:orgId/scheduled-change: undo it while the period runs. */
export async function undoScheduledChange(
  ctx: PaymentsContext,
  actor: Actor,
  organizationId: string,
): Promise<Subscription> {
  await ownOrganization(ctx, actor, organizationId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockOrganizationBilling(tx, organizationId);
    const record = await findNewestEffectiveRecord(tx, organizationId);
    // After the end the billing clock has carried it out (or will on its next run): too late to undo.
    if (!record || !isInForce(record, now) || !record.scheduledChange) {
      throw conflict('no_scheduled_change', 'No cancel or plan change is scheduled for this subscription');
    }
    await updatePaymentRecord(tx, record.id, {
      scheduledChange: null,
      scheduledPlan: null,
      scheduledPeriod: null,
      scheduledCurrency: null,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'payment.change_undone',
        targetType: 'payment',
        targetId: record.id,
        organizationId,
        details: { kind: record.scheduledChange, plan: record.scheduledPlan },
      },
      now,
    );
  });
  return subscriptionOf(ctx.db, organizationId, now);
}

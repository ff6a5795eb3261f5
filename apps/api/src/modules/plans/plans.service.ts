import { PLANS, planNamed, type Plan } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import { findNewestPaymentRecord, insertPaymentRecord } from './plans.repository.ts';

export interface CurrentPlan {
  plan: Plan;
  /** 'active': the newest payment record is active and names a plan; 'free': otherwise (DESIGN §7). */
  status: 'active' | 'free';
}

/**
 * The plan an organization is on (SPEC §4, DESIGN §7): that of its newest payment record when
 * the record is active and names a known plan; otherwise the Free package.
 */
export async function currentPlan(db: DbOrTx, organizationId: string): Promise<CurrentPlan> {
  const record = await findNewestPaymentRecord(db, organizationId);
  const plan = record?.status === 'active' ? planNamed(record.planName) : null;
  return plan ? { plan, status: 'active' } : { plan: PLANS.Free, status: 'free' };
}

/**
 * Puts an organization on a plan by recording an active payment record for it (the admin CLI's
 * `set-plan`, and the demo seed). Free records an inactive one, which leaves it on Free.
 */
export async function recordPlan(
  db: DbOrTx,
  organizationId: string,
  plan: Plan,
  options: { endsAt?: Date | null; now?: Date } = {},
) {
  return insertPaymentRecord(db, {
    organizationId,
    planName: plan.productName,
    packageId: plan.name.toLowerCase(),
    status: plan.name === 'Free' ? 'inactive' : 'active',
    invoiceStatus: 'closed',
    createdAt: options.now ?? new Date(),
    endsAt: options.endsAt ?? null,
  });
}

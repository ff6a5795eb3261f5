import { sql } from 'drizzle-orm';
import { LIST_PRICES, type PlanPrice, type PricedPackage } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import { planPrices } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { replacePlanPrices } from '../plans/plans.repository.ts';

/**
 * The catalog a fresh installation gets with the demo (docs/product/billing.md#catalog-and-prices): the list prices of the
 * shared plan catalog (USD, monthly Basic 19.00, Professional 49.00, Enterprise 129.00, a year at
 * ten times the month), the ones the landing page shows. The Super Administrator changes them on
 * the Subscription screen (PUT /api/plans/:name/prices).
 */
export const DEFAULT_PLAN_PRICES: Record<PricedPackage, PlanPrice[]> = Object.fromEntries(
  Object.entries(LIST_PRICES).map(([plan, { currency, month, year }]) => [
    plan,
    [
      { period: 'month', currency, amountMinor: month },
      { period: 'year', currency, amountMinor: year },
    ],
  ]),
) as Record<PricedPackage, PlanPrice[]>;

/**
 * Sets DEFAULT_PLAN_PRICES when plan_prices is empty, so an Administrator of a new installation can
 * request a plan at once; a catalog someone already set (even one plan's) is never touched. Audited
 * as the system. Answers whether it set them.
 */
export async function seedDefaultPrices(db: DbOrTx, now: Date): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(planPrices);
  if ((row?.n ?? 0) > 0) return false;
  for (const [plan, prices] of Object.entries(DEFAULT_PLAN_PRICES)) {
    await replacePlanPrices(db, plan, prices, null, now);
    await recordAudit(
      db,
      null,
      {
        action: 'plan.prices_updated',
        targetType: 'plan',
        targetId: plan,
        organizationId: null,
        details: { prices, source: 'demo-defaults' },
      },
      now,
    );
  }
  return true;
}

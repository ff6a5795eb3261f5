import { sql } from 'drizzle-orm';
import type { PlanPrice, PricedPackage } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import { planPrices } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { replacePlanPrices } from '../plans/plans.repository.ts';

/** The monthly price of each catalog plan a new installation starts with, in US cents. */
const MONTHLY_USD: Record<PricedPackage, number> = {
  Basic: 1900,
  Professional: 4900,
  Enterprise: 12900,
};

/** A year costs ten months (two months free). */
const YEAR_IN_MONTHS = 10;

/**
 * The catalog a fresh installation gets with the demo (README Billing): USD, monthly Basic 19.00,
 * Professional 49.00, Enterprise 129.00, and a year at ten times the month. The Super
 * Administrator changes them on the Subscription screen (PUT /api/plans/:name/prices).
 */
export const DEFAULT_PLAN_PRICES: Record<PricedPackage, PlanPrice[]> = Object.fromEntries(
  Object.entries(MONTHLY_USD).map(([plan, monthly]) => [
    plan,
    [
      { period: 'month', currency: 'USD', amountMinor: monthly },
      { period: 'year', currency: 'USD', amountMinor: monthly * YEAR_IN_MONTHS },
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

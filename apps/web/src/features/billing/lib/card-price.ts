import type { BillingPeriod, PlanCatalogEntry, PlanPrice } from '@vbuilder/shared';

/**
 * The price the card payment provider sells `plan` at for the period, in `currency` when one is
 * chosen (null: any); null when the plan cannot be paid by card that way.
 */
export const cardPriceOf = (
  plan: PlanCatalogEntry,
  period: BillingPeriod,
  currency: string | null,
): PlanPrice | null =>
  plan.cardPrices?.find(
    (price) => price.period === period && (currency === null || price.currency === currency),
  ) ?? null;

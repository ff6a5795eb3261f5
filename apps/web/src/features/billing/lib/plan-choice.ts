import {
  PRICED_PACKAGES,
  type BillingPeriod,
  type PlanCatalogEntry,
  type PlanPrice,
  type PricedPackage,
  type Subscription,
} from '@vbuilder/shared';

/** What a plan's button does for the organization now. */
export type PlanChoice = 'upgrade' | 'renew' | 'request';

const RANK: Record<string, number> = { Free: 0, Basic: 1, Professional: 2, Enterprise: 3, Custom: 4 };

export const isPricedPackage = (name: string): name is PricedPackage =>
  (PRICED_PACKAGES as readonly string[]).includes(name);

/**
 * Renew the plan in force, Upgrade to a larger one, otherwise Request (a first plan, after a
 * lapse, or a smaller one). Null for a plan that is not sold at a catalog price (Free, Custom).
 */
export function planChoice(
  plan: PlanCatalogEntry,
  subscription: Subscription | undefined,
): PlanChoice | null {
  if (!isPricedPackage(plan.name)) return null;
  if (subscription?.status !== 'active') return 'request';
  if (subscription.packageName === plan.name) return 'renew';
  return (RANK[plan.name] ?? 0) > (RANK[subscription.packageName] ?? 0) ? 'upgrade' : 'request';
}

/** The plan's price for a period in a currency; null when it is not sold that way. */
export const priceOf = (
  plan: PlanCatalogEntry,
  period: BillingPeriod,
  currency: string | null,
): PlanPrice | null =>
  plan.prices.find(
    (price) => price.period === period && (currency === null || price.currency === currency),
  ) ?? null;

/** The currencies the catalog has prices in, in the order first met. */
export const catalogCurrencies = (plans: readonly PlanCatalogEntry[]): string[] => [
  ...new Set(plans.flatMap((plan) => plan.prices.map((price) => price.currency))),
];

import {
  creditTowards,
  PRICED_PACKAGES,
  type ProrationCredit,
  type BillingPeriod,
  type PlanCatalogEntry,
  type PlanPrice,
  type PricedPackage,
  type Subscription,
} from '@vbuilder/shared';

/**
 * What a plan's button does for the organization now; a downgrade is not bought now but scheduled
 * for the end of the paid period.
 */
export type PlanChoice = 'upgrade' | 'renew' | 'request' | 'downgrade';

const RANK: Record<string, number> = { Free: 0, Basic: 1, Professional: 2, Enterprise: 3, Custom: 4 };

export const isPricedPackage = (name: string): name is PricedPackage =>
  (PRICED_PACKAGES as readonly string[]).includes(name);

/**
 * Renew the plan in force, Upgrade to a larger one, Downgrade to a smaller one (at the end of the
 * paid period), otherwise Request (a first plan, after a lapse, or while only an open-ended plan is
 * in force). Null for a plan that is not sold at a catalog price (Free, Custom).
 */
export function planChoice(
  plan: PlanCatalogEntry,
  subscription: Subscription | undefined,
): PlanChoice | null {
  if (!isPricedPackage(plan.name)) return null;
  if (subscription?.status !== 'active') return 'request';
  if (subscription.packageName === plan.name) return 'renew';
  if ((RANK[plan.name] ?? 0) > (RANK[subscription.packageName] ?? 0)) return 'upgrade';
  return subscription.renewalDate ? 'downgrade' : 'request';
}

/**
 * The credit a purchase at `price` would take for the unused days of the paid period in force
 * (the server's rule, prorationCredit, at this moment); none for a renewal, which starts at the
 * period's end, and none in another currency.
 */
export const creditOf = (
  subscription: Subscription | undefined,
  choice: PlanChoice,
  price: Pick<PlanPrice, 'amountMinor' | 'currency'>,
  now = new Date(),
): ProrationCredit | null =>
  choice === 'renew' || choice === 'downgrade'
    ? null
    : creditTowards(subscription?.paidPeriod ?? null, price.amountMinor, price.currency, now);

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

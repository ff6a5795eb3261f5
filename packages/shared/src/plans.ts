import type { PricedPackage } from './schemas/billing.ts';
import { typesOfTier, type QuestionTypeId, type Tier } from './questions/types.ts';

/** Package names of docs/product/limits.md. 'Free' is the package of an organization without an active plan. */
export const PACKAGE_NAMES = ['Free', 'Basic', 'Professional', 'Enterprise', 'Custom'] as const;
export type PackageName = (typeof PACKAGE_NAMES)[number];

export interface Plan {
  name: PackageName;
  /** The product's name as sold ('vbuilder Basic'); the Free package is not sold. */
  productName: string;
  /** Assessments an organization may create in a calendar month (UTC); null: unlimited. */
  monthlyAssessments: number | null;
  /** The question types allowed are those of this tier and the ones below it. */
  tier: Tier;
}

/**
 * The plans of docs/product/limits.md, and Free (docs/decisions/006-free-plan-instead-of-zero.md): an organization whose newest payment record is not
 * active is on Free (5 assessments a month, the Basic types) rather than the old product's 'Basic that
 * matches no tier' with an allowance of 0, which would lock every new organization out.
 * 'Custom' is a negotiated plan: unlimited, every type.
 */
export const PLANS: Record<PackageName, Plan> = {
  Free: { name: 'Free', productName: 'vbuilder Free', monthlyAssessments: 5, tier: 'basic' },
  Basic: { name: 'Basic', productName: 'vbuilder Basic', monthlyAssessments: 50, tier: 'basic' },
  Professional: {
    name: 'Professional',
    productName: 'vbuilder Professional',
    monthlyAssessments: 500,
    tier: 'professional',
  },
  Enterprise: {
    name: 'Enterprise',
    productName: 'vbuilder Enterprise',
    monthlyAssessments: null,
    tier: 'enterprise',
  },
  Custom: { name: 'Custom', productName: 'vbuilder Custom', monthlyAssessments: null, tier: 'enterprise' },
};

export interface ListPrice {
  /** ISO 4217 code of the amounts. */
  currency: string;
  /** Minor units (cents) for a month and for a year. */
  month: number;
  year: number;
}

/** A year costs ten months (two months free). */
const YEAR_IN_MONTHS = 10;
const usd = (month: number): ListPrice => ({ currency: 'USD', month, year: month * YEAR_IN_MONTHS });

/**
 * The list prices of the catalog: what a new installation's price table starts with (the Super
 * Administrator changes it on the Subscription screen) and what the public landing page shows,
 * written into its HTML at build time.
 */
export const LIST_PRICES: Record<PricedPackage, ListPrice> = {
  Basic: usd(1900),
  Professional: usd(4900),
  Enterprise: usd(12900),
};

/**
 * The plan a payment record's plan_name names: 'Professional', 'vbuilder Professional' or
 * 'professional' all name Professional. Null when it names none.
 */
export function planNamed(name: string | null | undefined): Plan | null {
  const key = (name ?? '')
    .trim()
    .replace(/^vbuilder\s+/i, '')
    .toLowerCase();
  const found = PACKAGE_NAMES.find((p) => p.toLowerCase() === key);
  return found ? PLANS[found] : null;
}

/** The question types a plan allows. */
export const typesOfPlan = (plan: Plan): QuestionTypeId[] => typesOfTier(plan.tier);

export const isTypeAllowed = (plan: Plan, type: string): boolean =>
  (typesOfPlan(plan) as string[]).includes(type);

/** docs/product/states.md: the limit is reached when this month's count is at or above the allowance (never when unlimited). */
export const isMonthlyLimitReached = (plan: Plan, countThisMonth: number): boolean =>
  plan.monthlyAssessments !== null && countThisMonth >= plan.monthlyAssessments;

/** Assessments left this month; null when unlimited. */
export const remainingThisMonth = (plan: Plan, countThisMonth: number): number | null =>
  plan.monthlyAssessments === null ? null : Math.max(0, plan.monthlyAssessments - countThisMonth);

/** The first instant of the calendar month (UTC) that `now` is in: monthly allowances restart there. */
export const startOfMonthUtc = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

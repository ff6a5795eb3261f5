import {
  packageIdOf,
  PACKAGE_NAMES,
  PLANS,
  planNamed,
  typesOfPlan,
  type Plan,
  type PlanCatalogEntry,
  type PlansResponse,
  type PricedPackage,
  type UpdatePlanPricesBody,
} from '@vbuilder/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { PaymentRecordRow } from '../../db/schema/index.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { cardProviderFor, type CardPrice } from '../../lib/stripe.ts';
import {
  findNewestEffectiveRecord,
  insertPaymentRecord,
  listPlanPrices,
  replacePlanPrices,
  supersedeActiveRecords,
} from './plans.repository.ts';

export interface CurrentPlan {
  plan: Plan;
  /** 'active': a paid period is in force; 'free': otherwise (docs/decisions/006-free-plan-instead-of-zero.md). */
  status: 'active' | 'free';
}

/**
 * The plan a payment record grants: the plan its plan_name names, with a Custom plan's negotiated
 * allowance (null: unlimited). Null when it names no plan.
 */
export function planOfRecord(
  record: Pick<PaymentRecordRow, 'planName' | 'customMonthlyAssessments'>,
): Plan | null {
  const plan = planNamed(record.planName);
  if (!plan) return null;
  return plan.name === 'Custom' ? { ...plan, monthlyAssessments: record.customMonthlyAssessments } : plan;
}

/** Whether a record that took effect is in force at `now`: active, and its end (if any) not passed. */
export const isInForce = (record: Pick<PaymentRecordRow, 'status' | 'endsAt'>, now: Date): boolean =>
  record.status === 'active' && (record.endsAt === null || record.endsAt.getTime() > now.getTime());

/**
 * The plan an organization is on (docs/product/states.md, docs/decisions/006-free-plan-instead-of-zero.md): that of its newest
 * payment record that took effect (activatedAt set; a pending or closed request has not, so it does
 * not displace what was paid for), while that record is active and its endsAt has not passed (a
 * passed end counts as lapsed at once, before the billing clock marks it inactive); otherwise Free.
 */
export async function currentPlan(
  db: DbOrTx,
  organizationId: string,
  now: Date = new Date(),
): Promise<CurrentPlan> {
  const record = await findNewestEffectiveRecord(db, organizationId);
  const plan = record && isInForce(record, now) ? planOfRecord(record) : null;
  return plan ? { plan, status: 'active' } : { plan: PLANS.Free, status: 'free' };
}

/**
 * Puts an organization on a plan by recording a payment record that takes effect at once (the
 * admin CLI's `set-plan`, and the demo seed); it supersedes any active one. Free records an
 * inactive one, which leaves the organization on Free.
 */
export async function recordPlan(
  db: DbOrTx,
  organizationId: string,
  plan: Plan,
  options: { endsAt?: Date | null; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  await supersedeActiveRecords(db, organizationId, null);
  return insertPaymentRecord(db, {
    organizationId,
    planName: plan.productName,
    packageId: plan.name.toLowerCase(),
    status: plan.name === 'Free' ? 'inactive' : 'active',
    invoiceStatus: 'closed',
    createdAt: now,
    activatedAt: now,
    periodStart: now,
    endsAt: options.endsAt ?? null,
    customMonthlyAssessments: plan.name === 'Custom' ? plan.monthlyAssessments : null,
  });
}

/** GET /api/plans: the five packages of PLANS with their allowances, question types and prices. */
export async function planCatalog(
  db: DbOrTx,
  cardPayments: boolean,
  cardPrices: readonly CardPrice[] = [],
): Promise<PlansResponse> {
  const prices = await listPlanPrices(db);
  const data: PlanCatalogEntry[] = PACKAGE_NAMES.map((name) => {
    const plan = PLANS[name];
    return {
      name,
      productName: plan.productName,
      packageId: packageIdOf(name),
      monthlyAssessments: plan.monthlyAssessments,
      questionTypes: typesOfPlan(plan),
      prices: prices
        .filter((p) => p.planName === name)
        .map((p) => ({
          period: p.period as 'month' | 'year',
          currency: p.currency,
          amountMinor: p.amountMinor,
        })),
      cardPrices: cardPrices
        .filter((p) => p.plan === name)
        .map((p) => ({ period: p.period, currency: p.currency, amountMinor: p.amountMinor })),
    };
  });
  return { data, cardPayments };
}

/** PUT /api/plans/:name/prices (Super Administrator): replaces the plan's prices, audited. */
export async function updatePlanPrices(
  db: Db,
  actor: Actor,
  name: PricedPackage,
  body: UpdatePlanPricesBody,
  now: Date,
  cardPayments: boolean,
  cardPrices: readonly CardPrice[] = [],
): Promise<PlansResponse> {
  await db.transaction(async (tx) => {
    await replacePlanPrices(tx, name, body.prices, actor.userId, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'plan.prices_updated',
        targetType: 'plan',
        targetId: name,
        organizationId: null,
        details: { prices: body.prices },
      },
      now,
    );
  });
  return planCatalog(db, cardPayments, cardPrices);
}

/**
 * Whether card payment is offered (a card provider key is set) and the packages'
 * card prices from the provider's products. A failed product load leaves them empty.
 */
export async function cardCatalogOf(
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ cardPayments: boolean; cardPrices: CardPrice[] }> {
  const provider = cardProviderFor(config);
  if (!provider) return { cardPayments: false, cardPrices: [] };
  try {
    return { cardPayments: true, cardPrices: await provider.prices() };
  } catch (err) {
    log.error({ err }, 'could not list the card payment products');
    return { cardPayments: true, cardPrices: [] };
  }
}

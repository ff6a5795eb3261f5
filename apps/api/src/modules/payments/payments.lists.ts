// Lists of payment records, one record, its receipt, and the organization's subscription read from its records.
import {
  packageIdOf,
  PLANS,
  PRICED_PACKAGES,
  PRODUCT_LINE,
  type PricedPackage,
  typesOfPlan,
  type PaymentRecord,
  type PaymentRecordsQuery,
  type PaymentRecordsResponse,
  type Subscription,
} from '@vbuilder/shared';
import type { z } from 'zod';
import type { PaymentRecordsQuerySchema } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { PaymentRecordRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { isInForce, planOfRecord } from '../plans/plans.service.ts';
import { periodOf, toPaymentRecord } from './payments.mapper.ts';
import { listOrganizationRecords, listPaymentRecords } from './payments.repository.ts';
import type { PaymentsContext } from './payments.context.ts';
import { readableOrganization, readableRecord } from './payments.access.ts';
import { RECEIPT_TYPES, contentTypeOfKey } from './payments.receipts.ts';

type RecordsQuery = z.output<typeof PaymentRecordsQuerySchema>;
export type { PaymentRecordsQuery };

const page = (query: RecordsQuery) => ({ page: query.page, pageSize: query.pageSize, order: query.order });

/** GET /api/payments/organization/:orgId?productLine=vbuilder: the organization's records (docs/product/api.md). */
export async function listOrganizationPayments(
  ctx: PaymentsContext,
  actor: Actor,
  organizationId: string,
  query: RecordsQuery,
): Promise<PaymentRecordsResponse> {
  await readableOrganization(ctx.db, actor, organizationId);
  const { rows, total } = await listPaymentRecords(
    ctx.db,
    {
      organizationId,
      productLine: query.productLine,
      status: query.status,
      invoiceStatus: query.invoiceStatus,
      search: query.search,
    },
    page(query),
  );
  return { data: rows.map(toPaymentRecord), total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/payments (Super Administrator): every organization's records, filtered. */
export async function listAllPayments(
  ctx: PaymentsContext,
  query: RecordsQuery,
): Promise<PaymentRecordsResponse> {
  const { rows, total } = await listPaymentRecords(
    ctx.db,
    {
      organizationId: query.organizationId,
      productLine: query.productLine,
      status: query.status,
      invoiceStatus: query.invoiceStatus,
      search: query.search,
    },
    page(query),
  );
  return { data: rows.map(toPaymentRecord), total, page: query.page, pageSize: query.pageSize };
}

type StateRecord = Pick<
  PaymentRecordRow,
  'status' | 'endsAt' | 'activatedAt' | 'planName' | 'customMonthlyAssessments'
>;

/**
 * An organization's subscription state from its records of the product line, newest first: the
 * record in force, the pending request, the plan and the status (the rules of subscriptionOf, also
 * used by the Super Administrator's dashboard over every organization's records at once).
 */
export function subscriptionStateOf<R extends StateRecord>(records: readonly R[], now: Date) {
  // The record activated last is in force (its activation superseded the others), as currentPlan reads it.
  const effective = records.reduce<R | null>(
    (newest, r) =>
      r.activatedAt && (!newest || r.activatedAt.getTime() > newest.activatedAt!.getTime()) ? r : newest,
    null,
  );
  const pending = records.find((r) => r.status === 'pending') ?? null;
  const inForce = effective && isInForce(effective, now) ? effective : null;
  const plan = (inForce && planOfRecord(inForce)) || PLANS.Free;
  const status: Subscription['status'] = inForce
    ? 'active'
    : pending
      ? 'pending'
      : effective
        ? 'inactive'
        : 'free';
  return { inForce, pending, plan, status };
}

/**
 * The organization's subscription (docs/product/data.md, docs/product/states.md): the plan in force (the newest record that took
 * effect, while active and not past its end), else Free; status active, pending (a request waits
 * and nothing is active), inactive (the last paid period lapsed) or free (never had one).
 */
export async function subscriptionOf(db: DbOrTx, organizationId: string, now: Date): Promise<Subscription> {
  const records = await listOrganizationRecords(db, organizationId, PRODUCT_LINE);
  const { inForce, pending, plan, status } = subscriptionStateOf(records, now);
  return {
    organizationId,
    productLine: PRODUCT_LINE,
    packageName: plan.name,
    packageId: inForce ? (inForce.packageId ?? packageIdOf(plan.name)) : null,
    status,
    productDetails: {
      planName: plan.name,
      productName: plan.productName,
      monthlyAssessments: plan.monthlyAssessments,
      questionTypes: typesOfPlan(plan),
    },
    periodStart: inForce?.periodStart?.toISOString() ?? null,
    renewalDate: inForce?.endsAt?.toISOString() ?? null,
    pendingRequest: pending ? toPaymentRecord(pending) : null,
    paidPeriod:
      inForce?.periodStart && inForce.endsAt
        ? {
            amountMinor: inForce.amountMinor,
            currency: inForce.currency,
            periodStart: inForce.periodStart.toISOString(),
            endsAt: inForce.endsAt.toISOString(),
          }
        : null,
    scheduledChange: scheduledChangeOf(inForce),
  };
}

/** What the billing clock does at the end of the record in force, as its organization scheduled it. */
function scheduledChangeOf(record: PaymentRecordRow | null): Subscription['scheduledChange'] {
  if (!record?.endsAt) return null;
  const at = record.endsAt.toISOString();
  if (record.scheduledChange === 'cancel')
    return { kind: 'cancel', plan: null, period: null, currency: null, at };
  if (record.scheduledChange === 'downgrade' && isPricedPlan(record.scheduledPlan)) {
    return {
      kind: 'downgrade',
      plan: record.scheduledPlan,
      period: periodOf({ billingPeriod: record.scheduledPeriod ?? 'month' }),
      currency: record.scheduledCurrency,
      at,
    };
  }
  return null;
}

export const isPricedPlan = (name: string | null): name is PricedPackage =>
  (PRICED_PACKAGES as readonly string[]).includes(name ?? '');

/** GET /api/subscriptions/organization/:orgId. */
export async function getSubscription(ctx: PaymentsContext, actor: Actor, organizationId: string) {
  await readableOrganization(ctx.db, actor, organizationId);
  return { data: await subscriptionOf(ctx.db, organizationId, ctx.clock.now()) };
}

/** View payment: one record. */
export async function getPayment(ctx: PaymentsContext, actor: Actor, id: string): Promise<PaymentRecord> {
  return toPaymentRecord(await readableRecord(ctx.db, actor, id));
}

/** The uploaded receipt. */
export async function receiptFile(
  ctx: PaymentsContext,
  actor: Actor,
  id: string,
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const record = await readableRecord(ctx.db, actor, id);
  if (!record.receiptFileKey) throw notFound('receipt');
  const bytes = await ctx.files.readFile(record.receiptFileKey);
  if (!bytes) throw notFound('receipt');
  const contentType = contentTypeOfKey(record.receiptFileKey);
  return {
    bytes,
    contentType,
    fileName: `receipt-${record.invoiceNumber ?? record.id}.${RECEIPT_TYPES[contentType]}`,
  };
}

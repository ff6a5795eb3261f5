import {
  BILLING_PERIODS,
  INVOICE_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_RECORD_STATUSES,
  PLANS,
  planNamed,
  type BillingPeriod,
  type InvoiceStatus,
  type PaymentMethod,
  type PaymentRecord,
  type PaymentRecordStatus,
} from '@vbuilder/shared';
import type { PaymentRecordWithOrganization } from './payments.repository.ts';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** The year and month count of a billing period. */
const MONTHS: Record<BillingPeriod, number> = { month: 1, year: 12 };

/**
 * The end of a period of `period` starting at `start`: the same day and time one month (or twelve)
 * later in UTC; a day the month lacks falls back to its last day (31 Jan + 1 month = 28/29 Feb).
 */
export function addPeriod(start: Date, period: BillingPeriod): Date {
  const months = MONTHS[period];
  const target = new Date(start.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** The record's billing period, 'month' for rows that say something else. */
export const periodOf = (row: { billingPeriod: string }): BillingPeriod =>
  oneOf(BILLING_PERIODS, row.billingPeriod, 'month');

/** VB-2026-000123: the year's sequence, six digits (more when a year passes a million). */
export const formatInvoiceNumber = (year: number, sequence: number): string =>
  `VB-${year}-${String(sequence).padStart(6, '0')}`;

/** The allowance a record grants: a Custom plan's negotiated one, else its plan's. */
const monthlyAssessmentsOf = (row: PaymentRecordWithOrganization): number | null => {
  const plan = planNamed(row.planName);
  if (plan?.name === 'Custom') return row.customMonthlyAssessments;
  return (plan ?? PLANS.Free).monthlyAssessments;
};

/** A payment record as the API answers it (docs/product/data.md). */
export const toPaymentRecord = (row: PaymentRecordWithOrganization): PaymentRecord => ({
  id: row.id,
  organizationId: row.organizationId,
  organisation: row.organisation,
  planName: planNamed(row.planName)?.name ?? row.planName,
  packageId: row.packageId,
  paymentId: row.paymentId,
  productLine: row.productLine,
  status: oneOf<PaymentRecordStatus>(PAYMENT_RECORD_STATUSES, row.status, 'inactive'),
  invoiceNumber: row.invoiceNumber,
  invoiceStatus: oneOf<InvoiceStatus>(INVOICE_STATUSES, row.invoiceStatus, 'closed'),
  amountMinor: row.amountMinor,
  creditMinor: row.creditMinor,
  credit:
    row.creditMinor > 0 && row.creditPlanName
      ? {
          planName: planNamed(row.creditPlanName)?.name ?? row.creditPlanName,
          unusedDays: row.creditUnusedDays ?? 0,
          periodDays: row.creditPeriodDays ?? 0,
        }
      : null,
  taxMinor: row.taxMinor,
  totalMinor: row.amountMinor - row.creditMinor + row.taxMinor,
  currency: row.currency,
  billingPeriod: periodOf(row),
  monthlyAssessments: monthlyAssessmentsOf(row),
  periodStart: iso(row.periodStart),
  createdAt: row.createdAt.toISOString(),
  endsAt: iso(row.endsAt),
  dueAt: iso(row.dueAt),
  activatedAt: iso(row.activatedAt),
  method: oneOf<PaymentMethod>(PAYMENT_METHODS, row.method, 'invoice'),
  hasInvoice: row.invoiceFileKey !== null || row.invoiceNumber !== null,
  hasReceipt: row.receiptFileKey !== null,
});

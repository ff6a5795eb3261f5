import { addMoney, formatMoney, multiplyMoney, sumMoney, taxOf, type PackageName } from '@vbuilder/shared';
import type { Config } from '../../config.ts';

/**
 * The invoice of a payment record, as data: the seller (vbuilder's BILLING_* settings), the
 * organization billed as it writes its name and address, the plan and its period, the lines,
 * subtotal, tax line when a rate is set, total, the due date and how to pay, and its status (open,
 * paid, closed). Its page, in the reader's language, is laid out by payments.invoice-pdf.ts.
 *
 * Money is integer minor units with an ISO 4217 currency, never floats (packages/shared money.ts);
 * amounts are formatted with Intl in the reader's language from an exact decimal string.
 */

export type InvoiceStatus = 'open' | 'paid' | 'closed';
export type BillingPeriod = 'month' | 'year';

/** vbuilder as the seller: see `billingSeller(config)`. Texts print as written. */
export interface InvoiceSeller {
  name: string;
  /** Lines of the postal address. */
  address: string[];
  taxId: string | null;
  /** Where to write about the invoice. */
  email: string;
  /** Bank transfer details, line by line; empty: a translated text pointing to `email`. */
  paymentInstructions: string[];
  /** The tax's own name (VAT, GST…); null: "Tax" in the reader's language. */
  taxName: string | null;
}

/** The organization billed, from its record (organizations table), as it wrote it. */
export interface InvoiceBuyer {
  name: string;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  postalCode?: string | null;
}

export interface InvoicePlan {
  packageName: PackageName;
  period: BillingPeriod;
  periodStart: Date;
  periodEnd: Date;
}

/** One line of the invoice; `description: null` is the plan itself, described in the reader's language. */
export interface InvoiceLine {
  description: string | null;
  quantity: number;
  /** Integer minor units of the invoice's currency (cents, satang…); negative for a discount. */
  unitAmountMinor: number;
  /** An upgrade's credit for the unused days of the plan it replaces, described in the reader's language. */
  credit?: { packageName: PackageName; unusedDays: number; periodDays: number };
}

export interface InvoiceDocument {
  /** VB-2026-000123 */
  number: string;
  issuedAt: Date;
  dueAt: Date;
  status: InvoiceStatus;
  /** When the invoice was paid (the record's activation); printed under the PAID stamp. */
  paidAt?: Date | null;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  plan: InvoicePlan;
  lines: InvoiceLine[];
  /** ISO 4217, e.g. 'USD', 'THB'. */
  currency: string;
  /** Tax in basis points (700 = 7 %), fixed when the invoice was issued; 0: no tax line. */
  taxRateBasisPoints: number;
  /** IANA zone the dates are shown in; UTC when absent. */
  timeZone?: string | null;
  /**
   * How the invoice is paid: 'card' is a card checkout's (it tells the school to pay by card on
   * the subscription screen, never by bank transfer); 'invoice' (the default) by bank transfer.
   */
  method?: 'invoice' | 'card';
}

/**
 * The last day a period covers, for showing: a period that ends at midnight on 1 January covers
 * 31 December last (an ends_at during the day still covers that day).
 */
export const lastDayOf = (endsAt: Date): Date => new Date(endsAt.getTime() - 1);

/** The invoice line of a plan at its price: `lines: [planLine(amountMinor)]`. */
export const planLine = (unitAmountMinor: number): InvoiceLine => ({
  description: null,
  quantity: 1,
  unitAmountMinor,
});

/** The negative line of an upgrade's credit for the unused days of the plan in force. */
export const creditLine = (creditMinor: number, credit: NonNullable<InvoiceLine['credit']>): InvoiceLine => ({
  description: null,
  quantity: 1,
  unitAmountMinor: -creditMinor,
  credit,
});

/** Bank details and the like may be given on one line of the environment with `\n` between lines. */
export const lines = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(/\\n|\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The seller block of every invoice, from the BILLING_* settings. */
export const billingSeller = (config: Config): InvoiceSeller => ({
  name: config.BILLING_COMPANY_NAME,
  address: lines(config.BILLING_ADDRESS),
  taxId: config.BILLING_TAX_ID?.trim() || null,
  email: config.BILLING_SUPPORT_EMAIL,
  paymentInstructions: lines(config.BILLING_PAYMENT_INSTRUCTIONS),
  taxName: config.BILLING_TAX_NAME?.trim() || null,
});

// ---------------------------------------------------------------------------------------------
// Money: packages/shared/src/money.ts (integer minor units, BigInt where a product could overflow)

export interface InvoiceTotals {
  lineAmountsMinor: number[];
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** Each line's amount, the subtotal, the tax on the subtotal (half-up) and the total, all in minor units. */
export function invoiceTotals(
  invoice: Pick<InvoiceDocument, 'lines' | 'taxRateBasisPoints' | 'currency'>,
): InvoiceTotals {
  const { currency } = invoice;
  const lineAmounts = invoice.lines.map((line) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw new RangeError(`Not a quantity: ${line.quantity}`);
    return multiplyMoney({ amountMinor: line.unitAmountMinor, currency }, line.quantity);
  });
  const subtotal = sumMoney(lineAmounts, currency);
  const tax = taxOf(subtotal, invoice.taxRateBasisPoints);
  return {
    lineAmountsMinor: lineAmounts.map((m) => m.amountMinor),
    subtotalMinor: subtotal.amountMinor,
    taxMinor: tax.amountMinor,
    totalMinor: addMoney(subtotal, tax).amountMinor,
  };
}

/** An amount of the invoice's currency as the reader writes it (symbol, separators, digits). */
export const invoiceMoney = (amountMinor: number, currency: string, language: string): string =>
  formatMoney({ amountMinor, currency }, language);

/** The invoice file's name, e.g. 'VB-2026-000123.pdf'. */
export const invoiceFileName = (invoice: Pick<InvoiceDocument, 'number'>) =>
  `${invoice.number.replace(/[^\w.-]+/g, '_')}.pdf`;

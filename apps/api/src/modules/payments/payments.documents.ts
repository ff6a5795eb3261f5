import { planNamed, type LanguageCode, type PackageName } from '@vbuilder/shared';
import type { Config } from '../../config.ts';
import type { OrganizationRow, PaymentRecordRow, UserRow } from '../../db/schema/index.ts';
import type { MailAttachment, MailMessage } from '../mail/mailer.ts';
import { addPeriod, periodOf } from './payments.mapper.ts';
import {
  billingSeller,
  creditLine,
  invoiceFileName,
  planLine,
  type InvoiceDocument,
  type InvoiceStatus,
} from './payments.invoice.ts';
import { renderInvoicePdf } from './payments.invoice-pdf.ts';
import {
  activatedMail,
  invoiceIssuedMail,
  lapsedMail,
  paidInvoiceMail,
  receiptReceivedMail,
  receiptToCheckMail,
  renewalReminderMail,
  type BillingMailContext,
  type PackageEnd,
} from './payments.mails.ts';

/**
 * The one place the payments rules meet the invoice (payments.invoice.ts, its page
 * payments.invoice-pdf.ts) and the billing mails (payments.mails.ts): a record and its organization
 * become an InvoiceDocument, and each event its mails. The service calls these and nothing of those
 * files directly.
 */

/** The package a record names; older records that name none are shown as Custom. */
export const packageOfRecord = (row: Pick<PaymentRecordRow, 'planName'>): PackageName =>
  planNamed(row.planName)?.name ?? 'Custom';

const invoiceStatusOf = (row: PaymentRecordRow): InvoiceStatus =>
  row.invoiceStatus === 'paid' || row.invoiceStatus === 'closed' ? row.invoiceStatus : 'open';

/** The invoice of a record as it stands (its status decides the PAID or CLOSED stamp). */
export function invoiceDocument(
  row: PaymentRecordRow,
  organization: Pick<OrganizationRow, 'name' | 'email' | 'phone' | 'address' | 'postalCode'>,
  config: Config,
): InvoiceDocument {
  const period = periodOf(row);
  const periodStart = row.periodStart ?? row.activatedAt ?? row.createdAt;
  return {
    number: row.invoiceNumber ?? row.id,
    issuedAt: row.createdAt,
    dueAt: row.dueAt ?? row.createdAt,
    status: invoiceStatusOf(row),
    paidAt: row.invoiceStatus === 'paid' ? row.activatedAt : null,
    seller: billingSeller(config),
    buyer: {
      name: organization.name,
      email: organization.email,
      phone: organization.phone,
      address: organization.address,
      postalCode: organization.postalCode,
    },
    plan: {
      packageName: packageOfRecord(row),
      period,
      periodStart,
      periodEnd: row.endsAt ?? addPeriod(periodStart, period),
    },
    lines: [
      planLine(row.amountMinor),
      ...(row.creditMinor > 0
        ? [
            creditLine(row.creditMinor, {
              packageName: planNamed(row.creditPlanName)?.name ?? 'Custom',
              unusedDays: row.creditUnusedDays ?? 0,
              periodDays: row.creditPeriodDays ?? 0,
            }),
          ]
        : []),
    ],
    currency: row.currency,
    taxRateBasisPoints: row.taxRateBp,
    method: row.method === 'card' ? 'card' : 'invoice',
  };
}

export const renderInvoice = (invoice: InvoiceDocument, language: LanguageCode): Promise<Buffer> =>
  renderInvoicePdf(invoice, language);

export const invoiceDownloadName = (invoice: InvoiceDocument): string => invoiceFileName(invoice);

/** Who a billing mail goes to. */
export type Recipient = Pick<UserRow, 'email' | 'name' | 'language'>;

export const billingMailContext = (config: Config, baseUrl: string): BillingMailContext => ({
  baseUrl,
  supportEmail: config.BILLING_SUPPORT_EMAIL,
});

export const mails = {
  invoiceIssued: (
    to: Recipient,
    invoice: InvoiceDocument,
    context: BillingMailContext,
  ): Promise<MailMessage> => invoiceIssuedMail(to, invoice, context),
  receiptReceived: (to: Recipient, invoice: InvoiceDocument, context: BillingMailContext): MailMessage =>
    receiptReceivedMail(to, invoice, context),
  receiptToCheck: (
    to: Recipient,
    invoice: InvoiceDocument,
    context: BillingMailContext,
    receipt?: MailAttachment,
  ): MailMessage => receiptToCheckMail(to, invoice, context, receipt),
  activated: (
    to: Recipient,
    invoice: InvoiceDocument,
    context: BillingMailContext,
    receipt?: MailAttachment,
  ): Promise<MailMessage> => activatedMail(to, invoice, context, receipt),
  paidInvoice: (
    to: Recipient,
    invoice: InvoiceDocument,
    context: BillingMailContext,
    receipt?: MailAttachment,
  ): Promise<MailMessage> => paidInvoiceMail(to, invoice, context, receipt),
  reminder: (to: Recipient, end: PackageEnd, context: BillingMailContext): MailMessage =>
    renewalReminderMail(to, end, context),
  lapsed: (to: Recipient, end: PackageEnd, context: BillingMailContext): MailMessage =>
    lapsedMail(to, end, context),
};

/** The package a reminder or a lapse mail is about. */
export const packageEnd = (row: PaymentRecordRow, organizationName: string): PackageEnd => ({
  organizationName,
  packageName: packageOfRecord(row),
  endsAt: row.endsAt ?? row.createdAt,
});

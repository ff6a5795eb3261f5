import { PLANS, isLanguageCode, type LanguageCode, type PackageName } from '@vbuilder/shared';
import { formatDate, type TFunction } from '../../i18n/index.ts';
import { mailTo, type MailRecipient } from '../accounts/accounts.mails.ts';
import type { MailAttachment, MailMessage } from '../mail/mailer.ts';
import {
  invoiceFileName,
  invoiceMoney,
  invoiceTotals,
  lastDayOf,
  type InvoiceDocument,
} from './payments.invoice.ts';
import { renderInvoicePdf } from './payments.invoice-pdf.ts';

/**
 * The billing mails, each in its recipient's language (English when unknown) through
 * the accounts module's `mailTo`:
 * - invoiceIssuedMail: to the Administrator who requested a plan, the invoice PDF attached;
 * - receiptReceivedMail: to that Administrator once they upload a receipt, a confirmation that
 *   it arrived and what happens next (a school wants to know its payment was seen);
 * - receiptToCheckMail: to each Super Administrator, so the activation does not wait for them to
 *   look at the Payment History by chance;
 * - activatedMail: to the organization's Administrators, the paid invoice attached;
 * - paidInvoiceMail: the Super Administrator's Send Receipt, the paid invoice attached;
 * - renewalReminderMail: 7 days before ends_at, to the organization's Administrators;
 * - lapsedMail: the package ended, the organization is on Free, nothing deleted.
 * Invoices are rendered here in the recipient's language, so two Administrators with different
 * languages each get their own copy.
 */

/** `?lng=th`: the page a mail's link opens is shown in the recipient's language. */
const withLanguage = (url: string, language: string | null | undefined) =>
  language ? `${url}?lng=${encodeURIComponent(language)}` : url;

/** The SPA pages billing mails link to (docs/product/screens.md). */
export const paymentHistoryLink = (baseUrl: string, language?: string | null) =>
  withLanguage(`${baseUrl}/account/payments/payment_history`, language);
export const subscriptionLink = (baseUrl: string, language?: string | null) =>
  withLanguage(`${baseUrl}/account/subscription`, language);

const languageOf = (to: MailRecipient): LanguageCode => (isLanguageCode(to.language) ? to.language : 'en');

const planName = (t: TFunction, packageName: PackageName) => t(`billing:plans.${packageName}`);

/** The invoice as a mail attachment, rendered in the recipient's language. */
export async function invoiceAttachment(
  invoice: InvoiceDocument,
  language: LanguageCode,
): Promise<MailAttachment> {
  return {
    filename: invoiceFileName(invoice),
    content: await renderInvoicePdf(invoice, language),
    contentType: 'application/pdf',
  };
}

/** What every billing mail says of the invoice, in the recipient's words. */
function facts(t: TFunction, invoice: InvoiceDocument, language: LanguageCode) {
  return {
    number: invoice.number,
    plan: planName(t, invoice.plan.packageName),
    organization: invoice.buyer.name.trim(),
    amount: invoiceMoney(invoiceTotals(invoice).totalMinor, invoice.currency, language),
  };
}

export interface BillingMailContext {
  /** publicUrl(config): links in the mail lead there. */
  baseUrl: string;
  /** BILLING_SUPPORT_EMAIL */
  supportEmail: string;
}

/** The words of one billing mail; what they share is added by `billingMail`. */
interface BillingMailParts {
  subject: string;
  paragraphs: string[];
  /** The button: its label and the page it opens, in the recipient's language. */
  action: { label: string; page: 'paymentHistory' | 'subscription' };
  /** After the button; by default whom to write to with questions. */
  after?: string[];
}

const pageLinks = { paymentHistory: paymentHistoryLink, subscription: subscriptionLink };

/**
 * The builder of every billing mail: `write` gives its words through the recipient's translator
 * (English when their language is unknown), the button links to the page in that language, the
 * questions line follows unless the mail says otherwise, and the attachments (if any) go along.
 */
function billingMail(
  to: MailRecipient,
  context: BillingMailContext,
  write: (t: TFunction, language: LanguageCode) => BillingMailParts,
  attachments: MailAttachment[] = [],
): MailMessage {
  const language = languageOf(to);
  const message = mailTo(to, (t) => {
    const { action, after, ...parts } = write(t, language);
    return {
      ...parts,
      action: { label: action.label, url: pageLinks[action.page](context.baseUrl, language) },
      after: after ?? [t('billing:mail.questions', { email: context.supportEmail })],
    };
  });
  return attachments.length > 0 ? { ...message, attachments } : message;
}

type InvoiceFacts = ReturnType<typeof facts>;

/** A billing mail about an invoice: `write` gets what every one says of it, in the recipient's words. */
const invoiceMail = (
  to: MailRecipient,
  invoice: InvoiceDocument,
  context: BillingMailContext,
  write: (t: TFunction, f: InvoiceFacts, language: LanguageCode) => BillingMailParts,
  attachments: MailAttachment[] = [],
): MailMessage =>
  billingMail(to, context, (t, language) => write(t, facts(t, invoice, language), language), attachments);

/** An invoice mail with the invoice PDF attached in the recipient's language, then the receipt when given. */
async function invoiceMailWithPdf(
  to: MailRecipient,
  invoice: InvoiceDocument,
  context: BillingMailContext,
  write: (t: TFunction, f: InvoiceFacts, language: LanguageCode) => BillingMailParts,
  receipt?: MailAttachment,
): Promise<MailMessage> {
  const attachment = await invoiceAttachment(invoice, languageOf(to));
  return invoiceMail(to, invoice, context, write, receipt ? [attachment, receipt] : [attachment]);
}

/** To the Administrator who requested a plan: the open invoice attached, how to pay, where to upload the receipt. */
export const invoiceIssuedMail = (
  to: MailRecipient,
  invoice: InvoiceDocument,
  context: BillingMailContext,
): Promise<MailMessage> =>
  invoiceMailWithPdf(to, invoice, context, (t, f, language) => ({
    subject: t('billing:mail.invoiceIssued.subject', f),
    paragraphs: [
      t('billing:mail.invoiceIssued.intro', f),
      t('billing:mail.invoiceIssued.amount', {
        amount: f.amount,
        date: formatDate(invoice.dueAt, language, invoice.timeZone),
      }),
      t('billing:mail.invoiceIssued.next', { page: t('billing:mail.paymentHistory') }),
    ],
    action: { label: t('billing:mail.openPaymentHistory'), page: 'paymentHistory' },
  }));

/** To the Administrator who uploaded a receipt: it arrived, it is being checked, whom to write to if it takes long. */
export const receiptReceivedMail = (
  to: MailRecipient,
  invoice: InvoiceDocument,
  context: BillingMailContext,
): MailMessage =>
  invoiceMail(to, invoice, context, (t, f) => ({
    subject: t('billing:mail.receiptReceived.subject', f),
    paragraphs: [t('billing:mail.receiptReceived.intro', f), t('billing:mail.receiptReceived.next', f)],
    action: { label: t('billing:mail.openPaymentHistory'), page: 'paymentHistory' },
    after: [t('billing:mail.receiptReceived.slow', { email: context.supportEmail })],
  }));

/** To a Super Administrator: a receipt waits to be checked and the record to be activated; the receipt attached when given. */
export const receiptToCheckMail = (
  to: MailRecipient,
  invoice: InvoiceDocument,
  context: BillingMailContext,
  receipt?: MailAttachment,
): MailMessage =>
  invoiceMail(
    to,
    invoice,
    context,
    (t, f) => ({
      subject: t('billing:mail.receiptToCheck.subject', f),
      paragraphs: [
        t('billing:mail.receiptToCheck.intro', f),
        t('billing:mail.receiptToCheck.next', { page: t('billing:mail.paymentHistory') }),
      ],
      action: { label: t('billing:mail.openPaymentHistory'), page: 'paymentHistory' },
      after: [],
    }),
    receipt ? [receipt] : [],
  );

/** What the organization may do now: its monthly allowance under the plan. */
const allowance = (t: TFunction, packageName: PackageName) => {
  const monthly = PLANS[packageName].monthlyAssessments;
  return monthly === null
    ? t('billing:mail.allowanceUnlimited')
    : t('billing:mail.allowance', { count: monthly });
};

/** "The receipt you uploaded is attached too", when it is. */
const receiptLine = (t: TFunction, receipt: MailAttachment | undefined) =>
  receipt ? [t('billing:mail.attachedReceipt')] : [];

/** A mail of the paid invoice: the PDF attached, then the uploaded receipt when given; `write` gives its words. */
const paidInvoiceMailOf =
  (
    write: (
      t: TFunction,
      f: InvoiceFacts,
      language: LanguageCode,
      invoice: InvoiceDocument,
      receipt: MailAttachment | undefined,
    ) => BillingMailParts,
  ) =>
  (
    to: MailRecipient,
    invoice: InvoiceDocument,
    context: BillingMailContext,
    receipt?: MailAttachment,
  ): Promise<MailMessage> =>
    invoiceMailWithPdf(
      to,
      invoice,
      context,
      (t, f, language) => write(t, f, language, invoice, receipt),
      receipt,
    );

/**
 * To each Administrator of the organization once the Super Administrator activated the record:
 * active until when, what it allows, the paid invoice (status 'paid') attached, and the receipt
 * they uploaded when given.
 */
export const activatedMail = paidInvoiceMailOf((t, f, language, invoice, receipt) => ({
  subject: t('billing:mail.activated.subject', f),
  paragraphs: [
    t('billing:mail.activated.intro', {
      ...f,
      date: formatDate(lastDayOf(invoice.plan.periodEnd), language, invoice.timeZone),
    }),
    allowance(t, invoice.plan.packageName),
    t('billing:mail.activated.attached'),
    ...receiptLine(t, receipt),
  ],
  action: { label: t('billing:mail.openSubscription'), page: 'subscription' },
}));

/** Send Receipt: the paid invoice (and the uploaded receipt when given) to an Administrator of the organization. */
export const paidInvoiceMail = paidInvoiceMailOf((t, f, language, invoice, receipt) => ({
  subject: t('billing:mail.paidInvoice.subject', f),
  paragraphs: [
    t('billing:mail.paidInvoice.intro', {
      ...f,
      date: formatDate(invoice.paidAt ?? invoice.issuedAt, language, invoice.timeZone),
    }),
    ...receiptLine(t, receipt),
  ],
  action: { label: t('billing:mail.openPaymentHistory'), page: 'paymentHistory' },
}));

/** The package a reminder or a lapse is about. */
export interface PackageEnd {
  organizationName: string;
  packageName: PackageName;
  /** The record's ends_at. */
  endsAt: Date;
  timeZone?: string | null;
}

const freeAllowance = () => PLANS.Free.monthlyAssessments ?? 0;

/** A mail about a package's end: `write` gets its plan, organization and last day in the recipient's words. */
const packageEndMail = (
  to: MailRecipient,
  end: PackageEnd,
  context: BillingMailContext,
  write: (t: TFunction, values: { plan: string; organization: string; date: string }) => BillingMailParts,
): MailMessage =>
  billingMail(to, context, (t, language) =>
    write(t, {
      plan: planName(t, end.packageName),
      organization: end.organizationName.trim(),
      date: formatDate(lastDayOf(end.endsAt), language, end.timeZone),
    }),
  );

/** 7 days before ends_at, to each Administrator: when it ends, how to renew, what Free would mean. */
export const renewalReminderMail = (
  to: MailRecipient,
  end: PackageEnd,
  context: BillingMailContext,
): MailMessage =>
  packageEndMail(to, end, context, (t, values) => ({
    subject: t('billing:mail.reminder.subject', values),
    paragraphs: [
      t('billing:mail.reminder.intro', values),
      t('billing:mail.reminder.renew', { page: t('billing:mail.subscriptionPage') }),
      t('billing:mail.reminder.otherwise', { count: freeAllowance() }),
    ],
    action: { label: t('billing:mail.renew'), page: 'subscription' },
  }));

/** At the lapse, to each Administrator: the organization is on Free now, nothing was deleted, how to get the package back. */
export const lapsedMail = (to: MailRecipient, end: PackageEnd, context: BillingMailContext): MailMessage =>
  packageEndMail(to, end, context, (t, values) => ({
    subject: t('billing:mail.lapsed.subject', values),
    paragraphs: [
      t('billing:mail.lapsed.intro', { ...values, count: freeAllowance() }),
      t('billing:mail.lapsed.kept'),
      t('billing:mail.lapsed.renew', { plan: values.plan, page: t('billing:mail.subscriptionPage') }),
    ],
    action: { label: t('billing:mail.renew'), page: 'subscription' },
  }));

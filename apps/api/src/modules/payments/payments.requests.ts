// Requests: the one path that makes a pending record (an invoice request, a card checkout, a scheduled downgrade).
import {
  isSuperAdministrator,
  packageIdOf,
  planNamed,
  PRODUCT_LINE,
  creditTowards,
  taxOf,
  type PaidPeriod,
  type CreatePaymentBody,
  type PaymentMethod,
  type PaymentRecord,
} from '@vbuilder/shared';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { OrganizationRow, PaymentRecordRow } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { emitNotification } from '../notifications/notifications.service.ts';
import { findNewestEffectiveRecord, findPlanPrice } from '../plans/plans.repository.ts';
import { isInForce } from '../plans/plans.service.ts';
import { billingMailContext, invoiceDocument, mails } from './payments.documents.ts';
import { formatInvoiceNumber, toPaymentRecord } from './payments.mapper.ts';
import {
  allocateInvoiceSequence,
  findPaymentRecord,
  findPendingRecord,
  insertPaymentRecordRow,
  lockOrganizationBilling,
} from './payments.repository.ts';
import { paymentsContext, type PaymentsContext } from './payments.context.ts';
import { organizationOf, readableOrganization } from './payments.access.ts';
import { activeAdministrators } from './payments.receipts.ts';
import { storeInvoice } from './payments.invoice-store.ts';

/** What a new pending record is for: the plan, its period and the price it is sold at. */
export interface PendingRequest {
  plan: CreatePaymentBody['plan'];
  period: CreatePaymentBody['period'];
  amountMinor: number;
  currency: string;
  /** A Custom plan's allowance a month (null: unlimited); ignored for catalog plans. */
  monthlyAssessments?: number | null;
  method: PaymentMethod;
}

/**
 * The paid period of a record while it is in force at `now` (its price and dates), from which an
 * upgrade's credit is counted; null for Free, an open-ended record or one no longer in force.
 */
export function paidPeriodOf(
  record: Pick<PaymentRecordRow, 'amountMinor' | 'currency' | 'periodStart' | 'endsAt' | 'status'> | null,
  now: Date,
): PaidPeriod | null {
  if (!record?.periodStart || !record.endsAt || !isInForce(record, now)) return null;
  return {
    amountMinor: record.amountMinor,
    currency: record.currency,
    periodStart: record.periodStart,
    endsAt: record.endsAt,
  };
}

/** 409 payment_request_pending: the organization's request waiting for payment, named in the details. */
const requestPending = (pending: PaymentRecordRow) =>
  new AppError(
    409,
    'payment_request_pending',
    `Invoice ${pending.invoiceNumber ?? pending.id} is already waiting for payment: pay it, or close it in Payment History, before requesting another plan`,
    { paymentId: pending.id, invoiceNumber: pending.invoiceNumber },
  );

/**
 * The one path that makes a pending record (the invoice request and the card checkout): one
 * transaction, under the organization's billing lock, refuses a second request while one is
 * pending (409 payment_request_pending: a school pays or closes the open invoice first, renewal or
 * not), inserts the record with the year's next invoice number and audits it, with its notice;
 * then the invoice is rendered and stored and, with `mailTo`, mailed. Requesting the plan in force
 * again is a renewal: its period starts where the current one ends.
 */
export async function createPendingRecord(
  ctx: PaymentsContext,
  actor: Actor,
  organization: OrganizationRow,
  request: PendingRequest,
  mailTo?: InvoiceRecipients,
): Promise<PaymentRecordRow> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    // One request at a time per organization: the lock makes two at once queue, and the second sees the first.
    await lockOrganizationBilling(tx, organization.id);
    const pending = await findPendingRecord(tx, organization.id, PRODUCT_LINE);
    if (pending) throw requestPending(pending);
    const inserted = await insertPendingRecord(ctx, tx, actor, organization.id, request, now);
    if (mailTo) await queueInvoiceMail(ctx, tx, inserted.id, mailTo);
    return inserted;
  });
  return storeInvoice(ctx, row, organization);
}

/** Who is mailed a new invoice: its requester's id, or every active Administrator of the organization. */
export type InvoiceRecipients = { userId: string } | 'administrators';

/** The queue whose job mails a new invoice (docs/architecture/effects.md). */
export const INVOICE_MAIL_QUEUE = 'payments.invoice-mail';

interface InvoiceMailJob {
  recordId: string;
  recipients: InvoiceRecipients;
}

/**
 * Queues the invoice mail in the transaction that makes the record (job id = record id: one per
 * invoice), so it exists exactly when the record does. The job renders it later: rendering the PDF
 * in the request's transaction would hold the year's invoice counter, which every request waits on.
 */
export async function queueInvoiceMail(
  ctx: Pick<PaymentsContext, 'jobs'>,
  tx: DbOrTx,
  recordId: string,
  recipients: InvoiceRecipients,
): Promise<void> {
  await ctx.jobs.send(INVOICE_MAIL_QUEUE, { recordId, recipients } satisfies InvoiceMailJob, {
    tx,
    id: recordId,
  });
}

/** Declares the invoice mail's job: the app calls it while it registers. */
export function handleInvoiceMails(app: FastifyInstance): void {
  const ctx = paymentsContext(app);
  app.jobs.handle<InvoiceMailJob>(INVOICE_MAIL_QUEUE, (job) => mailInvoice(ctx, job));
}

/**
 * The invoice mail (the PDF attached, in each reader's language). A failure throws, so the job is
 * retried; each reader's mail is kept once (its dedupe key), so a job run again after a crash mails
 * nobody twice.
 */
async function mailInvoice(ctx: PaymentsContext, { recordId, recipients }: InvoiceMailJob): Promise<void> {
  const record = await findPaymentRecord(ctx.db, recordId);
  if (!record) return;
  const organization = await organizationOf(ctx.db, record.organizationId);
  const invoice = invoiceDocument(record, organization, ctx.config);
  const context = billingMailContext(ctx.config, ctx.baseUrl);
  const administrators = await activeAdministrators(ctx.db, record.organizationId);
  const to =
    recipients === 'administrators'
      ? administrators
      : administrators.filter((u) => u.id === recipients.userId);
  for (const user of to) {
    const message = await mails.invoiceIssued(user, invoice, context);
    await ctx.mailer.send(message, { dedupeKey: `invoice-issued:${record.id}:${user.id}` });
  }
}

/**
 * Inserts a pending record in the caller's transaction, which holds the organization's billing
 * lock and has checked that no other request waits: the year's next invoice number, the credit
 * for the unused part of the plan in force when this plan replaces it, the tax on the net, the
 * audit event and the invoice notice. `actor` null: the billing clock (a scheduled downgrade).
 */
export async function insertPendingRecord(
  ctx: Pick<PaymentsContext, 'config' | 'jobs'>,
  tx: DbOrTx,
  actor: Actor | null,
  organizationId: string,
  request: PendingRequest,
  now: Date,
): Promise<PaymentRecordRow> {
  const { plan, period, amountMinor, currency } = request;
  const taxRateBp = ctx.config.BILLING_TAX_RATE_BP;
  const dueAt = new Date(now.getTime() + ctx.config.BILLING_PAYMENT_TERMS_DAYS * 86_400_000);
  // A renewal of the plan in force starts at its end.
  const effective = await findNewestEffectiveRecord(tx, organizationId);
  const renewal =
    effective &&
    isInForce(effective, now) &&
    effective.endsAt &&
    planNamed(effective.planName)?.name === plan;
  // Any other plan bought while one is in force replaces it at activation: its unused days are credited.
  const credit = renewal ? null : creditTowards(paidPeriodOf(effective, now), amountMinor, currency, now);
  const creditMinor = credit?.amountMinor ?? 0;
  // The tax is on the net: the price less the credit.
  const taxMinor = taxOf({ amountMinor: amountMinor - creditMinor, currency }, taxRateBp).amountMinor;
  const year = now.getUTCFullYear();
  const sequence = await allocateInvoiceSequence(tx, year);
  const inserted = await insertPaymentRecordRow(tx, {
    organizationId,
    planName: plan,
    packageId: packageIdOf(plan),
    productLine: PRODUCT_LINE,
    status: 'pending',
    invoiceNumber: formatInvoiceNumber(year, sequence),
    invoiceStatus: 'open',
    createdAt: now,
    amountMinor,
    creditMinor,
    creditPlanName: credit ? effective!.planName : null,
    creditUnusedDays: credit?.unusedDays ?? null,
    creditPeriodDays: credit?.periodDays ?? null,
    taxRateBp,
    taxMinor,
    currency,
    billingPeriod: period,
    customMonthlyAssessments: plan === 'Custom' ? (request.monthlyAssessments ?? null) : null,
    periodStart: renewal ? effective.endsAt : null,
    dueAt,
    method: request.method,
    createdBy: actor?.userId ?? null,
  });
  await recordAudit(
    tx,
    actor,
    {
      action: 'payment.requested',
      targetType: 'payment',
      targetId: inserted.id,
      organizationId,
      details: {
        plan,
        period,
        amountMinor,
        creditMinor,
        taxMinor,
        currency,
        invoiceNumber: inserted.invoiceNumber,
        renewal: Boolean(renewal),
        method: request.method,
        ...(actor ? {} : { scheduled: true }),
      },
    },
    now,
  );
  // One notice per record, whatever retries the transaction: its key is the record's id.
  await emitNotification(
    ctx.jobs,
    { kind: 'invoice_issued', paymentId: inserted.id },
    { tx, key: inserted.id },
  );
  return inserted;
}

/**
 * The organization a request is for: the Super Administrator names it (and may set up Custom
 * plans); an Administrator asks for their own.
 */
export async function requestedOrganization(
  ctx: PaymentsContext,
  actor: Actor,
  body: Pick<CreatePaymentBody, 'plan' | 'organizationId'>,
): Promise<OrganizationRow> {
  const superAdministrator = isSuperAdministrator(actor.role);
  if (body.plan === 'Custom' && !superAdministrator) {
    throw forbidden('Only the Super Administrator sets up Custom plans');
  }
  let organizationId: string;
  if (superAdministrator) {
    if (!body.organizationId) {
      throw badRequest('validation_error', 'Name the organization (organizationId)', {
        fieldErrors: { organizationId: ['validation.organizationRequired'] },
      });
    }
    organizationId = body.organizationId;
  } else {
    if (!actor.organizationId || (body.organizationId && body.organizationId !== actor.organizationId)) {
      throw notFound('organization');
    }
    organizationId = actor.organizationId;
  }
  return readableOrganization(ctx.db, actor, organizationId);
}

/**
 * POST /api/payments: an Administrator requests a catalog plan for their organization (the
 * Super Administrator for any organization, and Custom plans at a negotiated price): a pending
 * record (createPendingRecord) whose invoice goes to the organization's Administrator(s) by mail.
 */
export async function requestPayment(
  ctx: PaymentsContext,
  actor: Actor,
  body: CreatePaymentBody,
): Promise<PaymentRecord> {
  const superAdministrator = isSuperAdministrator(actor.role);
  const organization = await requestedOrganization(ctx, actor, body);

  let amountMinor: number;
  let currency: string;
  if (body.plan === 'Custom') {
    amountMinor = body.amountMinor;
    currency = body.currency;
  } else {
    const price = await findPlanPrice(ctx.db, body.plan, body.period, body.currency);
    if (!price) {
      throw conflict(
        'plan_price_missing',
        `${body.plan} has no ${body.period}ly price${body.currency ? ` in ${body.currency}` : ''}`,
      );
    }
    amountMinor = price.amountMinor;
    currency = price.currency;
  }
  // The Administrator who asked gets the invoice; for a plan the Super Administrator set up, every Administrator does.
  const stored = await createPendingRecord(
    ctx,
    actor,
    organization,
    {
      plan: body.plan,
      period: body.period,
      amountMinor,
      currency,
      monthlyAssessments: body.plan === 'Custom' ? body.monthlyAssessments : null,
      method: 'invoice',
    },
    superAdministrator ? 'administrators' : { userId: actor.userId },
  );
  return toPaymentRecord({ ...stored, organisation: organization.name });
}

// Over 500 lines for now: it is to be split along its sections (access, requests, transitions, receipts, the invoice store and the billing clock), each into a file
// of its own in this module, with the module's other work (docs/architecture/overview.md).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  allowedPaymentActions,
  isLanguageCode,
  isSuperAdministrator,
  packageIdOf,
  PLANS,
  planNamed,
  PRICED_PACKAGES,
  PRODUCT_LINE,
  type PricedPackage,
  creditTowards,
  taxOf,
  typesOfPlan,
  type PaidPeriod,
  type CreatePaymentBody,
  type LanguageCode,
  type PaymentAction,
  type PaymentMethod,
  type PaymentRecord,
  type PaymentRecordsQuery,
  type PaymentRecordsResponse,
  type Subscription,
} from '@vbuilder/shared';
import type { z } from 'zod';
import type { PaymentRecordsQuerySchema } from '@vbuilder/shared';
import { publicUrl, type Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { OrganizationRow, PaymentRecordRow, UserRow } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { createFileStore, type FileStore, type UploadedFile } from '../../lib/files.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { MailAttachment, MailMessage, Mailer } from '../mail/mailer.ts';
import { emitNotification } from '../notifications/notifications.service.ts';
import {
  findOrganizationById,
  listOrganizationAdministrators,
} from '../organizations/organizations.repository.ts';
import {
  findNewestEffectiveRecord,
  findPlanPrice,
  supersedeActiveRecords,
} from '../plans/plans.repository.ts';
import { isInForce, planOfRecord } from '../plans/plans.service.ts';
import {
  billingMailContext,
  invoiceDocument,
  invoiceDownloadName,
  mails,
  packageEnd,
  renderInvoice,
} from './payments.documents.ts';
import { addPeriod, formatInvoiceNumber, periodOf, toPaymentRecord } from './payments.mapper.ts';
import {
  allocateInvoiceSequence,
  claimReminder,
  deletePaymentRecord,
  findLapsedRecords,
  findPendingRecord,
  findRecordsToRemind,
  lapseRecord,
  findPaymentRecord,
  insertPaymentRecordRow,
  listOrganizationRecords,
  listPaymentRecords,
  listSuperAdministrators,
  lockOrganizationBilling,
  lockPaymentRecord,
  updatePaymentRecord,
  type PaymentRecordWithOrganization,
} from './payments.repository.ts';
import { cardProviderFailed, cardProviderFor, checkoutSessionOf } from '../../lib/stripe.ts';

type RecordsQuery = z.output<typeof PaymentRecordsQuerySchema>;
export type { PaymentRecordsQuery };

/** What the payment rules need from the app. */
export interface PaymentsContext {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  files: FileStore;
  config: Config;
  baseUrl: string;
  log: FastifyBaseLogger;
  /** The notifications' job queue: the Administrators' bell hears of invoices, activations, renewals. */
  jobs?: JobQueue;
}

export const paymentsContext = (app: FastifyInstance): PaymentsContext => ({
  db: app.db,
  clock: app.clock,
  mailer: app.mailer,
  files: createFileStore(app.config),
  config: app.config,
  baseUrl: publicUrl(app.config),
  log: app.log,
  jobs: app.jobs,
});

const paymentNotFound = () => notFound('payment record');

/** Receipts: a PDF or an image, decided by the bytes, never by the name or the declared type. */
export const RECEIPT_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;
type ReceiptType = keyof typeof RECEIPT_TYPES;
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
const RECEIPT_PREFIX = 'payment-receipts';

const contentTypeOfKey = (key: string): ReceiptType =>
  (Object.entries(RECEIPT_TYPES).find(([, ext]) => key.endsWith(`.${ext}`))?.[0] as
    ReceiptType | undefined) ?? 'application/pdf';

// ---------------------------------------------------------------------------------------------
// Who may see which organization's billing

/**
 * The organization whose billing the actor asks for: any for the Super Administrator, otherwise
 * only their own (an Administrator; the routes refuse other roles). Another organization is
 * answered like a missing one, so ids of other tenants are not confirmed.
 */
async function readableOrganization(
  db: DbOrTx,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationRow> {
  if (!isSuperAdministrator(actor.role) && actor.organizationId !== organizationId) {
    throw notFound('organization');
  }
  const organization = await findOrganizationById(db, organizationId);
  if (!organization) throw notFound('organization');
  return organization;
}

const mayReadRecord = (actor: Actor, record: Pick<PaymentRecordRow, 'organizationId'>): boolean =>
  isSuperAdministrator(actor.role) || actor.organizationId === record.organizationId;

async function readableRecord(db: DbOrTx, actor: Actor, id: string): Promise<PaymentRecordWithOrganization> {
  const record = await findPaymentRecord(db, id);
  if (!record || !mayReadRecord(actor, record)) throw paymentNotFound();
  return record;
}

/** 409 unless the actor may take `action` on the record in its state (allowedPaymentActions). */
function assertAllowed(actor: Actor, record: PaymentRecordWithOrganization, action: PaymentAction): void {
  const allowed = allowedPaymentActions(toPaymentRecord(record), actor.role);
  if (!allowed.includes(action)) {
    throw new AppError(
      409,
      'payment_transition_not_allowed',
      `A ${record.status} payment record (invoice ${record.invoiceStatus}) cannot take the action '${action}'`,
      { status: record.status, invoiceStatus: record.invoiceStatus, action },
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Mail after a change (never fails the change: the outbox keeps what could be stored)

const languageOf = (value: string | null | undefined): LanguageCode => (isLanguageCode(value) ? value : 'en');

async function activeAdministrators(db: DbOrTx, organizationId: string): Promise<UserRow[]> {
  return (await listOrganizationAdministrators(db, organizationId)).filter((u) => u.status === 'active');
}

async function sendAll(
  ctx: Pick<PaymentsContext, 'mailer' | 'log'>,
  what: string,
  build: () => Promise<Array<Promise<MailMessage> | MailMessage>>,
) {
  try {
    const messages = await Promise.all(await build());
    for (const message of messages) await ctx.mailer.send(message);
  } catch (err) {
    ctx.log.error({ err }, `could not send the ${what} mail`);
  }
}

async function receiptAttachment(
  ctx: PaymentsContext,
  row: PaymentRecordRow,
): Promise<MailAttachment | undefined> {
  if (!row.receiptFileKey) return undefined;
  const content = await ctx.files.readFile(row.receiptFileKey);
  if (!content) return undefined;
  const contentType = contentTypeOfKey(row.receiptFileKey);
  return {
    filename: `receipt-${row.invoiceNumber ?? row.id}.${RECEIPT_TYPES[contentType]}`,
    content,
    contentType,
  };
}

// ---------------------------------------------------------------------------------------------
// The stored invoice

const INVOICE_PREFIX = 'invoices';

/**
 * The language of the organization's copy of the invoice: that of the Administrator who asked for
 * the plan, else of the organization's first active Administrator, else English.
 */
async function invoiceLanguage(db: DbOrTx, row: PaymentRecordRow): Promise<LanguageCode> {
  const administrators = await activeAdministrators(db, row.organizationId);
  const requester = administrators.find((u) => u.id === row.createdBy);
  return languageOf((requester ?? administrators[0])?.language);
}

/**
 * Renders the invoice as the record stands and stores it (at the request, and again when its
 * status changes so the copy carries the PAID or CLOSED stamp). Never fails the change it follows:
 * without a stored copy, View invoice renders one.
 */
async function storeInvoice(
  ctx: PaymentsContext,
  row: PaymentRecordRow,
  organization: Pick<OrganizationRow, 'name' | 'email' | 'phone' | 'address' | 'postalCode'>,
): Promise<PaymentRecordRow> {
  try {
    const language = await invoiceLanguage(ctx.db, row);
    const bytes = await renderInvoice(invoiceDocument(row, organization, ctx.config), language);
    const key = `${INVOICE_PREFIX}/${row.id}.pdf`;
    await ctx.files.saveFile(key, bytes);
    if (row.invoiceFileKey === key) return row;
    return (await updatePaymentRecord(ctx.db, row.id, { invoiceFileKey: key })) ?? row;
  } catch (err) {
    ctx.log.error({ err, paymentRecordId: row.id }, 'could not store the invoice');
    return row;
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

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
 * not), inserts the record with the year's next invoice number and audits it; then the invoice is
 * rendered and stored. Requesting the plan in force again is a renewal: its period starts where
 * the current one ends.
 */
export async function createPendingRecord(
  ctx: PaymentsContext,
  actor: Actor,
  organization: OrganizationRow,
  request: PendingRequest,
): Promise<PaymentRecordRow> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    // One request at a time per organization: the lock makes two at once queue, and the second sees the first.
    await lockOrganizationBilling(tx, organization.id);
    const pending = await findPendingRecord(tx, organization.id, PRODUCT_LINE);
    if (pending) throw requestPending(pending);
    return insertPendingRecord(ctx, tx, actor, organization.id, request, now);
  });
  return storeInvoice(ctx, row, organization);
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
  if (ctx.jobs) await emitNotification(ctx.jobs, { kind: 'invoice_issued', paymentId: inserted.id }, { tx });
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
  const stored = await createPendingRecord(ctx, actor, organization, {
    plan: body.plan,
    period: body.period,
    amountMinor,
    currency,
    monthlyAssessments: body.plan === 'Custom' ? body.monthlyAssessments : null,
    method: 'invoice',
  });
  const invoice = invoiceDocument(stored, organization, ctx.config);
  const context = billingMailContext(ctx.config, ctx.baseUrl);
  await sendAll(ctx, 'invoice', async () => {
    // The Administrator who asked gets the invoice; for a plan the Super Administrator set up, every Administrator does.
    const administrators = await activeAdministrators(ctx.db, organization.id);
    const recipients = superAdministrator
      ? administrators
      : administrators.filter((u) => u.id === actor.userId);
    return recipients.map((to) => mails.invoiceIssued(to, invoice, context));
  });
  return toPaymentRecord({ ...stored, organisation: organization.name });
}

// ---------------------------------------------------------------------------------------------
// Lists and the subscription

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

const isPricedPlan = (name: string | null): name is PricedPackage =>
  (PRICED_PACKAGES as readonly string[]).includes(name ?? '');

/** GET /api/subscriptions/organization/:orgId. */
export async function getSubscription(ctx: PaymentsContext, actor: Actor, organizationId: string) {
  await readableOrganization(ctx.db, actor, organizationId);
  return { data: await subscriptionOf(ctx.db, organizationId, ctx.clock.now()) };
}

// ---------------------------------------------------------------------------------------------
// Transitions: each in one transaction on the locked record, audited; 409 and nothing changed when illegal

type Transition = (
  tx: DbOrTx,
  record: PaymentRecordWithOrganization,
  now: Date,
) => Promise<PaymentRecordRow | null>;

async function transition(
  ctx: PaymentsContext,
  actor: Actor,
  id: string,
  action: PaymentAction,
  apply: Transition,
): Promise<{ before: PaymentRecordWithOrganization; after: PaymentRecordRow | null }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const record = await lockPaymentRecord(tx, id);
    if (!record || !mayReadRecord(actor, record)) throw paymentNotFound();
    assertAllowed(actor, record, action);
    const after = await apply(tx, record, now);
    return { before: record, after };
  });
}

const audit = (
  tx: DbOrTx,
  actor: Actor | null,
  record: PaymentRecordWithOrganization | PaymentRecordRow,
  action: Parameters<typeof recordAudit>[2]['action'],
  now: Date,
  details: Record<string, unknown> = {},
) =>
  recordAudit(
    tx,
    actor,
    {
      action,
      targetType: 'payment',
      targetId: record.id,
      organizationId: record.organizationId,
      details: { invoiceNumber: record.invoiceNumber, status: record.status, ...details },
    },
    now,
  );

const organizationOf = async (ctx: PaymentsContext, organizationId: string) => {
  const organization = await findOrganizationById(ctx.db, organizationId);
  if (!organization) throw notFound('organization');
  return organization;
};

/** Who an activation or a closing is audited as: a person, or the card payment provider (by name). */
export type TransitionActor = Actor | { provider: string; eventId: string };

const auditActorOf = (actor: TransitionActor): Actor | null => ('provider' in actor ? null : actor);
const auditDetailsOf = (actor: TransitionActor): Record<string, unknown> =>
  'provider' in actor ? { by: actor.provider, eventId: actor.eventId } : {};

/**
 * The activation of a pending record, in the caller's transaction with the record locked: the
 * period starts now, or at the old end for a renewal requested while the plan was in force; every
 * other active record of the organization is superseded (inactive). Audited as `actor`.
 */
export async function applyActivation(
  tx: DbOrTx,
  actor: TransitionActor,
  record: PaymentRecordWithOrganization,
  now: Date,
  changes: { paymentId?: string | null } = {},
): Promise<PaymentRecordRow> {
  const periodStart =
    record.periodStart && record.periodStart.getTime() > now.getTime() ? record.periodStart : now;
  const endsAt = addPeriod(periodStart, periodOf(record));
  await lockOrganizationBilling(tx, record.organizationId);
  const superseded = await supersedeActiveRecords(tx, record.organizationId, record.id);
  for (const supersededId of superseded) {
    await recordAudit(
      tx,
      auditActorOf(actor),
      {
        action: 'payment.superseded',
        targetType: 'payment',
        targetId: supersededId,
        organizationId: record.organizationId,
        details: { by: record.id },
      },
      now,
    );
  }
  const updated = await updatePaymentRecord(tx, record.id, {
    status: 'active',
    invoiceStatus: 'paid',
    activatedAt: now,
    periodStart,
    endsAt,
    reminderSentAt: null,
    ...(changes.paymentId ? { paymentId: changes.paymentId } : {}),
  });
  await audit(tx, auditActorOf(actor), record, 'payment.activated', now, {
    periodStart: periodStart.toISOString(),
    endsAt: endsAt.toISOString(),
    superseded,
    ...(changes.paymentId ? { paymentId: changes.paymentId } : {}),
    ...auditDetailsOf(actor),
  });
  return updated!;
}

/** After an activation is committed: the invoice stored again with its PAID stamp, the Administrators mailed. */
export async function afterActivation(
  ctx: PaymentsContext,
  activated: PaymentRecordRow,
): Promise<PaymentRecord> {
  const organization = await organizationOf(ctx, activated.organizationId);
  const row = await storeInvoice(ctx, activated, organization);
  const invoice = invoiceDocument(row, organization, ctx.config);
  const context = billingMailContext(ctx.config, ctx.baseUrl);
  if (ctx.jobs)
    await emitNotification(ctx.jobs, { kind: 'payment_activated', paymentId: row.id }, { key: row.id });
  await sendAll(ctx, 'activation', async () => {
    const receipt = await receiptAttachment(ctx, row);
    return (await activeAdministrators(ctx.db, row.organizationId)).map((to) =>
      mails.activated(to, invoice, context, receipt),
    );
  });
  return toPaymentRecord({ ...row, organisation: organization.name });
}

/**
 * Activate (Super Administrator): pending → active, invoice paid (applyActivation); the allowance
 * changes at once.
 */
export async function activatePayment(
  ctx: PaymentsContext,
  actor: Actor,
  id: string,
): Promise<PaymentRecord> {
  const { after } = await transition(ctx, actor, id, 'activate', (tx, record, now) =>
    applyActivation(tx, actor, record, now),
  );
  return afterActivation(ctx, after!);
}

/** The closing of a pending record (invoice closed unpaid), in the caller's transaction with the record locked. */
export async function applyClose(
  tx: DbOrTx,
  actor: TransitionActor,
  record: PaymentRecordWithOrganization,
  now: Date,
  details: Record<string, unknown> = {},
): Promise<PaymentRecordRow> {
  const updated = await updatePaymentRecord(tx, record.id, { status: 'closed', invoiceStatus: 'closed' });
  await audit(tx, auditActorOf(actor), record, 'payment.closed', now, {
    ...details,
    ...auditDetailsOf(actor),
  });
  return updated!;
}

/** After a closing is committed: the invoice stored again with its CLOSED stamp. */
export async function afterClose(ctx: PaymentsContext, closed: PaymentRecordRow): Promise<PaymentRecordRow> {
  return storeInvoice(ctx, closed, await organizationOf(ctx, closed.organizationId));
}

/**
 * Before a pending card record is closed or deleted, its Checkout session is expired, so nobody can
 * pay an invoice that is gone. It runs under the record's lock, inside the transition: a payment
 * completed meanwhile leaves the session unexpirable and the action is refused (409, the webhook
 * activates the record) instead of a paid session landing on a closed or missing record; a provider
 * that cannot be reached refuses it too (502), and nothing changes.
 */
async function endCardCheckout(ctx: PaymentsContext, record: PaymentRecordWithOrganization): Promise<void> {
  const sessionId = checkoutSessionOf(record);
  if (!sessionId) return;
  const provider = cardProviderFor(ctx.config);
  if (!provider) {
    // Without the key nothing can reach the session; it expires by itself within a day.
    ctx.log.warn(
      { paymentRecordId: record.id, sessionId },
      'no card provider key: checkout session left open',
    );
    return;
  }
  let state: 'expired' | 'complete';
  try {
    state = await provider.expireCheckout(sessionId);
  } catch (err) {
    ctx.log.error({ err, paymentRecordId: record.id, sessionId }, 'could not expire the checkout session');
    throw cardProviderFailed();
  }
  if (state === 'complete') {
    throw conflict(
      'card_payment_completed',
      `Invoice ${record.invoiceNumber ?? record.id} has just been paid by card: it is activated when the payment service confirms it`,
    );
  }
}

/** Close invoice: pending → closed (the invoice will not be paid; a card checkout for it is ended first). */
export async function closePayment(ctx: PaymentsContext, actor: Actor, id: string): Promise<PaymentRecord> {
  const { before, after } = await transition(ctx, actor, id, 'close', async (tx, record, now) => {
    await endCardCheckout(ctx, record);
    return applyClose(tx, actor, record, now);
  });
  const row = await afterClose(ctx, after!);
  return toPaymentRecord({ ...row, organisation: before.organisation });
}

/** Delete: a record never activated, gone (its audit events stay; a card checkout for it is ended first). */
export async function deletePayment(ctx: PaymentsContext, actor: Actor, id: string): Promise<void> {
  const { before } = await transition(ctx, actor, id, 'delete', async (tx, record, now) => {
    await endCardCheckout(ctx, record);
    await deletePaymentRecord(tx, record.id);
    await audit(tx, actor, record, 'payment.deleted', now, {
      planName: record.planName,
      amountMinor: record.amountMinor,
      currency: record.currency,
    });
    return null;
  });
  for (const key of [before.receiptFileKey, before.invoiceFileKey]) {
    if (key)
      await ctx.files
        .deleteFile(key)
        .catch((err: unknown) => ctx.log.warn({ err }, 'could not remove a file'));
  }
}

/**
 * The receipt of a pending record (PDF or image, checked by its bytes): stored, then the record
 * points at it; the uploader is told it arrived and the Super Administrators that it waits.
 */
export async function uploadReceipt(
  ctx: PaymentsContext,
  actor: Actor,
  id: string,
  file: UploadedFile,
): Promise<PaymentRecord> {
  // Checked before anything else, so a wrong file changes nothing; the record is checked again under its lock.
  const found = await readableRecord(ctx.db, actor, id);
  assertAllowed(actor, found, 'receipt');
  const mime = (await fileTypeFromBuffer(file.bytes))?.mime as ReceiptType | undefined;
  if (!mime || !(mime in RECEIPT_TYPES)) {
    throw badRequest('unsupported_file_type', 'A receipt must be a PDF or an image (PNG, JPEG or WebP)');
  }
  const key = `${RECEIPT_PREFIX}/${id}/${randomUUID()}.${RECEIPT_TYPES[mime]}`;
  await ctx.files.saveFile(key, file.bytes);
  let result;
  try {
    result = await transition(ctx, actor, id, 'receipt', async (tx, record, now) => {
      const updated = await updatePaymentRecord(tx, record.id, { receiptFileKey: key });
      await audit(tx, actor, record, 'payment.receipt_uploaded', now, {
        contentType: mime,
        size: file.bytes.length,
      });
      // The Super Administrators' bell: a receipt waits for their check (each upload is one notice).
      if (ctx.jobs)
        await emitNotification(ctx.jobs, { kind: 'receipt_uploaded', paymentId: record.id }, { tx });
      return updated;
    });
  } catch (error) {
    await ctx.files.deleteFile(key).catch(() => undefined);
    throw error;
  }
  const { before, after } = result;
  if (before.receiptFileKey && before.receiptFileKey !== key) {
    await ctx.files.deleteFile(before.receiptFileKey).catch(() => undefined);
  }
  const row = after!;
  const organization = await organizationOf(ctx, row.organizationId);
  const invoice = invoiceDocument(row, organization, ctx.config);
  const context = billingMailContext(ctx.config, ctx.baseUrl);
  await sendAll(ctx, 'receipt', async () => {
    const messages: Array<MailMessage | Promise<MailMessage>> = [];
    const uploader = (await activeAdministrators(ctx.db, row.organizationId)).find(
      (u) => u.id === actor.userId,
    );
    if (uploader) messages.push(mails.receiptReceived(uploader, invoice, context));
    const receipt = await receiptAttachment(ctx, row);
    for (const to of await listSuperAdministrators(ctx.db)) {
      messages.push(mails.receiptToCheck(to, invoice, context, receipt));
    }
    return messages;
  });
  return toPaymentRecord({ ...row, organisation: before.organisation });
}

/** Send Receipt (Super Administrator): the paid invoice and the receipt to the organization's Administrators. */
export async function sendReceipt(ctx: PaymentsContext, actor: Actor, id: string): Promise<PaymentRecord> {
  const { before } = await transition(ctx, actor, id, 'send-receipt', async (tx, record, now) => {
    await audit(tx, actor, record, 'payment.receipt_sent', now);
    return null;
  });
  const organization = await organizationOf(ctx, before.organizationId);
  const invoice = invoiceDocument(before, organization, ctx.config);
  const context = billingMailContext(ctx.config, ctx.baseUrl);
  await sendAll(ctx, 'paid invoice', async () => {
    const receipt = await receiptAttachment(ctx, before);
    return (await activeAdministrators(ctx.db, before.organizationId)).map((to) =>
      mails.paidInvoice(to, invoice, context, receipt),
    );
  });
  return toPaymentRecord(before);
}

/** View payment: one record. */
export async function getPayment(ctx: PaymentsContext, actor: Actor, id: string): Promise<PaymentRecord> {
  return toPaymentRecord(await readableRecord(ctx.db, actor, id));
}

/** View invoice: the stored invoice (the organization's copy), rendered for the reader when there is none. */
export async function invoicePdf(
  ctx: PaymentsContext,
  actor: Actor,
  id: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  const record = await readableRecord(ctx.db, actor, id);
  assertAllowed(actor, record, 'view-invoice');
  const organization = await organizationOf(ctx, record.organizationId);
  const invoice = invoiceDocument(record, organization, ctx.config);
  const stored = record.invoiceFileKey ? await ctx.files.readFile(record.invoiceFileKey) : null;
  // Records from before stored invoices (or whose copy could not be stored) are rendered for the reader.
  const bytes = stored ?? (await renderInvoice(invoice, languageOf(actor.language)));
  return { bytes, fileName: invoiceDownloadName(invoice) };
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

// ---------------------------------------------------------------------------------------------
// The billing clock

/** The reminder goes out this long before a paid period ends. */
export const REMINDER_BEFORE_MS = 7 * 86_400_000;

export type BillingClockContext = PaymentsContext;

/**
 * One run of the billing clock at `now`: the renewal reminder for active records ending within 7
 * days (once: reminder_sent_at), and the lapse of active records whose ends_at has passed
 * (inactive, audited, mailed; the organization is on Free at once). Safe to run from several
 * instances at once: each record is claimed by a conditional update before its mail goes out.
 */
export async function runBillingClock(
  ctx: BillingClockContext,
  now: Date,
): Promise<{ reminded: string[]; lapsed: string[] }> {
  const context = billingMailContext(ctx.config, ctx.baseUrl);
  const reminded: string[] = [];
  for (const record of await findRecordsToRemind(ctx.db, now, new Date(now.getTime() + REMINDER_BEFORE_MS))) {
    const claimed = await ctx.db.transaction(async (tx) => {
      if (!(await claimReminder(tx, record.id, now))) return false;
      await audit(tx, null, record, 'payment.reminded', now, {
        endsAt: record.endsAt?.toISOString() ?? null,
      });
      return true;
    });
    if (!claimed) continue;
    reminded.push(record.id);
    if (ctx.jobs) await emitNotification(ctx.jobs, { kind: 'subscription_expiring', paymentId: record.id });
    await sendAll(ctx, 'renewal reminder', async () =>
      (await activeAdministrators(ctx.db, record.organizationId)).map((to) =>
        mails.reminder(to, packageEnd(record, record.organisation), context),
      ),
    );
  }
  const lapsed: string[] = [];
  for (const record of await findLapsedRecords(ctx.db, now)) {
    const done = await ctx.db.transaction(async (tx) => {
      if (!(await lapseRecord(tx, record.id))) return false;
      await audit(tx, null, record, 'payment.lapsed', now, {
        endsAt: record.endsAt?.toISOString() ?? null,
        ...(record.scheduledChange ? { scheduledChange: record.scheduledChange } : {}),
      });
      // In the same transaction as the lapse, so a crash cannot end the plan without its successor.
      const downgrade =
        record.scheduledChange === 'downgrade' ? await issueScheduledDowngrade(ctx, tx, record, now) : null;
      return { downgrade };
    });
    if (!done) continue;
    lapsed.push(record.id);
    if (done.downgrade) {
      const organization = await organizationOf(ctx, record.organizationId);
      const stored = await storeInvoice(ctx, done.downgrade, organization);
      const invoice = invoiceDocument(stored, organization, ctx.config);
      await sendAll(ctx, 'downgrade invoice', async () =>
        (await activeAdministrators(ctx.db, record.organizationId)).map((to) =>
          mails.invoiceIssued(to, invoice, context),
        ),
      );
      continue;
    }
    await sendAll(ctx, 'lapse', async () =>
      (await activeAdministrators(ctx.db, record.organizationId)).map((to) =>
        mails.lapsed(to, packageEnd(record, record.organisation), context),
      ),
    );
  }
  return { reminded, lapsed };
}

/**
 * A downgrade scheduled for the end of `record`, carried out by the billing clock in the lapse's
 * transaction: the smaller plan's invoice at its catalog price then, to pay as any other (the plan
 * takes effect when it is paid). Nothing when a request already waits (the school chose another
 * plan meanwhile) or the plan has lost its price; then the organization is on Free, as after any lapse.
 */
async function issueScheduledDowngrade(
  ctx: PaymentsContext,
  tx: DbOrTx,
  record: PaymentRecordWithOrganization,
  now: Date,
): Promise<PaymentRecordRow | null> {
  const plan = planNamed(record.scheduledPlan);
  if (!plan || !isPricedPlan(plan.name)) return null;
  await lockOrganizationBilling(tx, record.organizationId);
  if (await findPendingRecord(tx, record.organizationId, PRODUCT_LINE)) return null;
  const period = periodOf({ billingPeriod: record.scheduledPeriod ?? 'month' });
  const price = await findPlanPrice(tx, plan.name, period, record.scheduledCurrency ?? undefined);
  if (!price) {
    ctx.log.warn(
      { paymentRecordId: record.id, plan: plan.name },
      'scheduled downgrade: the plan has no price',
    );
    return null;
  }
  return insertPendingRecord(
    ctx,
    tx,
    null,
    record.organizationId,
    { plan: plan.name, period, amountMinor: price.amountMinor, currency: price.currency, method: 'invoice' },
    now,
  );
}

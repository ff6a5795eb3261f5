// Transitions: each in one transaction on the locked record, audited, its effects written in it; 409 and nothing
// changed when the record's state does not allow it.
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { type PaymentAction, type PaymentRecord } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { PaymentRecordRow } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { type UploadedFile } from '../../lib/files.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { emitNotification } from '../notifications/notifications.service.ts';
import { supersedeActiveRecords } from '../plans/plans.repository.ts';
import { billingMailContext, invoiceDocument, mails } from './payments.documents.ts';
import { addPeriod, periodOf, toPaymentRecord } from './payments.mapper.ts';
import {
  deletePaymentRecord,
  listSuperAdministrators,
  lockOrganizationBilling,
  lockPaymentRecord,
  updatePaymentRecord,
  type PaymentRecordWithOrganization,
} from './payments.repository.ts';
import { cardProviderFailed, cardProviderFor, checkoutSessionOf } from '../../lib/stripe.ts';
import type { PaymentsContext } from './payments.context.ts';
import {
  paymentNotFound,
  mayReadRecord,
  readableRecord,
  assertAllowed,
  organizationOf,
} from './payments.access.ts';
import {
  RECEIPT_TYPES,
  type ReceiptType,
  RECEIPT_PREFIX,
  activeAdministrators,
  sendAll,
  receiptAttachment,
} from './payments.receipts.ts';
import { storeInvoice } from './payments.invoice-store.ts';

export type Transition = (
  tx: DbOrTx,
  record: PaymentRecordWithOrganization,
  now: Date,
) => Promise<PaymentRecordRow | null>;

export async function transition(
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

export const audit = (
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

/** Who an activation or a closing is audited as: a person, or the card payment provider (by name). */
export type TransitionActor = Actor | { provider: string; eventId: string };

const auditActorOf = (actor: TransitionActor): Actor | null => ('provider' in actor ? null : actor);
const auditDetailsOf = (actor: TransitionActor): Record<string, unknown> =>
  'provider' in actor ? { by: actor.provider, eventId: actor.eventId } : {};

/**
 * The activation of a pending record, in the caller's transaction with the record locked: the
 * period starts now, or at the old end for a renewal requested while the plan was in force; every
 * other active record of the organization is superseded (inactive). Audited as `actor`. Its
 * effects are written in the same transaction: the payment_activated notice (keyed by the record,
 * which is activated once) and the Administrators' mail with the paid invoice and the receipt.
 */
export async function applyActivation(
  ctx: PaymentsContext,
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
  const activated = updated!;
  await emitNotification(
    ctx.jobs,
    { kind: 'payment_activated', paymentId: record.id },
    { tx, key: record.id },
  );
  const organization = await organizationOf(tx, record.organizationId);
  const invoice = invoiceDocument(activated, organization, ctx.config);
  const context = billingMailContext(ctx.config, ctx.baseUrl);
  await sendAll(ctx, tx, 'activation', async (db) => {
    const receipt = await receiptAttachment(ctx, activated);
    return (await activeAdministrators(db, record.organizationId)).map((to) =>
      mails.activated(to, invoice, context, receipt),
    );
  });
  return activated;
}

/** After an activation is committed: the invoice stored again with its PAID stamp. */
export async function afterActivation(
  ctx: PaymentsContext,
  activated: PaymentRecordRow,
): Promise<PaymentRecord> {
  const organization = await organizationOf(ctx.db, activated.organizationId);
  const row = await storeInvoice(ctx, activated, organization);
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
    applyActivation(ctx, tx, actor, record, now),
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
  return storeInvoice(ctx, closed, await organizationOf(ctx.db, closed.organizationId));
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
      // The Super Administrators' bell: a receipt waits for their check (each upload, named by its file, is one notice).
      await emitNotification(ctx.jobs, { kind: 'receipt_uploaded', paymentId: record.id }, { tx, key });
      const row = updated!;
      const organization = await organizationOf(tx, row.organizationId);
      const invoice = invoiceDocument(row, organization, ctx.config);
      const context = billingMailContext(ctx.config, ctx.baseUrl);
      await sendAll(ctx, tx, 'receipt', async (db) => {
        const messages: Array<MailMessage | Promise<MailMessage>> = [];
        const uploader = (await activeAdministrators(db, row.organizationId)).find(
          (u) => u.id === actor.userId,
        );
        if (uploader) messages.push(mails.receiptReceived(uploader, invoice, context));
        const receipt = await receiptAttachment(ctx, row);
        for (const to of await listSuperAdministrators(db)) {
          messages.push(mails.receiptToCheck(to, invoice, context, receipt));
        }
        return messages;
      });
      return row;
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
  return toPaymentRecord({ ...row, organisation: before.organisation });
}

/** Send Receipt (Super Administrator): the paid invoice and the receipt to the organization's Administrators. */
export async function sendReceipt(ctx: PaymentsContext, actor: Actor, id: string): Promise<PaymentRecord> {
  const { before } = await transition(ctx, actor, id, 'send-receipt', async (tx, record, now) => {
    await audit(tx, actor, record, 'payment.receipt_sent', now);
    const organization = await organizationOf(tx, record.organizationId);
    const invoice = invoiceDocument(record, organization, ctx.config);
    const context = billingMailContext(ctx.config, ctx.baseUrl);
    await sendAll(ctx, tx, 'paid invoice', async (db) => {
      const receipt = await receiptAttachment(ctx, record);
      return (await activeAdministrators(db, record.organizationId)).map((to) =>
        mails.paidInvoice(to, invoice, context, receipt),
      );
    });
    return null;
  });
  return toPaymentRecord(before);
}

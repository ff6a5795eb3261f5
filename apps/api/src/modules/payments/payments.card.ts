import type Stripe from 'stripe';
import { z } from 'zod';
import type { CheckoutBody, PaymentRecord } from '@vbuilder/shared';
import type { PaymentRecordRow } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { findUserById } from '../users/users.repository.ts';
import { toPaymentRecord } from './payments.mapper.ts';
import { insertProviderEvent, lockPaymentRecord, recordCheckoutSession } from './payments.repository.ts';
import {
  afterActivation,
  afterClose,
  applyActivation,
  applyClose,
  createPendingRecord,
  requestedOrganization,
  type PaymentsContext,
} from './payments.service.ts';
import { cardProviderFailed, cardProviderFor, STRIPE_PROVIDER, type CardProvider } from '../../lib/stripe.ts';

/**
 * Card payments: POST /api/payments/checkout makes the pending record on the same
 * path as an invoice request (method 'card') and a Stripe Checkout session for it; Stripe's
 * webhook activates the record on the same path as the Super Administrator's Activate, audited as
 * the provider. Without STRIPE_SECRET_KEY card payment is not offered.
 */

const unavailable = (why: string) => conflict('card_payments_unavailable', why);

function requireProvider(ctx: PaymentsContext): CardProvider {
  const provider = cardProviderFor(ctx.config);
  if (!provider) throw unavailable('Card payments are not offered (no STRIPE_SECRET_KEY)');
  return provider;
}

/**
 * POST /api/payments/checkout (an Administrator): the pending card record with its invoice number,
 * then a Checkout session that names it (client_reference_id and metadata), kept as the record's
 * payment id until it is paid; answers its address.
 * A session the provider refuses closes the record again (its number stays, so numbering keeps no
 * gaps) and answers 502.
 */
export async function startCheckout(
  ctx: PaymentsContext,
  actor: Actor,
  body: CheckoutBody,
): Promise<{ url: string; payment: PaymentRecord }> {
  const provider = requireProvider(ctx);
  const organization = await requestedOrganization(ctx, actor, { plan: body.plan });
  let prices;
  try {
    prices = await provider.prices();
  } catch (err) {
    ctx.log.error({ err }, 'could not list the card payment products');
    throw cardProviderFailed();
  }
  const price = prices.find(
    (p) =>
      p.plan === body.plan && p.period === body.period && (!body.currency || p.currency === body.currency),
  );
  if (!price) {
    throw unavailable(
      `${body.plan} has no ${body.period}ly card price${body.currency ? ` in ${body.currency}` : ''}`,
    );
  }
  const row = await createPendingRecord(ctx, actor, organization, {
    plan: body.plan,
    period: body.period,
    amountMinor: price.amountMinor,
    currency: price.currency,
    method: 'card',
  });
  const back = (outcome: 'success' | 'cancel') => `${ctx.baseUrl}/account/subscription?checkout=${outcome}`;
  try {
    const user = await findUserById(ctx.db, actor.userId);
    const session = await provider.createCheckout({
      price,
      taxMinor: row.taxMinor,
      creditMinor: row.creditMinor,
      taxLabel: ctx.config.BILLING_TAX_NAME?.trim() || 'Tax',
      paymentRecordId: row.id,
      organizationId: organization.id,
      invoiceNumber: row.invoiceNumber,
      customerEmail: user?.email ?? null,
      language: actor.language,
      successUrl: back('success'),
      cancelUrl: back('cancel'),
    });
    ctx.log.info({ paymentRecordId: row.id, sessionId: session.sessionId }, 'card checkout started');
    // Kept so that closing or deleting the record can end the session (no payment for a gone invoice).
    await recordCheckoutSession(ctx.db, row.id, session.sessionId);
    return { url: session.url, payment: toPaymentRecord({ ...row, organisation: organization.name }) };
  } catch (err) {
    ctx.log.error({ err, paymentRecordId: row.id }, 'the card payment provider refused the checkout');
    const closed = await ctx.db.transaction(async (tx) => {
      const record = await lockPaymentRecord(tx, row.id);
      if (record?.status !== 'pending') return null;
      return applyClose(tx, actor, record, ctx.clock.now(), { reason: 'checkout_failed' });
    });
    if (closed) await afterClose(ctx, closed);
    throw cardProviderFailed();
  }
}

const RecordIdSchema = z.uuid();

const sessionRecordId = (session: Stripe.Checkout.Session): string | null => {
  const id = session.client_reference_id ?? session.metadata?.paymentRecordId ?? null;
  return RecordIdSchema.safeParse(id).success ? id : null;
};

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const CLOSING_EVENTS = new Set(['checkout.session.expired', 'checkout.session.async_payment_failed']);

type Outcome =
  | { kind: 'duplicate' | 'unknown' | 'unpaid' }
  | { kind: 'ignored' | 'mismatch'; record: Pick<PaymentRecordRow, 'id' | 'status'> }
  | { kind: 'activated'; row: PaymentRecordRow }
  | { kind: 'closed'; row: PaymentRecordRow };

/**
 * POST /api/payments/webhooks/stripe: the event is verified against STRIPE_WEBHOOK_SECRET (the
 * signature over the raw body, and its timestamp within the SDK's tolerance at the app's clock:
 * an old event replayed is refused); a bad one answers 400 and changes nothing. A paid Checkout
 * session activates its pending record (payment_id = the payment intent); an expired or failed one
 * closes it, so the school can ask again. The event id is stored in the same transaction, so an
 * event delivered twice acts once. An event for an unknown, or no longer pending, record is
 * acknowledged and ignored with a log line.
 */
export async function handleStripeWebhook(
  ctx: PaymentsContext,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): Promise<{ received: true }> {
  const provider = requireProvider(ctx);
  let event: Stripe.Event;
  try {
    event = await provider.verifyEvent(rawBody ?? Buffer.alloc(0), signature, ctx.clock.now().getTime());
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'refused a Stripe webhook: its signature does not verify');
    throw badRequest('validation_error', 'The Stripe-Signature header does not verify this body');
  }
  const paid = PAID_EVENTS.has(event.type);
  if (!paid && !CLOSING_EVENTS.has(event.type)) {
    ctx.log.info({ eventId: event.id, type: event.type }, 'Stripe webhook event not used');
    return { received: true };
  }
  const session = event.data.object as Stripe.Checkout.Session;
  const recordId = sessionRecordId(session);
  const by = { provider: STRIPE_PROVIDER, eventId: event.id };
  const now = ctx.clock.now();

  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    if (paid && session.payment_status !== 'paid') return { kind: 'unpaid' };
    const fresh = await insertProviderEvent(tx, {
      provider: STRIPE_PROVIDER,
      eventId: event.id,
      type: event.type,
      paymentRecordId: recordId,
      receivedAt: now,
    });
    if (!fresh) return { kind: 'duplicate' };
    const record = recordId ? await lockPaymentRecord(tx, recordId) : null;
    if (!record) return { kind: 'unknown' };
    if (record.status !== 'pending') return { kind: 'ignored', record };
    if (!paid) {
      if (record.method !== 'card') return { kind: 'ignored', record };
      return { kind: 'closed', row: await applyClose(tx, by, record, now, { reason: event.type }) };
    }
    const total = record.amountMinor - record.creditMinor + record.taxMinor;
    if (session.amount_total !== total || session.currency?.toUpperCase() !== record.currency) {
      return { kind: 'mismatch', record };
    }
    const intent = session.payment_intent;
    const paymentId = (typeof intent === 'string' ? intent : intent?.id) ?? session.id;
    return { kind: 'activated', row: await applyActivation(ctx, tx, by, record, now, { paymentId }) };
  });

  const about = { eventId: event.id, type: event.type, paymentRecordId: recordId };
  switch (outcome.kind) {
    case 'activated':
      ctx.log.info(about, 'card payment received: record activated');
      await afterActivation(ctx, outcome.row);
      break;
    case 'closed':
      ctx.log.info(about, 'card checkout ended unpaid: record closed');
      await afterClose(ctx, outcome.row);
      break;
    case 'duplicate':
      ctx.log.info(about, 'Stripe webhook event already handled');
      break;
    case 'unpaid':
      ctx.log.info(about, 'card checkout completed but not paid yet');
      break;
    case 'unknown':
      ctx.log.warn(about, 'Stripe webhook event for no known payment record: ignored');
      break;
    case 'ignored':
      // A paid session whose record was closed meanwhile needs a person: refund, or activate by hand.
      (paid ? ctx.log.error : ctx.log.warn).call(
        ctx.log,
        { ...about, status: outcome.record.status },
        'Stripe webhook event for a record that is no longer pending: ignored',
      );
      break;
    case 'mismatch':
      ctx.log.error(about, 'card payment amount or currency differs from the record: left pending');
      break;
  }
  return { received: true };
}

import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutResponseSchema,
  PlansResponseSchema,
  SubscriptionResponseSchema,
  type Role,
} from '@vbuilder/shared';
import {
  startFakeStripe,
  type FakeCheckoutSession,
  type FakeStripe,
} from '../../../../../test-support/fake-stripe.ts';
import { paymentProviderEvents } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { currentPlan } from '../plans/plans.service.ts';
import { pdfText, savePageImage, squeeze } from '../../test/pdf.ts';
import { auditOf, movableClock, multipartFile, PDF_BYTES, recordRow } from './test-helpers.ts';

/**
 * Card payments against a local fake of Stripe's API (test-support/fake-stripe.ts) reached through
 * the SDK's own host/port/protocol settings, and webhooks signed by the SDK's test-header helper:
 * no network.
 */

const SECRET_KEY = 'sk_test_vbuilder_fake_key';
const WEBHOOK_SECRET = 'whsec_vbuilder_test_secret';
const PUBLIC_URL = 'https://vbuilder.school.test';
const clock = movableClock('2026-07-01T08:00:00Z');
/** Only its webhook helpers are used: they sign locally. */
const signer = new Stripe('sk_test_signer_only');

let fake: FakeStripe;
let t: TestApp;
let superAdmin: Record<string, string>;

interface School {
  organizationId: string;
  headers: Record<string, string>;
}

async function school(name: string, role: Role = 'Administrator'): Promise<School> {
  const organizationId = (await makeOrganization(t.app, name)).id;
  const user = await makeUser(t.app, role, organizationId);
  return { organizationId, headers: bearer(await tokenFor(t.app, user)) };
}

const PRODUCTS = [
  // Matched by its id (docs/product/api.md: the product whose id is the package id)…
  { id: 'vbuilder-professional', name: 'vbuilder Professional' },
  // …or by its metadata.
  { id: 'prod_basic', name: 'vbuilder Basic', metadata: { packageId: 'vbuilder-basic' } },
  { id: 'prod_unrelated', name: 'T-shirt' },
];
const PRICES = [
  {
    id: 'price_pro_month',
    product: 'vbuilder-professional',
    currency: 'usd',
    unit_amount: 4900,
    metadata: { period: 'month' },
  },
  {
    id: 'price_pro_year',
    product: 'vbuilder-professional',
    currency: 'usd',
    unit_amount: 49000,
    type: 'recurring' as const,
    recurring: { interval: 'year' as const },
  },
  {
    id: 'price_basic_month',
    product: 'prod_basic',
    currency: 'usd',
    unit_amount: 1900,
    metadata: { period: 'month' },
  },
  {
    id: 'price_shirt',
    product: 'prod_unrelated',
    currency: 'usd',
    unit_amount: 1500,
    metadata: { period: 'month' },
  },
];

beforeAll(async () => {
  fake = await startFakeStripe();
  fake.setCatalog(PRODUCTS, PRICES);
  t = await buildTestApp(
    {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLIC_URL,
      ...fake.env,
    },
    { clock },
  );
  superAdmin = bearer(await tokenFor(t.app, await makeUser(t.app, 'Super Administrator', null)));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const checkout = (who: School | Record<string, string>, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/checkout',
    headers: 'headers' in who ? (who.headers as Record<string, string>) : who,
    payload,
  });

async function startCheckout(who: School, plan = 'Professional', period = 'month') {
  const res = await checkout(who, { plan, period });
  expect(res.statusCode, res.body).toBe(201);
  const { data } = CheckoutResponseSchema.parse(res.json());
  const session = fake.sessions.find((s) => s.url === data.url)!;
  expect(session).toBeDefined();
  return { payment: data.payment, session };
}

/** A Stripe event about a Checkout session, as Stripe would post it. */
function sessionEvent(
  session: FakeCheckoutSession,
  type = 'checkout.session.completed',
  changes: Record<string, unknown> = {
    status: 'complete',
    payment_status: 'paid',
    payment_intent: 'pi_test_paid',
  },
) {
  return {
    id: `evt_${randomBytes(10).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(clock.now().getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { ...session, ...changes } },
  };
}

/** Posts the event signed with `secret` at `timestamp` (seconds; default: the app's clock). */
function deliver(
  event: object,
  options: { secret?: string; timestamp?: number; signature?: string | null; body?: string } = {},
) {
  const payload = JSON.stringify(event);
  const header =
    options.signature === null
      ? undefined
      : (options.signature ??
        signer.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: options.timestamp ?? Math.floor(clock.now().getTime() / 1000),
        }));
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header ? { 'stripe-signature': header } : {}),
    },
    payload: options.body ?? payload,
  });
}

const handledEvents = (eventId: string) =>
  t.app.db.select().from(paymentProviderEvents).where(eq(paymentProviderEvents.eventId, eventId));

describe('the card catalog', () => {
  it("lists the provider's products and prices into GET /api/plans, matched by package id; the key stays on the server", async () => {
    const admin = await school('Catalog School');
    const res = await t.app.inject({ method: 'GET', url: '/api/plans', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const { data, cardPayments } = PlansResponseSchema.parse(res.json());
    expect(cardPayments).toBe(true);
    const cardPrices = Object.fromEntries(data.map((p) => [p.name, p.cardPrices]));
    expect(cardPrices).toEqual({
      Free: [],
      Basic: [{ period: 'month', amountMinor: 1900, currency: 'USD' }],
      Professional: [
        { period: 'month', amountMinor: 4900, currency: 'USD' },
        { period: 'year', amountMinor: 49000, currency: 'USD' },
      ],
      Enterprise: [],
      Custom: [],
    });
    expect(res.body).not.toContain(SECRET_KEY);
    // The SDK reached the fake with the secret key, through the configured host and port.
    const listed = fake.requests.filter((r) => r.path === '/v1/products' || r.path === '/v1/prices');
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(listed.every((r) => r.authorization === `Bearer ${SECRET_KEY}`)).toBe(true);
  });
});

describe("a card checkout's unpaid invoice", () => {
  it('tells the school to pay by card, never by bank transfer, and its row offers no receipt upload', async () => {
    const admin = await school('Card Invoice School');
    const { payment } = await startCheckout(admin);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${payment.id}/invoice.pdf`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    savePageImage(res.rawPayload, 'en-card-checkout');
    const text = squeeze(pdfText(res.rawPayload, 'en-card-checkout'));
    expect(text).toContain(
      squeeze('Pay this invoice by card, on the secure payment page vbuilder opened for it.'),
    );
    expect(text).toContain(squeeze('Do not pay it by bank transfer.'));
    // Neither the bank transfer text nor the receipt upload of an invoice to pay by transfer.
    expect(text).not.toContain(squeeze('Pay by bank transfer. For the bank details'));
    expect(text).not.toContain(squeeze('upload the receipt'));

    const upload = multipartFile('file', 'receipt.pdf', 'application/pdf', PDF_BYTES);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/receipt`,
      headers: { ...admin.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'payment_transition_not_allowed' });
    expect((await recordRow(t.app, payment.id))!.receiptFileKey).toBeNull();
  });
});

describe('an upgrade paid by card', () => {
  it('is charged its price less the credit for the unused days of the plan in force', async () => {
    clock.set('2026-07-01T08:00:00Z');
    const admin = await school('Card Upgrade School');
    const basic = await startCheckout(admin, 'Basic');
    expect((await deliver(sessionEvent(basic.session))).statusCode).toBe(200);
    // Basic (19.00) runs 1 July – 31 July: 31 days; on 16 July, day 16, 15 are left: 19.00 × 15 ÷ 31 = 9.19.
    clock.set('2026-07-16T12:00:00Z');
    const { payment, session } = await startCheckout(admin, 'Professional');
    expect(payment).toMatchObject({ amountMinor: 4900, creditMinor: 919, totalMinor: 3981 });
    expect(session.amount_total).toBe(3981);
    expect(session.line_items).toEqual([
      {
        price_data: { currency: 'usd', product: 'vbuilder-professional', unit_amount: '3981' },
        quantity: '1',
      },
    ]);
    // Paid as charged: the webhook's amount check holds and Professional is in force.
    expect((await deliver(sessionEvent(session))).statusCode).toBe(200);
    expect((await recordRow(t.app, payment.id))!.status).toBe('active');
    clock.set('2026-07-01T08:00:00Z');
  });
});

describe('checkout', () => {
  it('makes a pending card record with its invoice number and a session naming it, and answers its address', async () => {
    const admin = await school('Checkout School');
    const { payment, session } = await startCheckout(admin);
    expect(payment).toMatchObject({
      organizationId: admin.organizationId,
      planName: 'Professional',
      status: 'pending',
      invoiceStatus: 'open',
      method: 'card',
      amountMinor: 4900,
      currency: 'USD',
      billingPeriod: 'month',
      paymentId: null,
    });
    expect(payment.invoiceNumber).toMatch(/^VB-2026-\d{6}$/);
    expect(session).toMatchObject({
      mode: 'payment',
      client_reference_id: payment.id,
      metadata: { paymentRecordId: payment.id, organizationId: admin.organizationId },
      success_url: `${PUBLIC_URL}/account/subscription?checkout=success`,
      cancel_url: `${PUBLIC_URL}/account/subscription?checkout=cancel`,
      amount_total: 4900,
      currency: 'usd',
      line_items: [{ price: 'price_pro_month', quantity: '1' }],
    });
    expect((await auditOf(t.app, payment.id)).map((e) => e.action)).toEqual(['payment.requested']);
    // The record waits like any request: a second checkout, or an invoice request, is refused.
    expect((await checkout(admin, { plan: 'Basic', period: 'month' })).json().code).toBe(
      'payment_request_pending',
    );
  });

  it('a recurring price is charged by its amount; a plan without a card price, other roles and the Super Administrator are refused', async () => {
    const admin = await school('Yearly School');
    const { session } = await startCheckout(admin, 'Professional', 'year');
    expect(session.line_items).toEqual([
      {
        price_data: { currency: 'usd', product: 'vbuilder-professional', unit_amount: '49000' },
        quantity: '1',
      },
    ]);
    const other = await school('No Card Price School');
    const enterprise = await checkout(other, { plan: 'Enterprise', period: 'month' });
    expect(enterprise.statusCode).toBe(409);
    expect(enterprise.json().code).toBe('card_payments_unavailable');
    const teacher = await school('Teacher School', 'Teacher');
    expect((await checkout(teacher, { plan: 'Basic', period: 'month' })).statusCode).toBe(403);
    expect((await checkout(superAdmin, { plan: 'Basic', period: 'month' })).statusCode).toBe(403);
  });

  it('a provider failure answers 502 and closes the record it made (its number kept)', async () => {
    const admin = await school('Outage School');
    await t.app.inject({ method: 'GET', url: '/api/plans', headers: admin.headers }); // the catalog is cached
    fake.failNext(500, 3);
    const res = await checkout(admin, { plan: 'Basic', period: 'month' });
    fake.failNext(0, 0);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('card_provider_failed');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/payments/organization/${admin.organizationId}`,
      headers: admin.headers,
    });
    expect(list.json().data).toMatchObject([{ status: 'closed', invoiceStatus: 'closed', method: 'card' }]);
    // The school can try again.
    expect((await checkout(admin, { plan: 'Basic', period: 'month' })).statusCode).toBe(201);
  });
});

describe('the webhook', () => {
  it('a paid checkout.session.completed activates the record through the activate path, audited as the provider', async () => {
    const admin = await school('Paid By Card School');
    const { payment, session } = await startCheckout(admin);
    const event = sessionEvent(session);
    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const row = (await recordRow(t.app, payment.id))!;
    expect(row).toMatchObject({ status: 'active', invoiceStatus: 'paid', paymentId: 'pi_test_paid' });
    expect(row.activatedAt).toEqual(clock.now());
    const activated = (await auditOf(t.app, payment.id)).find((e) => e.action === 'payment.activated')!;
    expect(activated.actorId).toBeNull();
    expect(activated.details).toMatchObject({ by: 'stripe', eventId: event.id, paymentId: 'pi_test_paid' });
    expect((await currentPlan(t.app.db, admin.organizationId, clock.now())).plan.name).toBe('Professional');
    const subscription = await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/organization/${admin.organizationId}`,
      headers: admin.headers,
    });
    expect(SubscriptionResponseSchema.parse(subscription.json()).data).toMatchObject({
      status: 'active',
      packageName: 'Professional',
    });
    expect(await handledEvents(event.id)).toHaveLength(1);
  });

  it('the same event twice (one after the other, or at once) activates once', async () => {
    const admin = await school('Redelivery School');
    const { payment, session } = await startCheckout(admin);
    const event = sessionEvent(session);
    expect((await deliver(event)).statusCode).toBe(200);
    const first = (await recordRow(t.app, payment.id))!;
    clock.advanceDays(1);
    expect((await deliver(event)).statusCode).toBe(200);
    clock.set('2026-07-01T08:00:00Z');
    expect(await recordRow(t.app, payment.id)).toEqual(first);
    const actions = (await auditOf(t.app, payment.id)).map((e) => e.action);
    expect(actions.filter((a) => a === 'payment.activated')).toHaveLength(1);

    const racing = await school('Racing Delivery School');
    const raced = await startCheckout(racing);
    const twice = sessionEvent(raced.session);
    const answers = await Promise.all([deliver(twice), deliver(twice)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const racedActions = (await auditOf(t.app, raced.payment.id)).map((e) => e.action);
    expect(racedActions.filter((a) => a === 'payment.activated')).toHaveLength(1);
    expect(await handledEvents(twice.id)).toHaveLength(1);
  });

  it('a bad signature, a missing one or a changed body is refused with 400 and changes nothing', async () => {
    const admin = await school('Forged Webhook School');
    const { payment, session } = await startCheckout(admin);
    const before = await recordRow(t.app, payment.id);
    const event = sessionEvent(session);
    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().code).toBe('validation_error');
    expect((await deliver(event, { signature: null })).statusCode).toBe(400);
    expect((await deliver(event, { signature: 't=1,v1=deadbeef' })).statusCode).toBe(400);
    // Signed for one body, sent with another (a cheaper plan's amount, say).
    const tampered = JSON.stringify({
      ...event,
      data: { object: { ...event.data.object, amount_total: 1 } },
    });
    expect((await deliver(event, { body: tampered })).statusCode).toBe(400);
    expect(await recordRow(t.app, payment.id)).toEqual(before);
    expect((await auditOf(t.app, payment.id)).map((e) => e.action)).toEqual(['payment.requested']);
    expect(await handledEvents(event.id)).toEqual([]);
  });

  it('an old event replayed outside the tolerance is refused; the same event signed now goes through', async () => {
    const admin = await school('Replay School');
    const { payment, session } = await startCheckout(admin);
    const event = sessionEvent(session);
    const old = Math.floor(clock.now().getTime() / 1000) - 10 * 60;
    const replayed = await deliver(event, { timestamp: old });
    expect(replayed.statusCode).toBe(400);
    expect((await recordRow(t.app, payment.id))!.status).toBe('pending');
    expect(await handledEvents(event.id)).toEqual([]);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await recordRow(t.app, payment.id))!.status).toBe('active');
  });

  it('an event for an unknown or closed record, or of no use, is acknowledged and ignored', async () => {
    const admin = await school('Closed Before Paying School');
    const { payment, session } = await startCheckout(admin);
    const unknown = sessionEvent({ ...session, client_reference_id: randomUUID(), metadata: {} });
    expect((await deliver(unknown)).statusCode).toBe(200);
    const notAnId = sessionEvent({ ...session, client_reference_id: 'not-a-record', metadata: {} });
    expect((await deliver(notAnId)).statusCode).toBe(200);
    const other = { ...sessionEvent(session), type: 'customer.created' };
    expect((await deliver(other)).statusCode).toBe(200);
    expect((await recordRow(t.app, payment.id))!.status).toBe('pending');

    await t.app.inject({ method: 'POST', url: `/api/payments/${payment.id}/close`, headers: admin.headers });
    const late = sessionEvent(session);
    expect((await deliver(late)).statusCode).toBe(200);
    expect(await recordRow(t.app, payment.id)).toMatchObject({ status: 'closed', activatedAt: null });
  });

  it('an expired checkout closes its pending card record, so the school can ask again', async () => {
    const admin = await school('Abandoned Checkout School');
    const { payment, session } = await startCheckout(admin);
    const expired = sessionEvent(session, 'checkout.session.expired', { status: 'expired' });
    expect((await deliver(expired)).statusCode).toBe(200);
    expect(await recordRow(t.app, payment.id)).toMatchObject({ status: 'closed', invoiceStatus: 'closed' });
    const closed = (await auditOf(t.app, payment.id)).find((e) => e.action === 'payment.closed')!;
    expect(closed.details).toMatchObject({ by: 'stripe', eventId: expired.id });
    expect((await checkout(admin, { plan: 'Professional', period: 'month' })).statusCode).toBe(201);
  });

  it('a paid amount that differs from the record leaves it pending', async () => {
    const admin = await school('Mismatch School');
    const { payment, session } = await startCheckout(admin);
    const event = sessionEvent(session, 'checkout.session.completed', {
      payment_status: 'paid',
      amount_total: 100,
    });
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await recordRow(t.app, payment.id))!.status).toBe('pending');
  });
});

describe('closing or deleting a pending card record', () => {
  const act = (who: School, id: string, action: 'close' | 'delete') =>
    t.app.inject(
      action === 'close'
        ? { method: 'POST', url: `/api/payments/${id}/close`, headers: who.headers }
        : { method: 'DELETE', url: `/api/payments/${id}`, headers: who.headers },
    );
  const expiries = (session: FakeCheckoutSession) =>
    fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${session.id}/expire`,
    );

  it.each(['close', 'delete'] as const)(
    '%s expires its Checkout session first, so the gone invoice can no longer be paid',
    async (action) => {
      const admin = await school(`Changed Its Mind School ${action}`);
      const { payment, session } = await startCheckout(admin);
      // The session is kept as the record's payment id until the payment replaces it.
      expect((await recordRow(t.app, payment.id))!.paymentId).toBe(session.id);
      const res = await act(admin, payment.id, action);
      expect(res.statusCode, res.body).toBe(action === 'close' ? 200 : 204);
      expect(session.status).toBe('expired');
      expect(expiries(session)).toHaveLength(1);
      if (action === 'close') expect((await recordRow(t.app, payment.id))!.status).toBe('closed');
      else expect(await recordRow(t.app, payment.id)).toBeNull();
    },
  );

  it('a session already expired is no obstacle', async () => {
    const admin = await school('Slow To Close School');
    const { payment, session } = await startCheckout(admin);
    session.status = 'expired';
    expect((await act(admin, payment.id, 'close')).statusCode).toBe(200);
    expect((await recordRow(t.app, payment.id))!.status).toBe('closed');
  });

  it('a session paid meanwhile refuses the close with 409 and the webhook then activates the record', async () => {
    const admin = await school('Paid In Time School');
    const { payment, session } = await startCheckout(admin);
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    for (const action of ['close', 'delete'] as const) {
      const res = await act(admin, payment.id, action);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'card_payment_completed',
        message: `Invoice ${payment.invoiceNumber} has just been paid by card: it is activated when the payment service confirms it`,
      });
    }
    expect((await recordRow(t.app, payment.id))!.status).toBe('pending');
    expect((await deliver(sessionEvent(session))).statusCode).toBe(200);
    expect(await recordRow(t.app, payment.id)).toMatchObject({ status: 'active', paymentId: 'pi_test_paid' });
  });

  it('a provider that cannot be reached refuses the close with 502 and changes nothing', async () => {
    const admin = await school('Offline Provider School');
    const { payment, session } = await startCheckout(admin);
    fake.failNext(500, 2);
    const res = await act(admin, payment.id, 'close');
    fake.failNext(0, 0);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('card_provider_failed');
    expect(await recordRow(t.app, payment.id)).toMatchObject({ status: 'pending', paymentId: session.id });
    expect(session.status).toBe('open');
    expect((await act(admin, payment.id, 'close')).statusCode).toBe(200);
  });
});

describe('without STRIPE_SECRET_KEY', () => {
  it('card payment is not offered; the invoice path is', async () => {
    const plain = await buildTestApp({}, { clock });
    try {
      const org = (await makeOrganization(plain.app, 'Invoice Only School')).id;
      const admin = bearer(await tokenFor(plain.app, await makeUser(plain.app, 'Administrator', org)));
      const sa = bearer(await tokenFor(plain.app, await makeUser(plain.app, 'Super Administrator', null)));
      await plain.app.inject({
        method: 'PUT',
        url: '/api/plans/Basic/prices',
        headers: sa,
        payload: { prices: [{ period: 'month', amountMinor: 1900, currency: 'USD' }] },
      });
      const plans = PlansResponseSchema.parse(
        (await plain.app.inject({ method: 'GET', url: '/api/plans', headers: admin })).json(),
      );
      expect(plans.cardPayments).toBe(false);
      expect(plans.data.every((p) => (p.cardPrices ?? []).length === 0)).toBe(true);
      const refused = await plain.app.inject({
        method: 'POST',
        url: '/api/payments/checkout',
        headers: admin,
        payload: { plan: 'Basic', period: 'month' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('card_payments_unavailable');
      const webhook = await plain.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{}',
      });
      expect(webhook.statusCode).toBe(409);
      const invoice = await plain.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: admin,
        payload: { plan: 'Basic', period: 'month' },
      });
      expect(invoice.statusCode).toBe(201);
      expect(invoice.json().data.method).toBe('invoice');
    } finally {
      await plain.close();
    }
  });
});

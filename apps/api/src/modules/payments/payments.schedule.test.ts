import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NotificationListResponseSchema,
  PaymentRecordResponseSchema,
  SubscriptionResponseSchema,
} from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { pdfText, savePageImage, squeeze } from '../../test/pdf.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { paymentsContext, runBillingClock } from './payments.service.ts';
import { auditOf, movableClock, multipartFile, PDF_BYTES, recordRow } from './test-helpers.ts';

/**
 * Billing as a paying school expects it: an upgrade credits the unused days of the plan in force
 * (a negative invoice line, the tax on the net), a cancel and a downgrade wait for the end of the
 * paid period (the billing clock carries them out) and can be undone until then, and a receipt
 * tells the Super Administrators in the app.
 */
const clock = movableClock('2026-11-01T08:00:00Z');
let t: TestApp;
let superAdmin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ BILLING_TAX_RATE_BP: '700' }, { clock });
  const superUser = await makeUser(t.app, 'Super Administrator', null);
  superAdmin = bearer(await tokenFor(t.app, superUser));
  for (const [plan, amountMinor] of [
    ['Basic', 3000],
    ['Professional', 10_000],
    ['Enterprise', 30_000],
  ] as const) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/plans/${plan}/prices`,
      headers: superAdmin,
      payload: { prices: [{ period: 'month', amountMinor, currency: 'USD' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

interface School {
  organizationId: string;
  headers: Record<string, string>;
}

async function school(name: string): Promise<School> {
  const organizationId = (await makeOrganization(t.app, name)).id;
  const user = await makeUser(t.app, 'Administrator', organizationId);
  return { organizationId, headers: bearer(await tokenFor(t.app, user)) };
}

async function request(who: School, plan: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: who.headers,
    payload: { plan, period: 'month' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return PaymentRecordResponseSchema.parse(res.json()).data;
}

async function activate(id: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${id}/activate`,
    headers: superAdmin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return PaymentRecordResponseSchema.parse(res.json()).data;
}

/** A school on `plan` since `at` (its 30-day November period when at is 1 November). */
async function paying(name: string, plan: string, at = '2026-11-01T08:00:00Z') {
  clock.set(at);
  const who = await school(name);
  const record = await activate((await request(who, plan)).id);
  return { who, record };
}

async function subscription(who: School) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/subscriptions/organization/${who.organizationId}`,
    headers: who.headers,
  });
  return SubscriptionResponseSchema.parse(res.json()).data;
}

const schedule = (who: School, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/subscriptions/organization/${who.organizationId}/scheduled-change`,
    headers: who.headers,
    payload,
  });
const undo = (who: School) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/subscriptions/organization/${who.organizationId}/scheduled-change`,
    headers: who.headers,
  });

describe('an upgrade credits the unused part of the plan in force', () => {
  it('on day 15 of 30: Basic 30.00 leaves 15.00 credit; 7 % tax on 100.00 − 15.00; the invoice shows the line', async () => {
    const { who } = await paying('Credit Day 15 School', 'Basic');
    const before = await subscription(who);
    // What the confirmation computes its credit from, before anything is paid.
    expect(before.paidPeriod).toEqual({
      amountMinor: 3000,
      currency: 'USD',
      periodStart: '2026-11-01T08:00:00.000Z',
      endsAt: '2026-12-01T08:00:00.000Z',
    });
    clock.set('2026-11-15T10:00:00Z');
    const upgrade = await request(who, 'Professional');
    expect(upgrade).toMatchObject({
      amountMinor: 10_000,
      creditMinor: 1500,
      credit: { planName: 'Basic', unusedDays: 15, periodDays: 30 },
      taxMinor: 595,
      totalMinor: 9095,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${upgrade.id}/invoice.pdf`,
      headers: who.headers,
    });
    expect(res.statusCode).toBe(200);
    savePageImage(res.rawPayload, 'en-upgrade-credit');
    const text = squeeze(pdfText(res.rawPayload, 'en-upgrade-credit'));
    expect(text).toContain(squeeze('Credit for the unused part of the Basic package'));
    expect(text).toContain(squeeze('15 of 30 days not used'));
    expect(text).toMatch(/-\$15\.00|−\$15\.00/);
    expect(text).toContain('$85.00');
    expect(text).toContain('$5.95');
    expect(text).toContain('$90.95');
    // Paid: Professional replaces Basic now, for a period of its own.
    const activated = await activate(upgrade.id);
    expect(activated.periodStart).toBe('2026-11-15T10:00:00.000Z');
    expect((await subscription(who)).packageName).toBe('Professional');
  });

  it('on day 1 credits 29 of 30 days; on the last day nothing', async () => {
    const first = await paying('Credit Day 1 School', 'Basic');
    clock.set('2026-11-01T20:00:00Z');
    expect(await request(first.who, 'Professional')).toMatchObject({
      creditMinor: 2900,
      credit: { unusedDays: 29, periodDays: 30 },
      taxMinor: 497,
    });

    const last = await paying('Credit Last Day School', 'Basic');
    clock.set('2026-11-30T09:00:00Z');
    expect(await request(last.who, 'Professional')).toMatchObject({
      creditMinor: 0,
      credit: null,
      taxMinor: 700,
      totalMinor: 10_700,
    });
  });

  it('a renewal of the plan in force takes no credit: it starts where the period ends', async () => {
    const { who } = await paying('Renewal School', 'Basic');
    clock.set('2026-11-20T08:00:00Z');
    expect(await request(who, 'Basic')).toMatchObject({
      creditMinor: 0,
      periodStart: '2026-12-01T08:00:00.000Z',
    });
  });
});

describe('cancel at the end of the paid period', () => {
  it('is scheduled, undone and scheduled again; the clock ends the plan at the end, not before, with no renewal reminder', async () => {
    const { who, record } = await paying('Cancel School', 'Professional');
    clock.set('2026-11-10T08:00:00Z');
    const cancelled = await schedule(who, { kind: 'cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(SubscriptionResponseSchema.parse(cancelled.json()).data).toMatchObject({
      status: 'active',
      packageName: 'Professional',
      scheduledChange: { kind: 'cancel', plan: null, at: '2026-12-01T08:00:00.000Z' },
    });

    // Undone: the period runs out as before.
    const undone = await undo(who);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(SubscriptionResponseSchema.parse(undone.json()).data.scheduledChange).toBeNull();
    expect((await undo(who)).json()).toMatchObject({ code: 'no_scheduled_change' });

    expect((await schedule(who, { kind: 'cancel' })).statusCode).toBe(200);
    const ctx = paymentsContext(t.app);
    // Within the reminder's week: a school that cancelled is not asked to renew.
    clock.set('2026-11-27T08:00:00Z');
    const early = await runBillingClock(ctx, clock.now());
    expect(early.reminded).not.toContain(record.id);
    expect(early.lapsed).not.toContain(record.id);
    expect((await subscription(who)).packageName).toBe('Professional');

    clock.set('2026-12-01T08:00:01Z');
    expect((await runBillingClock(ctx, clock.now())).lapsed).toContain(record.id);
    expect(await subscription(who)).toMatchObject({
      status: 'inactive',
      packageName: 'Free',
      scheduledChange: null,
    });
    expect((await auditOf(t.app, record.id)).map((e) => e.action)).toEqual([
      'payment.requested',
      'payment.activated',
      'payment.change_scheduled',
      'payment.change_undone',
      'payment.change_scheduled',
      'payment.lapsed',
    ]);
    // Too late to undo once the period is over.
    expect((await undo(who)).statusCode).toBe(409);
  });

  it('needs a paid period in force, and is the organization’s own Administrators’ (or the Super Administrator’s)', async () => {
    clock.set('2026-11-01T08:00:00Z');
    const free = await school('Free School');
    const res = await schedule(free, { kind: 'cancel' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'no_paid_period' });

    const { who } = await paying('Guarded School', 'Basic');
    const teacher = bearer(await tokenFor(t.app, await makeUser(t.app, 'Teacher', who.organizationId)));
    const other = await school('Other School');
    const url = `/api/subscriptions/organization/${who.organizationId}/scheduled-change`;
    const asTeacher = await t.app.inject({
      method: 'POST',
      url,
      headers: teacher,
      payload: { kind: 'cancel' },
    });
    expect(asTeacher.statusCode).toBe(403);
    const asOther = await t.app.inject({
      method: 'POST',
      url,
      headers: other.headers,
      payload: { kind: 'cancel' },
    });
    expect(asOther.statusCode).toBe(404);
    expect((await subscription(who)).scheduledChange).toBeNull();
    const bySuper = await t.app.inject({
      method: 'POST',
      url,
      headers: superAdmin,
      payload: { kind: 'cancel' },
    });
    expect(bySuper.statusCode).toBe(200);
  });
});

describe('downgrade at the end of the paid period', () => {
  it('is scheduled, undone and scheduled again; at the end the clock issues the smaller plan’s invoice', async () => {
    const { who, record } = await paying('Downgrade School', 'Professional');
    clock.set('2026-11-12T08:00:00Z');
    const bigger = await schedule(who, { kind: 'downgrade', plan: 'Enterprise', period: 'month' });
    expect(bigger.statusCode).toBe(409);
    expect(bigger.json()).toMatchObject({ code: 'downgrade_not_smaller' });

    const scheduled = await schedule(who, { kind: 'downgrade', plan: 'Basic', period: 'month' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(SubscriptionResponseSchema.parse(scheduled.json()).data.scheduledChange).toEqual({
      kind: 'downgrade',
      plan: 'Basic',
      period: 'month',
      currency: 'USD',
      at: '2026-12-01T08:00:00.000Z',
    });
    expect((await undo(who)).statusCode).toBe(200);
    expect((await subscription(who)).scheduledChange).toBeNull();
    expect((await schedule(who, { kind: 'downgrade', plan: 'Basic', period: 'month' })).statusCode).toBe(200);

    const ctx = paymentsContext(t.app);
    clock.set('2026-11-30T08:00:00Z');
    await runBillingClock(ctx, clock.now());
    expect(await subscription(who)).toMatchObject({ packageName: 'Professional', pendingRequest: null });

    clock.set('2026-12-01T08:00:00Z');
    expect((await runBillingClock(ctx, clock.now())).lapsed).toContain(record.id);
    const after = await subscription(who);
    expect(after).toMatchObject({
      packageName: 'Free',
      scheduledChange: null,
      pendingRequest: {
        planName: 'Basic',
        amountMinor: 3000,
        creditMinor: 0,
        taxMinor: 210,
        method: 'invoice',
      },
    });
    const downgrade = await recordRow(t.app, after.pendingRequest!.id);
    expect(downgrade!.createdBy).toBeNull();
    expect(downgrade!.invoiceFileKey).not.toBeNull();
    // Paid, Basic is in force.
    await activate(after.pendingRequest!.id);
    expect((await subscription(who)).packageName).toBe('Basic');
  });
});

describe('a receipt arrives', () => {
  it('tells the Super Administrators in the app, and the list marks the record as waiting for a check', async () => {
    clock.set('2026-11-01T08:00:00Z');
    const who = await school('Receipt School');
    const payment = await request(who, 'Basic');
    const upload = multipartFile('file', 'receipt.pdf', 'application/pdf', PDF_BYTES);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/receipt`,
      headers: { ...who.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain();
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: superAdmin });
    const notices = NotificationListResponseSchema.parse(list.json()).items.filter(
      (n) => n.kind === 'receipt_uploaded',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      params: { invoiceNumber: payment.invoiceNumber, planName: 'Basic', organizationName: 'Receipt School' },
      link: '/account/payments/payment_history',
    });
    // The Administrator who uploaded it is not told of their own receipt in the bell.
    const own = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: who.headers });
    expect(
      NotificationListResponseSchema.parse(own.json()).items.filter((n) => n.kind === 'receipt_uploaded'),
    ).toHaveLength(0);
    const row = PaymentRecordResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/payments/${payment.id}`, headers: superAdmin })).json(),
    ).data;
    expect(row).toMatchObject({ status: 'pending', hasReceipt: true });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentRecordResponseSchema, PLANS, SubscriptionResponseSchema } from '@vbuilder/shared';
import { paymentRecords } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { recordPlan } from '../plans/plans.service.ts';
import { auditOf, movableClock } from './test-helpers.ts';

/**
 * A plan put in force without an invoice (the demo seed, the admin CLI's `set-plan`) is an active
 * record like any other: activating a request for another plan supersedes it, so an organization
 * never has two active records.
 */
// The demo seed stamps its record with the real time, so the test's clock starts there too.
const clock = movableClock(new Date().toISOString());
let t: TestApp;
let superAdmin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  superAdmin = bearer(await tokenFor(t.app, await makeUser(t.app, 'Super Administrator', null)));
});
afterAll(() => t.close());

const activeRecords = (organizationId: string) =>
  t.app.db
    .select()
    .from(paymentRecords)
    .where(and(eq(paymentRecords.organizationId, organizationId), eq(paymentRecords.status, 'active')));

async function requestAndActivate(
  organizationId: string,
  headers: Record<string, string>,
  plan: 'Basic' | 'Professional' | 'Enterprise',
) {
  const requested = await t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers,
    payload: { plan, period: 'month', organizationId },
  });
  expect(requested.statusCode, requested.body).toBe(201);
  const pending = PaymentRecordResponseSchema.parse(requested.json()).data;
  // Pending: the old record is still the one in force.
  expect(await activeRecords(organizationId)).toHaveLength(1);
  const activated = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${pending.id}/activate`,
    headers: superAdmin,
  });
  expect(activated.statusCode, activated.body).toBe(200);
  return pending;
}

async function subscriptionOf(organizationId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/subscriptions/organization/${organizationId}`,
    headers: superAdmin,
  });
  return SubscriptionResponseSchema.parse(res.json()).data;
}

describe('activating another plan over a record without an invoice', () => {
  it('supersedes the demo seed’s Enterprise record when the Administrator’s Professional request is activated', async () => {
    const seed = await seedDemo(t.app.db, `supersede-${Date.now()}.test`);
    const [seeded] = await activeRecords(seed.organizationId);
    expect(seeded).toMatchObject({ invoiceNumber: null, status: 'active' });
    const admin = bearer(await tokenFor(t.app, await makeUser(t.app, 'Administrator', seed.organizationId)));

    clock.advanceDays(1);
    const upgrade = await requestAndActivate(seed.organizationId, admin, 'Professional');

    const active = await activeRecords(seed.organizationId);
    expect(active.map((r) => r.id)).toEqual([upgrade.id]);
    const [old] = await t.app.db.select().from(paymentRecords).where(eq(paymentRecords.id, seeded!.id));
    expect(old!.status).toBe('inactive');
    expect((await auditOf(t.app, seeded!.id)).map((e) => e.action)).toEqual(['payment.superseded']);
    expect(await subscriptionOf(seed.organizationId)).toMatchObject({
      status: 'active',
      packageName: 'Professional',
    });
    // Hashing the demo's five random passwords is slow on a busy machine.
  }, 120_000);

  it('supersedes a set-plan record when the Super Administrator activates a request for another plan', async () => {
    const org = await makeOrganization(t.app, 'Set Plan School');
    await recordPlan(t.app.db, org.id, PLANS.Basic, { now: clock.now() });
    await makeUser(t.app, 'Administrator', org.id);

    clock.advanceDays(1);
    const upgrade = await requestAndActivate(org.id, superAdmin, 'Enterprise');
    expect((await activeRecords(org.id)).map((r) => r.id)).toEqual([upgrade.id]);

    // set-plan again over the paid record: the paid one is superseded in turn.
    clock.advanceDays(1);
    await recordPlan(t.app.db, org.id, PLANS.Professional, { now: clock.now() });
    const active = await activeRecords(org.id);
    expect(active).toHaveLength(1);
    expect(active[0]!.id).not.toBe(upgrade.id);
    expect(await subscriptionOf(org.id)).toMatchObject({ status: 'active', packageName: 'Professional' });
  });

  it('keeps the activated plan in force when set-plan ran while its request was pending', async () => {
    const org = await makeOrganization(t.app, 'Interleaved School');
    await makeUser(t.app, 'Administrator', org.id);
    clock.advanceDays(1);
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: superAdmin,
      payload: { plan: 'Enterprise', period: 'month', organizationId: org.id },
    });
    const pending = PaymentRecordResponseSchema.parse(requested.json()).data;
    // The operator puts the school on Basic (set-plan) while the Enterprise invoice is still open.
    clock.advanceDays(1);
    const setPlan = await recordPlan(t.app.db, org.id, PLANS.Basic, { now: clock.now() });
    clock.advanceDays(1);
    await t.app.inject({ method: 'POST', url: `/api/payments/${pending.id}/activate`, headers: superAdmin });

    expect((await activeRecords(org.id)).map((r) => r.id)).toEqual([pending.id]);
    const [old] = await t.app.db.select().from(paymentRecords).where(eq(paymentRecords.id, setPlan.id));
    expect(old!.status).toBe('inactive');
    // The record activated last is the one in force, though the set-plan record was made after it.
    expect(await subscriptionOf(org.id)).toMatchObject({ status: 'active', packageName: 'Enterprise' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssessmentUsageSchema, SubscriptionResponseSchema } from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { paymentsContext, runBillingClock } from './payments.service.ts';
import { auditOf, movableClock, recordRow } from './test-helpers.ts';

/**
 * The billing clock, driven by an injected time, with mail delivered to a real SMTP peer:
 * activation, the reminder 7 days before the end (once), the lapse to Free with the allowance
 * changing at once.
 */
const clock = movableClock('2026-06-01T08:00:00Z');
let t: TestApp;
let peer: SmtpPeer;

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await buildTestApp({ SMTP_URL: peer.url, MAIL_FROM: 'vbuilder <billing@vbuilder.test>' }, { clock });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const delivered = async (to: string, subject: RegExp) => {
  await t.app.jobs.drain(); // the invoice mail's job, then the mails' delivery

  return peer.received.filter((r) => r.to.includes(to) && subject.test(r.mail.subject ?? ''));
};

describe('billing clock', () => {
  it('activation, the reminder 7 days before (once), the lapse to Free with the allowance at once', async () => {
    const org = (await makeOrganization(t.app, 'Clockwork College')).id;
    const adminUser = await makeUser(t.app, 'Administrator', org);
    const admin = bearer(await tokenFor(t.app, adminUser));
    const superUser = await makeUser(t.app, 'Super Administrator', null);
    const superAdmin = bearer(await tokenFor(t.app, superUser));
    const usage = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/assessments/usage', headers: admin });
      return AssessmentUsageSchema.parse(res.json());
    };
    const subscription = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/subscriptions/organization/${org}`,
        headers: admin,
      });
      return SubscriptionResponseSchema.parse(res.json()).data;
    };
    const ctx = paymentsContext(t.app);

    await t.app.inject({
      method: 'PUT',
      url: '/api/plans/Professional/prices',
      headers: superAdmin,
      payload: { prices: [{ period: 'month', amountMinor: 4900, currency: 'USD' }] },
    });
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: admin,
      payload: { plan: 'Professional', period: 'month' },
    });
    expect(requested.statusCode).toBe(201);
    const id = requested.json().data.id as string;
    expect(await delivered(adminUser.email, /^Invoice VB-2026-\d{6}/)).toHaveLength(1);
    expect((await usage()).plan.name).toBe('Free');

    clock.set('2026-06-02T08:00:00Z');
    const activated = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${id}/activate`,
      headers: superAdmin,
    });
    expect(activated.json().data.endsAt).toBe('2026-07-02T08:00:00.000Z');
    expect(await delivered(adminUser.email, /package is active/)).toHaveLength(1);
    expect(await usage()).toMatchObject({
      plan: { name: 'Professional', monthlyAssessments: 500 },
      status: 'active',
    });

    // Eight days before the end: nothing yet.
    clock.set('2026-06-24T08:00:00Z');
    expect(await runBillingClock(ctx, clock.now())).toEqual({ reminded: [], lapsed: [] });

    // Within seven days: the reminder, once.
    clock.set('2026-06-25T09:00:00Z');
    expect(await runBillingClock(ctx, clock.now())).toEqual({ reminded: [id], lapsed: [] });
    expect(await runBillingClock(ctx, clock.now())).toEqual({ reminded: [], lapsed: [] });
    const reminders = await delivered(adminUser.email, /package ends on/);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.mail.text).toContain('/account/subscription');
    expect((await recordRow(t.app, id))!.reminderSentAt).toEqual(new Date('2026-06-25T09:00:00Z'));
    expect((await usage()).plan.name).toBe('Professional');

    // The end passes: Free at once, even before the clock runs ...
    clock.set('2026-07-02T08:00:01Z');
    expect(await usage()).toMatchObject({ plan: { name: 'Free', monthlyAssessments: 5 }, status: 'free' });
    expect(await subscription()).toMatchObject({
      status: 'inactive',
      packageName: 'Free',
      renewalDate: null,
    });

    // ... and the clock records the lapse, audits it and tells the Administrator.
    expect(await runBillingClock(ctx, clock.now())).toEqual({ reminded: [], lapsed: [id] });
    expect(await runBillingClock(ctx, clock.now())).toEqual({ reminded: [], lapsed: [] });
    expect((await recordRow(t.app, id))!.status).toBe('inactive');
    expect((await auditOf(t.app, id)).map((e) => e.action)).toEqual([
      'payment.requested',
      'payment.activated',
      'payment.reminded',
      'payment.lapsed',
    ]);
    expect(await delivered(adminUser.email, /package has ended/)).toHaveLength(1);
    expect(await usage()).toMatchObject({ plan: { name: 'Free' }, remaining: 5, status: 'free' });
  });
});

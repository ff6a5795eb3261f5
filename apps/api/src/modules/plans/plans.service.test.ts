import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization } from '../../test/sign-in.ts';
import { insertPaymentRecord } from './plans.repository.ts';
import { currentPlan, recordPlan } from './plans.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);

describe('currentPlan', () => {
  it('is Free without any payment record', async () => {
    const org = await makeOrganization(t.app);
    expect(await currentPlan(t.app.db, org.id)).toEqual({ plan: PLANS.Free, status: 'free' });
  });

  it("is the newest effective record's plan when that record is active", async () => {
    const org = await makeOrganization(t.app);
    await recordPlan(t.app.db, org.id, PLANS.Professional, { now: at('2026-01-01T00:00:00Z') });
    expect(await currentPlan(t.app.db, org.id)).toEqual({ plan: PLANS.Professional, status: 'active' });
  });

  it('a newer pending or closed request does not displace what was paid for', async () => {
    const org = await makeOrganization(t.app);
    await recordPlan(t.app.db, org.id, PLANS.Enterprise, { now: at('2026-01-01T00:00:00Z') });
    for (const status of ['pending', 'closed']) {
      await insertPaymentRecord(t.app.db, {
        organizationId: org.id,
        planName: 'Basic',
        status,
        createdAt: at('2026-02-01T00:00:00Z'),
      });
    }
    expect((await currentPlan(t.app.db, org.id)).plan.name).toBe('Enterprise');
  });

  it('is Free when the newest effective record is not active, even if an older one is', async () => {
    const org = await makeOrganization(t.app);
    await insertPaymentRecord(t.app.db, {
      organizationId: org.id,
      planName: 'Enterprise',
      status: 'active',
      createdAt: at('2026-01-01T00:00:00Z'),
      activatedAt: at('2026-01-01T00:00:00Z'),
    });
    await insertPaymentRecord(t.app.db, {
      organizationId: org.id,
      planName: 'Basic',
      status: 'inactive',
      createdAt: at('2026-02-01T00:00:00Z'),
      activatedAt: at('2026-02-01T00:00:00Z'),
    });
    expect(await currentPlan(t.app.db, org.id)).toEqual({ plan: PLANS.Free, status: 'free' });
  });

  it('a passed ends_at counts as lapsed at once, before the billing clock marks it', async () => {
    const org = await makeOrganization(t.app);
    await recordPlan(t.app.db, org.id, PLANS.Professional, {
      now: at('2026-01-01T00:00:00Z'),
      endsAt: at('2026-02-01T00:00:00Z'),
    });
    expect((await currentPlan(t.app.db, org.id, at('2026-01-31T23:59:59Z'))).plan.name).toBe('Professional');
    expect(await currentPlan(t.app.db, org.id, at('2026-02-01T00:00:00Z'))).toEqual({
      plan: PLANS.Free,
      status: 'free',
    });
  });

  it('a Custom record grants its negotiated allowance', async () => {
    const org = await makeOrganization(t.app);
    await insertPaymentRecord(t.app.db, {
      organizationId: org.id,
      planName: 'Custom',
      status: 'active',
      activatedAt: at('2026-01-01T00:00:00Z'),
      customMonthlyAssessments: 120,
    });
    const { plan } = await currentPlan(t.app.db, org.id);
    expect(plan.name).toBe('Custom');
    expect(plan.monthlyAssessments).toBe(120);
  });

  it('set-plan supersedes the active record; Free puts the organization on Free', async () => {
    const org = await makeOrganization(t.app);
    await recordPlan(t.app.db, org.id, PLANS.Enterprise, { now: at('2026-01-01T00:00:00Z') });
    await recordPlan(t.app.db, org.id, PLANS.Free, { now: at('2026-01-02T00:00:00Z') });
    expect((await currentPlan(t.app.db, org.id)).plan.name).toBe('Free');
  });

  it('is Free when the active record names no known plan', async () => {
    const org = await makeOrganization(t.app);
    await insertPaymentRecord(t.app.db, {
      organizationId: org.id,
      planName: 'Gold',
      status: 'active',
      activatedAt: new Date(),
    });
    expect((await currentPlan(t.app.db, org.id)).plan.name).toBe('Free');
  });
});

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

describe('currentPlan', () => {
  it('is Free without any payment record', async () => {
    const org = await makeOrganization(t.app);
    expect(await currentPlan(t.app.db, org.id)).toEqual({ plan: PLANS.Free, status: 'free' });
  });

  it("is the newest record's plan when that record is active", async () => {
    const org = await makeOrganization(t.app);
    await recordPlan(t.app.db, org.id, PLANS.Professional, { now: new Date('2026-01-01T00:00:00Z') });
    expect(await currentPlan(t.app.db, org.id)).toEqual({ plan: PLANS.Professional, status: 'active' });
  });

  it('is Free when the newest record is not active, even if an older one is', async () => {
    const org = await makeOrganization(t.app);
    await recordPlan(t.app.db, org.id, PLANS.Enterprise, { now: new Date('2026-01-01T00:00:00Z') });
    await insertPaymentRecord(t.app.db, {
      organizationId: org.id,
      planName: 'Vbuilder Basic',
      status: 'pending',
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    expect(await currentPlan(t.app.db, org.id)).toEqual({ plan: PLANS.Free, status: 'free' });
  });

  it('is Free when the active record names no known plan', async () => {
    const org = await makeOrganization(t.app);
    await insertPaymentRecord(t.app.db, { organizationId: org.id, planName: 'Gold', status: 'active' });
    expect((await currentPlan(t.app.db, org.id)).plan.name).toBe('Free');
  });
});

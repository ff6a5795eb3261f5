import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlansResponseSchema } from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signInAs } from '../../test/sign-in.ts';
import { DEFAULT_PLAN_PRICES, seedDefaultPrices } from './default-prices.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function catalog(headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/plans', headers });
  const prices = Object.fromEntries(
    PlansResponseSchema.parse(res.json()).data.map((plan) => [plan.name, plan.prices]),
  );
  return prices;
}

describe('the default catalog of a new installation', () => {
  it('prices Basic, Professional and Enterprise in USD by month and by year (ten months) when no plan has a price', async () => {
    const admin = await signInAs(t.app, 'Administrator', null);
    expect(await catalog(admin.headers)).toMatchObject({ Basic: [], Professional: [], Enterprise: [] });

    expect(await seedDefaultPrices(t.app.db, new Date())).toBe(true);
    expect(await catalog(admin.headers)).toEqual({
      Free: [],
      Basic: [
        { period: 'month', currency: 'USD', amountMinor: 1900 },
        { period: 'year', currency: 'USD', amountMinor: 19000 },
      ],
      Professional: [
        { period: 'month', currency: 'USD', amountMinor: 4900 },
        { period: 'year', currency: 'USD', amountMinor: 49000 },
      ],
      Enterprise: [
        { period: 'month', currency: 'USD', amountMinor: 12900 },
        { period: 'year', currency: 'USD', amountMinor: 129000 },
      ],
      Custom: [],
    });
    expect(DEFAULT_PLAN_PRICES.Enterprise).toHaveLength(2);
  });

  it('never touches a catalog the Super Administrator has set (a second seed, another demo organization)', async () => {
    const superAdmin = await signInAs(t.app, 'Super Administrator', null);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/plans/Basic/prices',
      headers: superAdmin.headers,
      payload: { prices: [{ period: 'month', currency: 'EUR', amountMinor: 1500 }] },
    });
    expect(put.statusCode).toBe(200);
    expect(await seedDefaultPrices(t.app.db, new Date())).toBe(false);
    const prices = await catalog(superAdmin.headers);
    expect(prices.Basic).toEqual([{ period: 'month', currency: 'EUR', amountMinor: 1500 }]);
    expect(prices.Professional).toHaveLength(2);
  });
});

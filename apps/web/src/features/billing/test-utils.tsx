import type { ReactNode } from 'react';
import {
  PLANS,
  typesOfPlan,
  type PaymentRecord,
  type PlanCatalogEntry,
  type PlansResponse,
  type Subscription,
  type UserProfile,
} from '@vbuilder/shared';
import { makeProfile } from '../../test/profile.ts';
import { answer, server } from '../../test/msw-server.ts';
import { renderWithRouter } from '../../test/providers.tsx';

/**
 * The billing screens' test kit: fixtures typed by the shared contract (a fixture that no longer
 * fits fails to compile), and a render inside the app's providers with a router and the modals
 * manager (the confirmations are Mantine confirm modals).
 */

export const ORG_ID = '5f0c1c2a-8f7e-4d3b-a1a2-9c8b7d6e5f40';
export const OTHER_ORG_ID = '5f0c1c2a-8f7e-4d3b-a1a2-9c8b7d6e5f41';

export const administrator = (): UserProfile =>
  makeProfile({ role: 'Administrator', organizationId: ORG_ID, email: 'ada@hill.test' });
export const superAdministrator = (): UserProfile =>
  makeProfile({ id: 'sa-1', role: 'Super Administrator', organizationId: null, email: 'root@vbuilder.test' });

const entry = (name: keyof typeof PLANS, prices: PlanCatalogEntry['prices']): PlanCatalogEntry => ({
  name,
  productName: PLANS[name].productName,
  packageId: `vbuilder-${name.toLowerCase()}`,
  monthlyAssessments: PLANS[name].monthlyAssessments,
  questionTypes: typesOfPlan(PLANS[name]),
  prices,
});

/** GET /plans: the five packages, Basic to Enterprise priced in USD per month and year. */
export function makePlans(overrides: Partial<PlansResponse> = {}): PlansResponse {
  return {
    data: [
      entry('Free', []),
      entry('Basic', [
        { period: 'month', amountMinor: 1900, currency: 'USD' },
        { period: 'year', amountMinor: 19000, currency: 'USD' },
      ]),
      entry('Professional', [
        { period: 'month', amountMinor: 4900, currency: 'USD' },
        { period: 'year', amountMinor: 49000, currency: 'USD' },
      ]),
      entry('Enterprise', [{ period: 'month', amountMinor: 12900, currency: 'USD' }]),
      entry('Custom', []),
    ],
    cardPayments: false,
    ...overrides,
  };
}

export function makePayment(overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id: '0b7c1d2e-0000-4000-8000-000000000001',
    organizationId: ORG_ID,
    organisation: 'Hill School',
    planName: 'Professional',
    packageId: 'vbuilder-professional',
    paymentId: null,
    productLine: 'vbuilder',
    status: 'pending',
    invoiceNumber: 'VB-2026-000123',
    invoiceStatus: 'open',
    amountMinor: 4900,
    creditMinor: 0,
    credit: null,
    taxMinor: 0,
    totalMinor: 4900,
    currency: 'USD',
    billingPeriod: 'month',
    monthlyAssessments: 500,
    periodStart: null,
    createdAt: '2026-11-02T09:00:00.000Z',
    endsAt: null,
    dueAt: '2026-11-16T09:00:00.000Z',
    activatedAt: null,
    method: 'invoice',
    hasInvoice: true,
    hasReceipt: false,
    ...overrides,
  };
}

/** An active (paid) record. */
export const activePayment = (overrides: Partial<PaymentRecord> = {}) =>
  makePayment({
    id: '0b7c1d2e-0000-4000-8000-000000000002',
    invoiceNumber: 'VB-2026-000100',
    status: 'active',
    invoiceStatus: 'paid',
    periodStart: '2026-10-01T00:00:00.000Z',
    endsAt: '2026-12-01T00:00:00.000Z',
    activatedAt: '2026-10-01T00:00:00.000Z',
    hasReceipt: true,
    ...overrides,
  });

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  const plan = PLANS[overrides.packageName ?? 'Free'];
  return {
    organizationId: ORG_ID,
    productLine: 'vbuilder',
    packageName: plan.name,
    packageId: plan.name === 'Free' ? null : `vbuilder-${plan.name.toLowerCase()}`,
    status: 'free',
    productDetails: {
      planName: plan.name,
      productName: plan.productName,
      monthlyAssessments: plan.monthlyAssessments,
      questionTypes: typesOfPlan(plan),
    },
    periodStart: null,
    renewalDate: null,
    pendingRequest: null,
    paidPeriod: null,
    scheduledChange: null,
    ...overrides,
  };
}

/**
 * Renders `ui` at `route` with the app's providers, a router (other paths show where a link led) and
 * modals. The support links ask GET /auth/config: a server without support addresses answers it,
 * unless the test answers it itself.
 */
export function renderBilling(ui: ReactNode, route = '/account/subscription') {
  const answered = server
    .listHandlers()
    .some((handler) => 'info' in handler && String(handler.info.header).endsWith('/auth/config'));
  if (!answered) {
    server.use(
      answer('get', '/auth/config', {
        issuer: 'http://localhost/oidc',
        clientId: 'vbuilder-web',
        scopes: 'openid',
      }),
    );
  }
  return renderWithRouter(ui, route);
}

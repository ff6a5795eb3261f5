import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.ts';
import {
  allowedPaymentActions,
  CreatePaymentBodySchema,
  PAYMENT_ACTIONS,
  type PaymentAction,
  type PaymentActionSubject,
  roleMayTakePaymentAction,
  UpdatePlanPricesBodySchema,
} from './billing.ts';

/** Every state a record can be in: status, invoice status, whether it was ever activated. */
const STATES: Record<string, PaymentActionSubject> = {
  pending: { status: 'pending', invoiceStatus: 'open', activatedAt: null, hasInvoice: true },
  'pending without invoice': {
    status: 'pending',
    invoiceStatus: 'open',
    activatedAt: null,
    hasInvoice: false,
  },
  active: { status: 'active', invoiceStatus: 'paid', activatedAt: '2026-01-01T00:00:00Z', hasInvoice: true },
  'inactive (lapsed)': {
    status: 'inactive',
    invoiceStatus: 'paid',
    activatedAt: '2026-01-01T00:00:00Z',
    hasInvoice: true,
  },
  closed: { status: 'closed', invoiceStatus: 'closed', activatedAt: null, hasInvoice: true },
  'pending card checkout': {
    status: 'pending',
    invoiceStatus: 'open',
    activatedAt: null,
    hasInvoice: true,
    method: 'card',
  },
};

type Expect = Record<string, PaymentAction[]>;
const SUPER: Expect = {
  pending: ['activate', 'close', 'receipt', 'delete', 'view-payment', 'view-invoice'],
  'pending without invoice': ['activate', 'close', 'receipt', 'delete', 'view-payment'],
  active: ['send-receipt', 'view-payment', 'view-invoice'],
  'inactive (lapsed)': ['send-receipt', 'view-payment', 'view-invoice'],
  closed: ['delete', 'view-payment', 'view-invoice'],
  // Paid by card: no receipt upload, which would invite a bank transfer on top.
  'pending card checkout': ['activate', 'close', 'delete', 'view-payment', 'view-invoice'],
};
const ADMIN: Expect = {
  pending: ['close', 'receipt', 'delete', 'view-payment', 'view-invoice'],
  'pending without invoice': ['close', 'receipt', 'delete', 'view-payment'],
  active: ['view-payment', 'view-invoice'],
  'inactive (lapsed)': ['view-payment', 'view-invoice'],
  closed: ['view-payment', 'view-invoice'],
  'pending card checkout': ['close', 'delete', 'view-payment', 'view-invoice'],
};
const NONE: Expect = Object.fromEntries(Object.keys(STATES).map((s) => [s, []]));
const BY_ROLE: Record<string, Expect> = {
  'Super Administrator': SUPER,
  Administrator: ADMIN,
  user: ADMIN,
  Teacher: NONE,
  Student: NONE,
  '': NONE,
};

const table = [...ROLES, ''].flatMap((role) =>
  Object.keys(STATES).flatMap((state) =>
    PAYMENT_ACTIONS.map((action) => ({
      role,
      state,
      action,
      allowed: BY_ROLE[role]![state]!.includes(action),
    })),
  ),
);

describe('allowedPaymentActions: every role × state × action', () => {
  it.each(table)('$role, $state, $action → $allowed', ({ role, state, action, allowed }) => {
    expect(allowedPaymentActions(STATES[state]!, role).includes(action)).toBe(allowed);
  });

  it('lists actions in one order, with no repeats', () => {
    const actions = allowedPaymentActions(STATES.pending!, 'Super Administrator');
    expect(actions).toEqual(PAYMENT_ACTIONS.filter((a) => actions.includes(a)));
  });

  it('a role that may never take an action is told apart from a state that forbids it', () => {
    for (const role of [...ROLES, '']) {
      for (const action of PAYMENT_ACTIONS) {
        const everAllowed = Object.values(STATES).some((s) =>
          allowedPaymentActions(s, role).includes(action),
        );
        expect(roleMayTakePaymentAction(action, role), `${role} ${action}`).toBe(everAllowed);
      }
    }
  });
});

describe('billing request bodies', () => {
  const org = '3f2b8c4e-5d6a-4b7c-8d9e-0f1a2b3c4d5e';
  it('a catalog plan or a Custom plan', () => {
    expect(CreatePaymentBodySchema.parse({ plan: 'Professional', period: 'month' })).toEqual({
      plan: 'Professional',
      period: 'month',
    });
    expect(
      CreatePaymentBodySchema.parse({
        plan: 'Custom',
        organizationId: org,
        amountMinor: 150000,
        currency: 'thb',
        period: 'year',
        monthlyAssessments: null,
      }),
    ).toMatchObject({ currency: 'THB', monthlyAssessments: null });
    expect(CreatePaymentBodySchema.safeParse({ plan: 'Free', period: 'month' }).success).toBe(false);
    expect(CreatePaymentBodySchema.safeParse({ plan: 'Custom', period: 'month' }).success).toBe(false);
    expect(
      CreatePaymentBodySchema.safeParse({
        plan: 'Custom',
        organizationId: org,
        amountMinor: 10.5,
        currency: 'USD',
        period: 'month',
        monthlyAssessments: 10,
      }).success,
    ).toBe(false);
  });
  it('one price per period and currency', () => {
    const price = { period: 'month', amountMinor: 1000, currency: 'USD' };
    expect(
      UpdatePlanPricesBodySchema.safeParse({ prices: [price, { ...price, period: 'year' }] }).success,
    ).toBe(true);
    expect(UpdatePlanPricesBodySchema.safeParse({ prices: [price, price] }).success).toBe(false);
    expect(UpdatePlanPricesBodySchema.safeParse({ prices: [{ ...price, currency: 'US' }] }).success).toBe(
      false,
    );
  });
});

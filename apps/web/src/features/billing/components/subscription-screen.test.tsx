import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganizationDetail, PlansResponse, Subscription } from '@vbuilder/shared';
import {
  answer,
  answerError,
  apiUrl,
  http,
  HttpResponse,
  receivedBody,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import {
  administrator,
  makePayment,
  makePlans,
  makeSubscription,
  ORG_ID,
  OTHER_ORG_ID,
  renderBilling,
  superAdministrator,
} from '../test-utils.tsx';
import { SubscriptionScreen } from './subscription-screen.tsx';
import { toastTexts } from '../../../test/toasts.ts';

vi.setConfig({ testTimeout: 20_000 });

const usd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(amount);
const dateOf = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso));

const statusCard = () => screen.getByRole('region', { name: 'Subscription status' });
const planCard = (name: string) => screen.getByRole('article', { name });

function serve(subscription: Subscription, plans: PlansResponse = makePlans(), orgId = ORG_ID) {
  server.use(
    answer('get', `/subscriptions/organization/${orgId}`, { data: subscription }),
    answer('get', '/plans', plans),
  );
}

describe('SubscriptionScreen (Administrator)', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [makeSubscription({ status: 'free' }), 'Free package', 'Free', 'has not bought a plan'],
    [
      makeSubscription({
        status: 'active',
        packageName: 'Professional',
        renewalDate: '2026-12-01T00:00:00.000Z',
        periodStart: '2026-11-01T00:00:00.000Z',
      }),
      'Active',
      'Professional',
      `Professional is active until ${dateOf('2026-12-01T00:00:00.000Z')}.`,
    ],
    [
      makeSubscription({ status: 'pending', pendingRequest: makePayment() }),
      'Pending activation',
      'Free',
      'waits for payment and activation',
    ],
    [makeSubscription({ status: 'inactive' }), 'Inactive', 'Free', 'The paid period has ended.'],
  ])('shows the status card: %#', async (subscription, badge, packageName, explanation) => {
    serve(subscription);
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    const card = await screen.findByRole('region', { name: 'Subscription status' });
    await within(card).findByText(badge);
    expect(within(card).getByText(packageName, { selector: 'p' })).toBeInTheDocument();
    expect(within(card).getByText(new RegExp(explanation.replace(/[.()]/g, '\\$&')))).toBeInTheDocument();
    expect(within(card).getByText(subscription.productDetails.productName)).toBeInTheDocument();
    const allowance = subscription.productDetails.monthlyAssessments;
    expect(
      within(card).getByText(
        allowance === null ? 'Unlimited assessments' : `${allowance} assessments a month`,
      ),
    ).toBeInTheDocument();
    if (subscription.renewalDate) {
      expect(within(card).getByText(dateOf(subscription.renewalDate))).toBeInTheDocument();
    } else {
      expect(within(card).getByText('No renewal date')).toBeInTheDocument();
    }
    expect(receivedRequests('GET', `/subscriptions/organization/${ORG_ID}`)).toHaveLength(1);
  });

  it('shows the pending request with its invoice, amount and due date, and links to Payment History', async () => {
    serve(makeSubscription({ status: 'pending', pendingRequest: makePayment() }));
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    const card = await screen.findByRole('region', { name: 'Subscription status' });
    await within(card).findByText('Request waiting for activation');
    expect(
      within(card).getByText(`Professional (Monthly) · ${usd(49)} · invoice VB-2026-000123.`),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(new RegExp(`due by ${dateOf('2026-11-16T09:00:00.000Z')}`)),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open Payment History' })).toHaveAttribute(
      'href',
      '/account/payments/payment_history',
    );
    // While a request waits, no other can be made.
    expect(screen.getByText(/Invoice VB-2026-000123 is waiting for payment/)).toBeInTheDocument();
    expect(within(planCard('Basic')).getByRole('button', { name: 'Request Basic' })).toBeDisabled();
  });

  it("docs/product/states.md: a failed subscription load reads as inactive with 'Failed to load subscription status.'", async () => {
    server.use(
      answerError('get', `/subscriptions/organization/${ORG_ID}`, 500, 'internal_error'),
      answer('get', '/plans', makePlans()),
    );
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    const alert = await screen.findByText('Failed to load subscription status.');
    expect(within(statusCard()).getByText('Inactive')).toBeInTheDocument();
    expect(alert).toBeInTheDocument();
    // The plans can still be requested (nothing is known to be active).
    expect(await screen.findByRole('button', { name: 'Request Professional' })).toBeEnabled();
    // The screen says it itself: no generic toast.
    expect(toastTexts()).toEqual([]);

    server.use(answer('get', `/subscriptions/organization/${ORG_ID}`, { data: makeSubscription() }));
    fireEvent.click(within(statusCard()).getByRole('button', { name: 'Retry' }));
    expect(await within(statusCard()).findByText('Free package')).toBeInTheDocument();
  });

  it('docs/product/states.md: a failed catalog load is an empty catalog with its message', async () => {
    server.use(
      answer('get', `/subscriptions/organization/${ORG_ID}`, { data: makeSubscription() }),
      answerError('get', '/plans', 503, 'internal_error'),
    );
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    expect(
      await screen.findByText('Failed to load the plans. The plan list is empty until it loads.'),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(toastTexts()).toEqual([]);
  });

  it('compares every plan: price per month or year in its currency, allowance, question types', async () => {
    serve(
      makeSubscription({
        status: 'active',
        packageName: 'Professional',
        renewalDate: '2026-12-01T00:00:00.000Z',
      }),
    );
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    await screen.findByRole('article', { name: 'Basic' });
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'))).toEqual([
      'plan-Free',
      'plan-Basic',
      'plan-Professional',
      'plan-Enterprise',
      'plan-Custom',
    ]);
    expect(within(planCard('Basic')).getByText(`${usd(19)} / month`)).toBeInTheDocument();
    expect(within(planCard('Basic')).getByText('50 assessments a month')).toBeInTheDocument();
    expect(within(planCard('Enterprise')).getByText('Unlimited assessments')).toBeInTheDocument();
    expect(within(planCard('Free')).getByText('Free', { selector: 'p' })).toBeInTheDocument();
    expect(within(planCard('Professional')).getByText('Current plan')).toBeInTheDocument();

    // The question types open under their count.
    const toggle = within(planCard('Basic')).getByRole('button', { name: '5 question types in Basic' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(planCard('Basic')).getByText('Multiple Choice')).toBeInTheDocument();

    // Renew the plan in force, upgrade to a larger one, downgrade to a smaller one at the period's end; Free and Custom are not bought here.
    expect(
      within(planCard('Professional')).getByRole('button', { name: 'Renew Professional' }),
    ).toBeEnabled();
    expect(
      within(planCard('Enterprise')).getByRole('button', { name: 'Upgrade to Enterprise' }),
    ).toBeEnabled();
    expect(within(planCard('Basic')).getByRole('button', { name: 'Downgrade to Basic' })).toBeEnabled();
    expect(within(planCard('Free')).queryByRole('button', { name: /Request|Upgrade|Renew/ })).toBeNull();
    expect(within(planCard('Custom')).queryByRole('button', { name: /Request|Upgrade|Renew/ })).toBeNull();

    // Yearly: Enterprise has no yearly price, so it cannot be chosen that way.
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(within(planCard('Basic')).getByText(`${usd(190)} / year`)).toBeInTheDocument();
    expect(within(planCard('Enterprise')).getByText('Not sold for this billing period')).toBeInTheDocument();
    expect(
      within(planCard('Enterprise')).getByRole('button', { name: 'Upgrade to Enterprise' }),
    ).toBeDisabled();
  });

  it("formats prices with Intl in the reader's currency (no minor units for JPY)", async () => {
    const plans = makePlans();
    plans.data[1]!.prices = [{ period: 'month', amountMinor: 2500, currency: 'JPY' }];
    serve(makeSubscription(), plans);
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    await screen.findByRole('article', { name: 'Basic' });
    // Two currencies: the reader picks one; USD first (as the catalog lists it).
    fireEvent.click(screen.getByLabelText('Currency', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'JPY', hidden: true }));
    const yen = new Intl.NumberFormat('en', { style: 'currency', currency: 'JPY' }).format(2500);
    expect(within(planCard('Basic')).getByText(`${yen} / month`)).toBeInTheDocument();
  });

  it('asks before requesting, saying what, when and where the invoice goes; then POST /payments', async () => {
    serve(
      makeSubscription({ status: 'active', packageName: 'Basic', renewalDate: '2026-12-01T00:00:00.000Z' }),
    );
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Professional' }));
    let dialog = screen.getByRole('dialog', { name: 'Upgrade to Professional?' });
    expect(within(dialog).getByText(usd(49))).toBeInTheDocument();
    expect(within(dialog).getByText('Monthly')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The invoice is emailed to you (ada@hill.test) and listed in Payment History.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/starts when the payment is activated/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(receivedRequests('POST', '/payments')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Renew Basic' }));
    dialog = screen.getByRole('dialog', { name: 'Renew Basic?' });
    expect(
      within(dialog).getByText(
        `The new period starts when the current one ends, on ${dateOf('2026-12-01T00:00:00.000Z')}.`,
      ),
    ).toBeInTheDocument();
    server.use(
      answer(
        'post',
        '/payments',
        { data: makePayment({ planName: 'Basic', invoiceNumber: 'VB-2026-000124' }) },
        { status: 201 },
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renew' }));
    await waitFor(() =>
      expect(toastTexts()).toContain('Plan requested | Invoice VB-2026-000124 has been sent.'),
    );
    expect(await receivedBody('POST', '/payments')).toEqual({
      plan: 'Basic',
      period: 'month',
      currency: 'USD',
    });
    // The subscription is fetched again (its pending request).
    await waitFor(() =>
      expect(receivedRequests('GET', `/subscriptions/organization/${ORG_ID}`)).toHaveLength(2),
    );
  });

  it("shows an upgrade's credit for the unused days before payment, and what is left to pay", async () => {
    // Basic at 19.00 for 30 days, on its 15th day: 15 days unused, 9.50 credit (the server's rule).
    const DAY = 86_400_000;
    const today = Math.floor(Date.now() / DAY) * DAY;
    const periodStart = new Date(today - 14 * DAY).toISOString();
    const endsAt = new Date(today + 16 * DAY).toISOString();
    serve(
      makeSubscription({
        status: 'active',
        packageName: 'Basic',
        periodStart,
        renewalDate: endsAt,
        paidPeriod: { amountMinor: 1900, currency: 'USD', periodStart, endsAt },
      }),
    );
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Professional' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Professional?' });
    expect(within(dialog).getByText('Credit for unused Basic (15 of 30 days)')).toBeInTheDocument();
    expect(within(dialog).getByText(`-${usd(9.5)}`)).toBeInTheDocument();
    expect(within(dialog).getByText('To pay before tax')).toBeInTheDocument();
    expect(within(dialog).getByText(usd(39.5))).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A renewal starts at the period's end: no credit.
    fireEvent.click(screen.getByRole('button', { name: 'Renew Basic' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Renew Basic?' })).queryByText(/Credit for unused/),
    ).toBeNull();
  });

  it.each([
    [
      { kind: 'cancel' as const, plan: null, period: null, currency: null, at: '2027-01-31T00:00:00.000Z' },
      `Your subscription ends on ${dateOf('2027-01-31T00:00:00.000Z')}.`,
      'Undo the cancellation',
    ],
    [
      {
        kind: 'downgrade' as const,
        plan: 'Basic' as const,
        period: 'month' as const,
        currency: 'USD',
        at: '2027-01-31T00:00:00.000Z',
      },
      `Your package changes to Basic on ${dateOf('2027-01-31T00:00:00.000Z')}.`,
      'Undo the change to Basic',
    ],
  ])(
    'says what the scheduled change does and when, and undoes it: %#',
    async (scheduledChange, sentence, undo) => {
      serve(
        makeSubscription({
          status: 'active',
          packageName: 'Professional',
          renewalDate: scheduledChange.at,
          scheduledChange,
        }),
      );
      server.use(
        answer('delete', `/subscriptions/organization/${ORG_ID}/scheduled-change`, {
          data: makeSubscription({
            status: 'active',
            packageName: 'Professional',
            renewalDate: scheduledChange.at,
          }),
        }),
      );
      await renderBilling(<SubscriptionScreen viewer={administrator()} />);
      const card = await screen.findByRole('region', { name: 'Subscription status' });
      expect(await within(card).findByText(sentence)).toBeInTheDocument();
      // Nothing to cancel while a change is scheduled: only its undo.
      expect(within(card).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
      fireEvent.click(within(card).getByRole('button', { name: undo }));
      await waitFor(() =>
        expect(
          receivedRequests('DELETE', `/subscriptions/organization/${ORG_ID}/scheduled-change`),
        ).toHaveLength(1),
      );
      await waitFor(() =>
        expect(toastTexts()).toContain('Change undone | Professional continues as before.'),
      );
    },
  );

  it('schedules a cancel and a downgrade for the end of the paid period, each after saying when', async () => {
    const renewalDate = '2026-12-01T00:00:00.000Z';
    const active = makeSubscription({
      status: 'active',
      packageName: 'Professional',
      renewalDate,
      paidPeriod: {
        amountMinor: 4900,
        currency: 'USD',
        periodStart: '2026-11-01T00:00:00.000Z',
        endsAt: renewalDate,
      },
    });
    serve(active);
    server.use(answer('post', `/subscriptions/organization/${ORG_ID}/scheduled-change`, { data: active }));
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(
      within(dialog).getByText(
        `Professional stays in force until ${dateOf(renewalDate)}. Then the subscription ends and your organization is on the Free package. Nothing more is charged.`,
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() =>
      expect(receivedRequests('POST', `/subscriptions/organization/${ORG_ID}/scheduled-change`)).toHaveLength(
        1,
      ),
    );
    expect(await receivedBody('POST', `/subscriptions/organization/${ORG_ID}/scheduled-change`)).toEqual({
      kind: 'cancel',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(planCard('Basic')).getByRole('button', { name: 'Downgrade to Basic' }));
    dialog = screen.getByRole('dialog', { name: 'Change to Basic at the end of your period?' });
    expect(
      within(dialog).getByText(
        `Professional stays in force until ${dateOf(renewalDate)}. On that day the Basic invoice is issued, and Basic starts when it is paid.`,
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: `Change on ${dateOf(renewalDate)}` }));
    await waitFor(() =>
      expect(receivedRequests('POST', `/subscriptions/organization/${ORG_ID}/scheduled-change`)).toHaveLength(
        2,
      ),
    );
    expect(await receivedBody('POST', `/subscriptions/organization/${ORG_ID}/scheduled-change`, 1)).toEqual({
      kind: 'downgrade',
      plan: 'Basic',
      period: 'month',
      currency: 'USD',
    });
  });

  it("says the server's refusal in words", async () => {
    serve(makeSubscription());
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Request Professional' }));
    server.use(answerError('post', '/payments', 409, 'plan_price_missing'));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Request Professional?' })).getByRole('button', {
        name: 'Request',
      }),
    );
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Something went wrong | This plan has no price for the chosen billing period and currency yet. Please contact support.',
      ),
    );
  });
});

const river: OrganizationDetail = {
  id: OTHER_ORG_ID,
  name: 'River University',
  type: 'university',
  email: null,
  phone: null,
  address: null,
  postalCode: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  administrators: [],
  counts: { users: 3, administrators: 1, teachers: 1, students: 1 },
};

describe('SubscriptionScreen (Super Administrator)', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    server.use(
      http.get(apiUrl('/organizations'), () =>
        HttpResponse.json({
          items: [
            {
              id: OTHER_ORG_ID,
              name: 'River University',
              type: 'university',
              email: null,
              phone: null,
              address: null,
              postalCode: null,
              createdAt: '2026-01-01T10:00:00.000Z',
              userCount: 3,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        }),
      ),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('picks an organization first; the catalog shows without buttons meanwhile', async () => {
    server.use(answer('get', '/plans', makePlans()));
    const { router } = await renderBilling(<SubscriptionScreen viewer={superAdministrator()} />);
    await screen.findByRole('article', { name: 'Basic' });
    expect(screen.queryByRole('region', { name: 'Subscription status' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Request|Upgrade|Renew/ })).toBeNull();
    expect(receivedRequests('GET', /^\/subscriptions/)).toEqual([]);

    server.use(
      answer('get', `/subscriptions/organization/${OTHER_ORG_ID}`, {
        data: makeSubscription({ organizationId: OTHER_ORG_ID }),
      }),
      answer('get', `/organizations/${OTHER_ORG_ID}`, river),
    );
    fireEvent.click(screen.getByLabelText('Organization', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'River University', hidden: true }));
    expect(await screen.findByRole('region', { name: 'Subscription status' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?organization=${OTHER_ORG_ID}`);
  });

  it('requests for the chosen organization; the invoice goes to its administrators', async () => {
    server.use(
      answer('get', '/plans', makePlans()),
      answer('get', `/subscriptions/organization/${OTHER_ORG_ID}`, {
        data: makeSubscription({
          organizationId: OTHER_ORG_ID,
          status: 'active',
          packageName: 'Enterprise',
          renewalDate: '2027-01-01T00:00:00.000Z',
        }),
      }),
      answer('get', `/organizations/${OTHER_ORG_ID}`, river),
    );
    await renderBilling(
      <SubscriptionScreen viewer={superAdministrator()} />,
      `/account/subscription?organization=${OTHER_ORG_ID}`,
    );
    expect(await screen.findByRole('link', { name: 'Payment History' })).toHaveAttribute(
      'href',
      `/account/payments/payment_history?organization=${OTHER_ORG_ID}`,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Renew Enterprise' }));
    const dialog = screen.getByRole('dialog', { name: 'Renew Enterprise?' });
    await within(dialog)
      .findByText(
        'The invoice is emailed to the administrators of River University and listed in Payment History.',
      )
      .catch(() => undefined);
    server.use(
      answer('post', '/payments', { data: makePayment({ organizationId: OTHER_ORG_ID }) }, { status: 201 }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(receivedRequests('POST', '/payments')).toHaveLength(1));
    expect(await receivedBody('POST', '/payments')).toEqual({
      plan: 'Enterprise',
      period: 'month',
      currency: 'USD',
      organizationId: OTHER_ORG_ID,
    });
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutResponse, OrganizationDetail, PlansResponse, Subscription } from '@vbuilder/shared';
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
import { browser } from '../lib/navigation.ts';
import {
  administrator,
  makePayment,
  makePlans,
  makeSubscription,
  ORG_ID,
  renderBilling,
  superAdministrator,
} from '../test-utils.tsx';
import { CHECKOUT_POLL } from './checkout-return-notice.tsx';
import { SubscriptionScreen } from './subscription-screen.tsx';
import { toastTexts } from '../../../test/toasts.ts';

vi.setConfig({ testTimeout: 20_000 });

const SUBSCRIPTION = `/subscriptions/organization/${ORG_ID}`;
const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_1';

const usd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(amount);
const planCard = (name: string) => screen.getByRole('article', { name });
const payByCard = (plan: string) => `Pay for ${plan} by card`;

/** The catalog with card payments: Basic by card monthly and yearly, Professional monthly (at its own price), Enterprise not. */
function cardPlans(overrides: Partial<PlansResponse> = {}): PlansResponse {
  const plans = makePlans({ cardPayments: true, ...overrides });
  plans.data[1]!.cardPrices = [
    { period: 'month', amountMinor: 1900, currency: 'USD' },
    { period: 'year', amountMinor: 19000, currency: 'USD' },
  ];
  plans.data[2]!.cardPrices = [{ period: 'month', amountMinor: 4500, currency: 'USD' }];
  plans.data[3]!.cardPrices = [];
  return plans;
}

function serve(subscription: Subscription, plans: PlansResponse) {
  server.use(answer('get', SUBSCRIPTION, { data: subscription }), answer('get', '/plans', plans));
}

const checkoutAnswer = (): CheckoutResponse => ({
  data: { url: CHECKOUT_URL, payment: makePayment({ method: 'card', amountMinor: 4500, totalMinor: 4500 }) },
});

async function confirmCardPayment(plan: string) {
  fireEvent.click(await screen.findByRole('button', { name: payByCard(plan) }));
  const dialog = await screen.findByRole('dialog', { name: `${payByCard(plan)}?` });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
  return dialog;
}

describe('Pay by card (Administrator)', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('is not offered without card payments, even with card prices in the catalog', async () => {
    serve(makeSubscription(), cardPlans({ cardPayments: false }));
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    expect(await screen.findByRole('button', { name: 'Request Basic' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /by card/ })).toBeNull();
  });

  it('is offered beside the request only on plans with a card price for the period', async () => {
    serve(makeSubscription(), cardPlans());
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    const basic = await screen.findByRole('button', { name: payByCard('Basic') });
    expect(basic).toBeEnabled();
    expect(basic).toHaveTextContent('Pay by card');
    expect(within(planCard('Basic')).getByRole('button', { name: 'Request Basic' })).toBeEnabled();
    expect(
      within(planCard('Professional')).getByRole('button', { name: payByCard('Professional') }),
    ).toBeEnabled();
    // Enterprise has no card price; Free and Custom are not bought here.
    for (const plan of ['Enterprise', 'Free', 'Custom']) {
      expect(within(planCard(plan)).queryByRole('button', { name: /by card/ })).toBeNull();
    }

    // Yearly: only Basic is sold by card for a year.
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(within(planCard('Basic')).getByRole('button', { name: payByCard('Basic') })).toBeEnabled();
    expect(within(planCard('Professional')).queryByRole('button', { name: /by card/ })).toBeNull();
  });

  it('is offered only in the chosen currency', async () => {
    const plans = cardPlans();
    plans.data[1]!.prices.push({ period: 'month', amountMinor: 1800, currency: 'EUR' });
    serve(makeSubscription(), plans);
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    expect(await screen.findByRole('button', { name: payByCard('Basic') })).toBeEnabled();
    fireEvent.click(screen.getByLabelText('Currency', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'EUR', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('button', { name: payByCard('Basic') })).toBeNull());
  });

  it('is disabled while a request waits', async () => {
    serve(makeSubscription({ status: 'pending', pendingRequest: makePayment() }), cardPlans());
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    await screen.findByText(/Invoice VB-2026-000123 is waiting for payment/);
    expect(screen.getByRole('button', { name: payByCard('Basic') })).toBeDisabled();
  });

  it("is not offered to the Super Administrator (it is the organization's own payment)", async () => {
    const hill: OrganizationDetail = {
      id: ORG_ID,
      name: 'Hill School',
      type: 'school',
      email: null,
      phone: null,
      address: null,
      postalCode: null,
      createdAt: '2026-01-01T10:00:00.000Z',
      administrators: [],
      counts: { users: 3, administrators: 1, teachers: 1, students: 1 },
    };
    server.use(
      answer('get', SUBSCRIPTION, { data: makeSubscription() }),
      answer('get', '/plans', cardPlans()),
      answer('get', `/organizations/${ORG_ID}`, hill),
      answer('get', '/organizations', { items: [], total: 0, page: 1, pageSize: 20 }),
    );
    await renderBilling(
      <SubscriptionScreen viewer={superAdministrator()} />,
      `/account/subscription?organization=${ORG_ID}`,
    );
    expect(await screen.findByRole('button', { name: 'Request Basic' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /by card/ })).toBeNull();
  });

  it("confirms on the provider's secure page, posts the checkout and sends the browser to its address", async () => {
    serve(makeSubscription(), cardPlans());
    server.use(answer('post', '/payments/checkout', checkoutAnswer(), { status: 201 }));
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);

    fireEvent.click(await screen.findByRole('button', { name: payByCard('Professional') }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay for Professional by card?' });
    // The card price, not the invoice price.
    expect(within(dialog).getByText(usd(45))).toBeInTheDocument();
    expect(within(dialog).getByText('Monthly')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "You pay on the card provider's secure page; vbuilder never sees your card details.",
      ),
    ).toBeInTheDocument();
    // Nothing is sent before the confirmation.
    expect(receivedRequests('POST', '/payments/checkout')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(await receivedBody('POST', '/payments/checkout')).toEqual({
      plan: 'Professional',
      period: 'month',
      currency: 'USD',
    });
    expect(receivedRequests('POST', '/payments')).toEqual([]);
    expect(toastTexts()).toEqual([]);
  });

  it('cancelling the confirmation sends nothing', async () => {
    serve(makeSubscription(), cardPlans());
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    fireEvent.click(await screen.findByRole('button', { name: payByCard('Basic') }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay for Basic by card?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(receivedRequests('POST', '/payments/checkout')).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    [
      409,
      'payment_request_pending',
      'A plan request is already waiting for payment. Pay its invoice, or close it in Payment History, before requesting another plan.',
    ],
    [
      409,
      'card_payments_unavailable',
      'Card payment is not available for this plan. Request the plan by invoice instead.',
    ],
    [
      502,
      'card_provider_failed',
      'The card payment service could not be reached. Please try again later, or request the plan by invoice.',
    ],
  ])('toasts %s %s in words and stays on the screen', async (status, code, message) => {
    serve(makeSubscription(), cardPlans());
    server.use(answerError('post', '/payments/checkout', status, code));
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    await confirmCardPayment('Basic');
    await waitFor(() => expect(toastTexts()).toEqual([`Card payment not started | ${message}`]));
    expect(assign).not.toHaveBeenCalled();
    // The subscription is read again (a request waiting, or a record the refused checkout closed).
    await waitFor(() => expect(receivedRequests('GET', SUBSCRIPTION).length).toBeGreaterThan(1));
    expect(screen.getByRole('button', { name: payByCard('Basic') })).toBeEnabled();
  });
});

describe('Back from the card provider', () => {
  const polling = { ...CHECKOUT_POLL };
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    // Read again at once: the test waits for what the screen shows, not for the clock.
    CHECKOUT_POLL.intervalMs = 1;
  });
  afterEach(() => {
    Object.assign(CHECKOUT_POLL, polling);
    vi.restoreAllMocks();
  });

  const pending = makeSubscription({
    status: 'pending',
    pendingRequest: makePayment({ method: 'card' }),
  });
  const active = makeSubscription({
    status: 'active',
    packageName: 'Professional',
    renewalDate: '2026-12-01T00:00:00.000Z',
    periodStart: '2026-11-01T00:00:00.000Z',
  });

  /** The subscription: pending for the first `pendingReads` reads, then active. */
  function subscriptionActivatedAfter(pendingReads: number) {
    let reads = 0;
    server.use(
      http.get(apiUrl(SUBSCRIPTION), () => {
        reads += 1;
        return HttpResponse.json({ data: reads > pendingReads ? active : pending });
      }),
      answer('get', '/plans', cardPlans()),
    );
  }

  it('?checkout=success: a green notice, the parameter removed, the subscription read until it is active', async () => {
    subscriptionActivatedAfter(2);
    const { router } = await renderBilling(
      <SubscriptionScreen viewer={administrator()} />,
      '/account/subscription?checkout=success',
    );
    const notice = await screen.findByText(
      'Payment received — your plan is activated as soon as the card provider confirms it (usually within a minute).',
    );
    expect(notice.closest('[role="alert"]')?.getAttribute('style')).toMatch(/green/);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/account/subscription');

    const card = screen.getByRole('region', { name: 'Subscription status' });
    expect(await within(card).findByText('Active')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Waiting for the confirmation…')).toBeNull());
    // Two pending reads, then the active one; no more after it.
    expect(receivedRequests('GET', SUBSCRIPTION)).toHaveLength(3);
    // The notice stays until it is closed.
    expect(screen.getByText(/Payment received/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/Payment received/)).toBeNull();
  });

  it('?checkout=success: stops reading after a few attempts while the record stays pending', async () => {
    subscriptionActivatedAfter(Number.POSITIVE_INFINITY);
    await renderBilling(
      <SubscriptionScreen viewer={administrator()} />,
      '/account/subscription?checkout=success',
    );
    expect(await screen.findByText('Waiting for the confirmation…')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Waiting for the confirmation…')).toBeNull());
    expect(receivedRequests('GET', SUBSCRIPTION)).toHaveLength(1 + CHECKOUT_POLL.attempts);
    expect(screen.getByText(/Payment received/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Subscription status' })).getByText('Pending activation'),
    ).toBeInTheDocument();
  });

  it('?checkout=cancel: says nothing was charged and the request stays open; the parameter removed', async () => {
    subscriptionActivatedAfter(Number.POSITIVE_INFINITY);
    const { router } = await renderBilling(
      <SubscriptionScreen viewer={administrator()} />,
      '/account/subscription?checkout=cancel',
    );
    expect(
      await screen.findByText(
        'Payment cancelled — nothing was charged. The plan request stays open until it expires, or until you close it in Payment History.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await within(screen.getByRole('region', { name: 'Subscription status' })).findByText(
      'Pending activation',
    );
    expect(screen.queryByText(/Payment received/)).toBeNull();
    expect(screen.queryByText('Waiting for the confirmation…')).toBeNull();
    expect(receivedRequests('GET', SUBSCRIPTION)).toHaveLength(1);
  });

  it('shows nothing without the parameter, or with another value', async () => {
    subscriptionActivatedAfter(0);
    const { router } = await renderBilling(
      <SubscriptionScreen viewer={administrator()} />,
      '/account/subscription?checkout=whatever',
    );
    await within(screen.getByRole('region', { name: 'Subscription status' })).findByText('Active');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText(/Payment received|Payment cancelled/)).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganizationDetail } from '@vbuilder/shared';
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
  activePayment,
  administrator,
  makePayment,
  makePlans,
  makeSubscription,
  ORG_ID,
  OTHER_ORG_ID,
  renderBilling,
  superAdministrator,
} from '../test-utils.tsx';
import { PaymentDetails } from './payment-details.tsx';
import { SubscriptionScreen } from './subscription-screen.tsx';
import { toastTexts } from '../../../test/toasts.ts';

vi.setConfig({ testTimeout: 30_000 });

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

const customCard = () => screen.getByRole('article', { name: 'Custom' });
const SET_UP = 'Set up a Custom plan';

/** The Super Administrator's Subscription screen with River University picked. */
async function openForRiver() {
  server.use(
    answer('get', '/plans', makePlans()),
    answer('get', `/subscriptions/organization/${OTHER_ORG_ID}`, {
      data: makeSubscription({ organizationId: OTHER_ORG_ID }),
    }),
    answer('get', `/organizations/${OTHER_ORG_ID}`, river),
  );
  await renderBilling(
    <SubscriptionScreen viewer={superAdministrator()} />,
    `/account/subscription?organization=${OTHER_ORG_ID}`,
  );
  await screen.findByRole('region', { name: 'Subscription status' });
  const button = await within(await screen.findByRole('article', { name: 'Custom' })).findByRole('button', {
    name: SET_UP,
  });
  fireEvent.click(button);
  return screen.findByRole('dialog', { name: 'Custom plan for River University' });
}

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name: label }), { target: { value } });

async function confirmSummary() {
  const summary = await screen.findByRole('dialog', { name: 'Set up this Custom plan?' });
  return summary;
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
  server.use(
    http.get(apiUrl('/organizations'), () =>
      HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 }),
    ),
  );
});
afterEach(() => vi.restoreAllMocks());

describe('Set up a Custom plan: who sees it', () => {
  it('is not offered to an Administrator, who is told to contact support', async () => {
    server.use(
      answer('get', '/plans', makePlans()),
      answer('get', `/subscriptions/organization/${ORG_ID}`, { data: makeSubscription() }),
    );
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    await screen.findByRole('article', { name: 'Custom' });
    expect(within(customCard()).getByText(/Contact support to arrange it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SET_UP })).toBeNull();
  });

  it("leads the Administrator's 'Contact support' somewhere: billing support's mail, else the support site", async () => {
    server.use(
      answer('get', '/plans', makePlans()),
      answer('get', `/subscriptions/organization/${ORG_ID}`, { data: makeSubscription() }),
      answer('get', '/auth/config', {
        issuer: 'http://localhost/oidc',
        clientId: 'vbuilder-web',
        scopes: 'openid',
        supportUrl: 'https://support.example.test/',
        billingSupportEmail: 'billing@example.test',
      }),
    );
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    const mail = await within(await screen.findByRole('article', { name: 'Custom' })).findByRole('link', {
      name: 'Email billing support',
    });
    expect(mail.getAttribute('href')).toMatch(/^mailto:billing@example\.test\?subject=/);
  });

  it('is offered to the Super Administrator only once an organization is picked', async () => {
    server.use(answer('get', '/plans', makePlans()));
    await renderBilling(<SubscriptionScreen viewer={superAdministrator()} />);
    await screen.findByRole('article', { name: 'Custom' });
    expect(screen.queryByRole('button', { name: SET_UP })).toBeNull();
  });

  it('is disabled while a request of the organization waits for payment', async () => {
    server.use(
      answer('get', '/plans', makePlans()),
      answer('get', `/subscriptions/organization/${OTHER_ORG_ID}`, {
        data: makeSubscription({
          organizationId: OTHER_ORG_ID,
          status: 'pending',
          pendingRequest: makePayment({ organizationId: OTHER_ORG_ID }),
        }),
      }),
      answer('get', `/organizations/${OTHER_ORG_ID}`, river),
    );
    await renderBilling(
      <SubscriptionScreen viewer={superAdministrator()} />,
      `/account/subscription?organization=${OTHER_ORG_ID}`,
    );
    await screen.findByRole('region', { name: 'Subscription status' });
    const card = await screen.findByRole('article', { name: 'Custom' });
    expect(await within(card).findByRole('button', { name: SET_UP })).toBeDisabled();
  });
});

describe('Set up a Custom plan: the request', () => {
  it('sends an unlimited plan after the summary, in the currency’s decimals, and says it is sent', async () => {
    const dialog = await openForRiver();
    type(dialog, 'Amount', '1250.5');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Unlimited' }));
    expect(within(dialog).getByRole('textbox', { name: 'Monthly allowance' })).toBeDisabled();
    server.use(
      answer(
        'post',
        '/payments',
        {
          data: makePayment({
            organizationId: OTHER_ORG_ID,
            planName: 'Custom',
            invoiceNumber: 'VB-2026-000200',
            monthlyAssessments: null,
          }),
        },
        { status: 201 },
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));

    const summary = await confirmSummary();
    expect(within(summary).getByText('River University')).toBeInTheDocument();
    expect(within(summary).getByText('$1,250.50 / month')).toBeInTheDocument();
    expect(within(summary).getByText('Unlimited assessments')).toBeInTheDocument();
    expect(
      within(summary).getByText(
        'The invoice is emailed to the administrators of River University and listed in Payment History.',
      ),
    ).toBeInTheDocument();
    expect(receivedRequests('POST', '/payments')).toEqual([]);
    fireEvent.click(within(summary).getByRole('button', { name: 'Send the invoice' }));

    await waitFor(() => expect(receivedRequests('POST', '/payments')).toHaveLength(1));
    expect(await receivedBody('POST', '/payments')).toEqual({
      plan: 'Custom',
      organizationId: OTHER_ORG_ID,
      amountMinor: 125050,
      currency: 'USD',
      period: 'month',
      monthlyAssessments: null,
    });
    await waitFor(() =>
      expect(toastTexts()).toContain('Custom plan set up | Invoice VB-2026-000200 has been sent.'),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Custom plan for River University' })).toBeNull(),
    );
  });

  it('sends a yearly plan with a monthly allowance', async () => {
    const dialog = await openForRiver();
    type(dialog, 'Amount', '300');
    type(dialog, 'Monthly allowance', '750');
    fireEvent.click(within(dialog).getByLabelText(/^Billing period/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Yearly', hidden: true }));
    server.use(
      answer(
        'post',
        '/payments',
        { data: makePayment({ organizationId: OTHER_ORG_ID, planName: 'Custom', monthlyAssessments: 750 }) },
        { status: 201 },
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    const summary = await confirmSummary();
    expect(within(summary).getByText('$300.00 / year')).toBeInTheDocument();
    expect(within(summary).getByText('750 assessments a month')).toBeInTheDocument();
    fireEvent.click(within(summary).getByRole('button', { name: 'Send the invoice' }));
    await waitFor(() => expect(receivedRequests('POST', '/payments')).toHaveLength(1));
    expect(await receivedBody('POST', '/payments')).toEqual({
      plan: 'Custom',
      organizationId: OTHER_ORG_ID,
      amountMinor: 30000,
      currency: 'USD',
      period: 'year',
      monthlyAssessments: 750,
    });
  });

  it('asks for an amount above zero and an allowance before sending anything', async () => {
    const dialog = await openForRiver();
    type(dialog, 'Amount', '0');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(
      await within(dialog).findByText(
        'Enter an amount above zero, with no more decimals than the currency has.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Enter a whole number of assessments from 1 to 1,000,000, or turn on Unlimited.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Set up this Custom plan?' })).toBeNull();
    expect(receivedRequests('POST')).toEqual([]);
  });

  it('shows a request already waiting in words, and the server’s field errors on the fields', async () => {
    const dialog = await openForRiver();
    type(dialog, 'Amount', '99');
    type(dialog, 'Monthly allowance', '40');
    server.use(
      answerError('post', '/payments', 409, 'payment_request_pending', { once: true }),
      answerError('post', '/payments', 400, 'validation_error', {
        details: [{ path: ['amountMinor'], message: 'Too big' }],
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    fireEvent.click(within(await confirmSummary()).getByRole('button', { name: 'Send the invoice' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A plan request is already waiting for payment. Pay its invoice, or close it in Payment History, before requesting another plan.',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    fireEvent.click(within(await confirmSummary()).getByRole('button', { name: 'Send the invoice' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    await waitFor(() => expect(amount).toHaveAccessibleDescription('This value is not valid.'));
    expect(receivedRequests('POST', '/payments')).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Custom plan for River University' })).toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
  });
});

describe('the Custom allowance where plan details are shown', () => {
  it('the status card shows the allowance the organization’s Custom plan grants', async () => {
    server.use(
      answer('get', '/plans', makePlans()),
      answer('get', `/subscriptions/organization/${ORG_ID}`, {
        data: makeSubscription({
          status: 'active',
          packageName: 'Custom',
          productDetails: {
            ...makeSubscription({ packageName: 'Custom' }).productDetails,
            monthlyAssessments: 750,
          },
          renewalDate: '2027-01-01T00:00:00.000Z',
        }),
      }),
    );
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    const card = await screen.findByRole('region', { name: 'Subscription status' });
    expect(await within(card).findByText('750 assessments a month')).toBeInTheDocument();
  });

  it('the payment details show a Custom record’s allowance', async () => {
    const record = activePayment({
      planName: 'Custom',
      packageId: 'vbuilder-custom',
      monthlyAssessments: 750,
    });
    server.use(answer('get', `/payments/${record.id}`, { data: record }));
    await renderBilling(<PaymentDetails record={record} role="Administrator" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('750 assessments a month')).toBeInTheDocument();
  });
});

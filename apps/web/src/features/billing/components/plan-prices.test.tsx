import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlansResponse } from '@vbuilder/shared';
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
  makePlans,
  makeSubscription,
  ORG_ID,
  renderBilling,
  superAdministrator,
} from '../test-utils.tsx';
import { SubscriptionScreen } from './subscription-screen.tsx';
import { toastTexts } from '../../../test/toasts.ts';

vi.setConfig({ testTimeout: 30_000 });

const usd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(amount);

/** The catalog of a fresh installation: no plan has a price yet. */
const unpricedPlans = (): PlansResponse => {
  const plans = makePlans();
  return { ...plans, data: plans.data.map((plan) => ({ ...plan, prices: [] })) };
};
/** Basic without a price; Professional and Enterprise priced (makePlans). */
const basicUnpriced = (): PlansResponse => {
  const plans = makePlans();
  return {
    ...plans,
    data: plans.data.map((plan) => (plan.name === 'Basic' ? { ...plan, prices: [] } : plan)),
  };
};

const planCard = (name: string) => screen.getByRole('article', { name });
const pricesGroup = (name: string) =>
  within(screen.getByRole('region', { name: 'Plan prices' })).getByRole('group', { name });

async function openEditor(plan: string) {
  await screen.findByRole('region', { name: 'Plan prices' });
  fireEvent.click(within(pricesGroup(plan)).getByRole('button', { name: `Edit the prices of ${plan}` }));
  return screen.findByRole('dialog', { name: `Prices of ${plan}` });
}

const rowsOf = (dialog: HTMLElement) => within(dialog).getAllByRole('listitem');

async function chooseOption(field: HTMLElement, option: string) {
  fireEvent.click(field);
  // Every row has its own list: the one this field controls.
  const listbox = await waitFor(() => {
    const id = field.getAttribute('aria-controls');
    const list = id ? document.getElementById(id) : null;
    if (!list) throw new Error('the list did not open');
    return list;
  });
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
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

describe('a plan without a price', () => {
  it('tells an Administrator to ask vbuilder instead of offering a dead button; no price editor', async () => {
    server.use(
      answer('get', `/subscriptions/organization/${ORG_ID}`, { data: makeSubscription({ status: 'free' }) }),
      answer('get', '/plans', basicUnpriced()),
    );
    await renderBilling(<SubscriptionScreen viewer={administrator()} />);
    await screen.findByRole('article', { name: 'Basic' });
    expect(
      within(planCard('Basic')).getByText('Price not set yet — ask vbuilder to set it'),
    ).toBeInTheDocument();
    expect(
      within(planCard('Basic')).queryByRole('button', { name: /Request|Upgrade|Renew|price/ }),
    ).toBeNull();
    // The priced plans are still requested as before.
    expect(
      within(planCard('Professional')).getByRole('button', { name: 'Request Professional' }),
    ).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Plan prices' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit the prices/ })).toBeNull();
  });

  it('prompts the Super Administrator to set it, from the plan card and the Plan prices section', async () => {
    server.use(answer('get', '/plans', unpricedPlans()));
    await renderBilling(<SubscriptionScreen viewer={superAdministrator()} />);
    const section = await screen.findByRole('region', { name: 'Plan prices' });
    const alert = within(section).getByText(/Administrators cannot request a plan without a price/);
    expect(alert).toHaveTextContent('Set a price for Basic, Professional, and Enterprise.');
    expect(within(planCard('Basic')).getByText('No price set yet')).toBeInTheDocument();
    // Free and Custom are not priced in the catalog: not in the section.
    expect(within(section).queryByRole('group', { name: 'Free' })).toBeNull();
    expect(within(section).queryByRole('group', { name: 'Custom' })).toBeNull();

    fireEvent.click(
      within(planCard('Enterprise')).getByRole('button', { name: 'Edit the prices of Enterprise' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Prices of Enterprise' });
    expect(
      within(dialog).getByText('No prices: Administrators cannot request Enterprise until it has one.'),
    ).toBeInTheDocument();
  });
});

describe('the Super Administrator edits the prices', () => {
  it('lists each plan’s prices, edits, adds and removes rows, confirms, saves with PUT and toasts', async () => {
    server.use(answer('get', '/plans', makePlans()));
    await renderBilling(<SubscriptionScreen viewer={superAdministrator()} />);
    await screen.findByRole('region', { name: 'Plan prices' });
    expect(within(pricesGroup('Professional')).getByText(`${usd(49)} / month`)).toBeInTheDocument();
    expect(within(pricesGroup('Professional')).getByText(`${usd(490)} / year`)).toBeInTheDocument();

    const dialog = await openEditor('Professional');
    expect(rowsOf(dialog)).toHaveLength(2);
    const [monthly, yearly] = rowsOf(dialog) as [HTMLElement, HTMLElement];
    expect(within(monthly).getByLabelText('Amount')).toHaveValue('49.00');
    expect(within(yearly).getByLabelText('Amount')).toHaveValue('490.00');

    // A new monthly price, the yearly one removed, a euro price added.
    fireEvent.change(within(monthly).getByLabelText('Amount'), { target: { value: '59.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove price 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add price' }));
    const added = rowsOf(dialog)[1]!;
    expect(within(added).getByLabelText('Billing period', { selector: 'input' })).toHaveValue('Yearly');
    // The currency is found by its name too; the field shows its code.
    const currency = within(added).getByLabelText('Currency', { selector: 'input' });
    fireEvent.click(currency);
    fireEvent.change(currency, { target: { value: 'euro' } });
    await chooseOption(currency, 'EUR · Euro');
    expect(currency).toHaveValue('EUR');
    fireEvent.change(within(added).getByLabelText('Amount'), { target: { value: '499' } });

    server.use(answer('put', '/plans/Professional/prices', makePlans()));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    const confirm = await screen.findByRole('dialog', { name: 'Save the prices of Professional?' });
    expect(
      within(confirm).getByText(
        'Administrators will request Professional at the new prices from now on. Invoices already issued keep their amounts.',
      ),
    ).toBeInTheDocument();
    // It names what is saved, in each currency's format.
    expect(within(confirm).getByText(`${usd(59.5)} / month`)).toBeInTheDocument();
    expect(
      within(confirm).getByText(
        `${new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(499)} / year`,
      ),
    ).toBeInTheDocument();
    expect(receivedRequests('PUT')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Save prices' }));

    await waitFor(() => expect(receivedRequests('PUT', '/plans/Professional/prices')).toHaveLength(1));
    expect(await receivedBody('PUT', '/plans/Professional/prices')).toEqual({
      prices: [
        { period: 'month', currency: 'USD', amountMinor: 5950 },
        { period: 'year', currency: 'EUR', amountMinor: 49900 },
      ],
    });
    await waitFor(() => expect(toastTexts()).toContain('Prices of Professional saved.'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Prices of Professional' })).toBeNull());
  });

  it('uses the currency’s own decimals: none for JPY', async () => {
    const plans = makePlans();
    server.use(
      answer('get', '/plans', {
        ...plans,
        data: plans.data.map((plan) =>
          plan.name === 'Basic'
            ? { ...plan, prices: [{ period: 'month' as const, currency: 'JPY', amountMinor: 1500 }] }
            : plan,
        ),
      }),
    );
    await renderBilling(<SubscriptionScreen viewer={superAdministrator()} />);
    const dialog = await openEditor('Basic');
    const amount = within(rowsOf(dialog)[0]!).getByLabelText('Amount');
    expect(amount).toHaveValue('1500');
    fireEvent.change(amount, { target: { value: '2500.5' } });
    // Yen has no minor unit: the input takes no decimals.
    expect(amount).toHaveValue('2500');
    server.use(answer('put', '/plans/Basic/prices', makePlans()));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Save the prices of Basic?' })).getByRole('button', {
        name: 'Save prices',
      }),
    );
    await waitFor(() => expect(receivedRequests('PUT', '/plans/Basic/prices')).toHaveLength(1));
    expect(await receivedBody('PUT', '/plans/Basic/prices')).toEqual({
      prices: [{ period: 'month', currency: 'JPY', amountMinor: 2500 }],
    });
  });

  it('refuses an empty amount and a duplicate period and currency before sending', async () => {
    server.use(answer('get', '/plans', makePlans()));
    await renderBilling(<SubscriptionScreen viewer={superAdministrator()} />);
    const dialog = await openEditor('Professional');
    const [monthly, yearly] = rowsOf(dialog) as [HTMLElement, HTMLElement];
    fireEvent.change(within(monthly).getByLabelText('Amount'), { target: { value: '' } });
    await chooseOption(within(yearly).getByLabelText('Billing period', { selector: 'input' }), 'Monthly');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(
      await within(monthly).findByText(
        'Enter an amount above zero, with no more decimals than the currency has.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Each billing period and currency can have only one price.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Save the prices of Professional?' })).toBeNull();
    expect(receivedRequests('PUT')).toEqual([]);
  });

  it('shows the server’s validation errors on the fields it names, and keeps the dialog open', async () => {
    server.use(
      answer('get', '/plans', makePlans()),
      answerError('put', '/plans/Professional/prices', 400, 'validation_error', {
        details: [
          { path: ['prices', 1, 'currency'], message: 'validation.currencyInvalid' },
          { path: ['prices', 0, 'amountMinor'], message: 'Too big' },
        ],
      }),
    );
    await renderBilling(<SubscriptionScreen viewer={superAdministrator()} />);
    const dialog = await openEditor('Professional');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Save the prices of Professional?' })).getByRole(
        'button',
        { name: 'Save prices' },
      ),
    );
    const [monthly, yearly] = rowsOf(dialog) as [HTMLElement, HTMLElement];
    expect(
      await within(yearly).findByText('Enter a three-letter currency code, such as USD.'),
    ).toBeInTheDocument();
    expect(within(monthly).getByText('This value is not valid.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Prices of Professional' })).toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
  });
});

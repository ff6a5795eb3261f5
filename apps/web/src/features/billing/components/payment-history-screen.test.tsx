import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentRecord, PaymentRecordsResponse } from '@vbuilder/shared';
import {
  answer,
  answerEmpty,
  answerError,
  apiUrl,
  http,
  HttpResponse,
  receivedQuery,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import { usePaymentActions } from '../hooks/use-payment-actions.tsx';
import { RECEIPT_MAX_BYTES } from '../api/upload-receipt.ts';
import {
  activePayment,
  administrator,
  makePayment,
  ORG_ID,
  OTHER_ORG_ID,
  renderBilling,
  superAdministrator,
} from '../test-utils.tsx';
import { PaymentHistoryScreen } from './payment-history-screen.tsx';
import { toastTexts } from '../../../test/toasts.ts';

vi.setConfig({ testTimeout: 20_000 });

const ROUTE = '/account/payments/payment_history';
const usd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(amount);
const dateOf = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso));

const listOf = (records: PaymentRecord[]): PaymentRecordsResponse => ({
  data: records,
  total: records.length,
  page: 1,
  pageSize: 20,
});

/** What the list answers from now on (an Administrator's and the Super Administrator's alike). */
let listAnswer: PaymentRecordsResponse;
const serveList = (records: PaymentRecord[]) => {
  listAnswer = listOf(records);
};

const row = async (number: string) => {
  const table = await screen.findByRole('table', { name: 'Payment records' });
  const header = await within(table).findByRole('rowheader', { name: number });
  return header.closest('tr')!;
};
const menuOf = async (number: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for payment ${number}` }));
  return screen.getByRole('menu');
};
/** Answers the question a view asks first (an action that changes a record asks for confirmation) with its confirming button. */
const menuItems = async (number: string) => {
  const menu = await menuOf(number);
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  fireEvent.keyDown(menu, { key: 'Escape' });
  return items;
};

const organizations = {
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
};

describe('PaymentHistoryScreen', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    listAnswer = listOf([]);
    server.use(
      http.get(apiUrl(`/payments/organization/${ORG_ID}`), () => HttpResponse.json(listAnswer)),
      http.get(apiUrl('/payments'), () => HttpResponse.json(listAnswer)),
      http.get(apiUrl('/organizations'), () => HttpResponse.json(organizations)),
      answer('get', '/auth/config', {
        learningPlatformUrl: null,
        supportUrl: 'https://support.vbuilder.test',
        billingSupportEmail: 'billing@vbuilder.test',
      }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it("lists an Administrator's own records: invoice number, organisation, plan, statuses, amount, dates", async () => {
    serveList([makePayment(), activePayment()]);
    await renderBilling(<PaymentHistoryScreen viewer={administrator()} />, ROUTE);
    const table = await screen.findByRole('table', { name: 'Payment records' });
    await within(table).findByRole('rowheader', { name: 'VB-2026-000123' });
    expect(receivedQuery('GET', `/payments/organization/${ORG_ID}`)).toEqual({
      page: '1',
      pageSize: '20',
      productLine: 'vbuilder',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Invoice number',
      'Organization',
      'Plan',
      'Status',
      'Invoice status',
      'Amount',
      'Created at',
      'Ends at',
      'Actions',
    ]);
    const pending = await row('VB-2026-000123');
    expect(within(pending).getByText('Hill School')).toBeInTheDocument();
    expect(within(pending).getByText('Professional')).toBeInTheDocument();
    expect(within(pending).getByText('Monthly')).toBeInTheDocument();
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('Open')).toBeInTheDocument();
    expect(within(pending).getByText(usd(49))).toBeInTheDocument();
    expect(within(pending).getByText(dateOf('2026-11-02T09:00:00.000Z'))).toBeInTheDocument();
    expect(within(pending).getByText('Not set')).toBeInTheDocument();
    const active = await row('VB-2026-000100');
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText('Paid')).toBeInTheDocument();
    expect(within(active).getByText(dateOf('2026-12-01T00:00:00.000Z'))).toBeInTheDocument();
    expect(screen.getByText('2 payment records')).toBeInTheDocument();
    // No organization filter for an Administrator, and no call for every organization.
    expect(screen.queryByLabelText('Organization', { selector: 'input' })).toBeNull();
    expect(receivedRequests('GET', '/payments')).toEqual([]);
  });

  it('names the support contact for a slow activation without showing its address', async () => {
    serveList([makePayment()]);
    await renderBilling(<PaymentHistoryScreen viewer={administrator()} />, ROUTE);
    const contact = await screen.findByRole('complementary', { name: 'Paid, but not activated yet?' });
    const mail = await within(contact).findByRole('link', { name: 'Email billing support' });
    expect(mail.getAttribute('href')).toMatch(/^mailto:billing@vbuilder\.test\?subject=/);
    expect(contact.textContent).not.toContain('billing@vbuilder.test');
  });

  it.each<[string, () => ReturnType<typeof administrator>, PaymentRecord, string[]]>([
    [
      'pending, Administrator',
      administrator,
      makePayment(),
      ['View payment', 'View invoice', 'Upload receipt', 'Close invoice', 'Delete'],
    ],
    [
      'pending, Super Administrator',
      superAdministrator,
      makePayment(),
      ['View payment', 'View invoice', 'Upload receipt', 'Activate', 'Close invoice', 'Delete'],
    ],
    ['active and paid, Administrator', administrator, activePayment(), ['View payment', 'View invoice']],
    [
      'active and paid, Super Administrator',
      superAdministrator,
      activePayment(),
      ['View payment', 'View invoice', 'Send Receipt'],
    ],
    [
      'closed, Administrator',
      administrator,
      makePayment({ status: 'closed', invoiceStatus: 'closed' }),
      ['View payment', 'View invoice'],
    ],
    [
      'closed, Super Administrator',
      superAdministrator,
      makePayment({ status: 'closed', invoiceStatus: 'closed' }),
      ['View payment', 'View invoice', 'Delete'],
    ],
    [
      'lapsed, Super Administrator',
      superAdministrator,
      activePayment({ status: 'inactive' }),
      ['View payment', 'View invoice', 'Send Receipt'],
    ],
  ])('offers only the legal actions: %s', async (_case, viewer, record, expected) => {
    serveList([record]);
    await renderBilling(<PaymentHistoryScreen viewer={viewer()} />, ROUTE);
    expect(await menuItems(record.invoiceNumber!)).toEqual(expected);
  });

  it('asks before activating, then POSTs and says Activated', async () => {
    const record = makePayment();
    serveList([record]);
    await renderBilling(<PaymentHistoryScreen viewer={superAdministrator()} />, ROUTE);
    fireEvent.click(within(await menuOf('VB-2026-000123')).getByRole('menuitem', { name: 'Activate' }));
    const dialog = screen.getByRole('dialog', { name: 'Activate payment VB-2026-000123?' });
    expect(within(dialog).getByText(/Hill School moves to Professional at once/)).toBeInTheDocument();
    expect(receivedRequests('POST')).toEqual([]);

    server.use(answer('post', `/payments/${record.id}/activate`, { data: activePayment({ id: record.id }) }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Activated | Hill School is now on Professional (payment VB-2026-000123).',
      ),
    );
    expect(receivedRequests('POST', `/payments/${record.id}/activate`)).toHaveLength(1);
    // The list is fetched again.
    await waitFor(() => expect(receivedRequests('GET', '/payments').length).toBeGreaterThan(1));
  });

  it.each([
    [
      'Close invoice',
      'Close invoice VB-2026-000123?',
      'post',
      '/close',
      'Closed | Invoice VB-2026-000123 is closed.',
    ],
    [
      'Delete',
      'Delete payment VB-2026-000123?',
      'delete',
      '',
      'Deleted | Payment VB-2026-000123 was deleted.',
    ],
  ] as const)('%s after confirmation, then its toast', async (item, title, method, suffix, toast) => {
    const record = makePayment();
    serveList([record]);
    await renderBilling(<PaymentHistoryScreen viewer={administrator()} />, ROUTE);
    fireEvent.click(within(await menuOf('VB-2026-000123')).getByRole('menuitem', { name: item }));
    const dialog = screen.getByRole('dialog', { name: title });
    server.use(
      method === 'delete'
        ? answerEmpty('delete', `/payments/${record.id}`)
        : answer('post', `/payments/${record.id}${suffix}`, {
            data: makePayment({ status: 'closed', invoiceStatus: 'closed' }),
          }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: item }));
    await waitFor(() => expect(toastTexts()).toContain(toast));
    expect(receivedRequests(method.toUpperCase(), `/payments/${record.id}${suffix}`)).toHaveLength(1);
  });

  it('sends the receipt of a paid invoice after confirmation', async () => {
    const record = activePayment();
    serveList([record]);
    await renderBilling(<PaymentHistoryScreen viewer={superAdministrator()} />, ROUTE);
    fireEvent.click(within(await menuOf('VB-2026-000100')).getByRole('menuitem', { name: 'Send Receipt' }));
    const dialog = screen.getByRole('dialog', { name: 'Send the receipt for VB-2026-000100?' });
    server.use(answer('post', `/payments/${record.id}/send-receipt`, { data: record }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Receipt' }));
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Receipt sent | The receipt for VB-2026-000100 was emailed to the administrators of Hill School.',
      ),
    );
  });

  it("says 'Something went wrong' with the server's reason when the state no longer allows it", async () => {
    const record = makePayment();
    serveList([record]);
    await renderBilling(<PaymentHistoryScreen viewer={superAdministrator()} />, ROUTE);
    fireEvent.click(within(await menuOf('VB-2026-000123')).getByRole('menuitem', { name: 'Activate' }));
    server.use(answerError('post', `/payments/${record.id}/activate`, 409, 'payment_transition_not_allowed'));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Activate payment VB-2026-000123?' })).getByRole('button', {
        name: 'Activate',
      }),
    );
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Something went wrong | This payment cannot be changed this way in its current state. Reload the page to see its latest status.',
      ),
    );
  });

  describe('the receipt upload', () => {
    const file = (size: number, name = 'receipt.pdf', type = 'application/pdf') => {
      const picked = new File(['%PDF-1.7'], name, { type });
      Object.defineProperty(picked, 'size', { value: size });
      return picked;
    };
    const pick = async (picked: File) => {
      const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
      await act(async () => {
        fireEvent.change(input, { target: { files: [picked] } });
      });
    };
    const openUpload = async () => {
      const record = makePayment();
      serveList([record]);
      await renderBilling(<PaymentHistoryScreen viewer={administrator()} />, ROUTE);
      fireEvent.click(
        within(await menuOf('VB-2026-000123')).getByRole('menuitem', { name: 'Upload receipt' }),
      );
      return {
        record,
        dialog: screen.getByRole('dialog', { name: 'Upload the receipt for VB-2026-000123' }),
      };
    };

    it('sends a PDF or an image as multipart and says the files were submitted', async () => {
      const { record, dialog } = await openUpload();
      expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
      await pick(file(2048));
      expect(await within(dialog).findByText('receipt.pdf')).toBeInTheDocument();
      server.use(
        answer('post', `/payments/${record.id}/receipt`, { data: makePayment({ hasReceipt: true }) }),
      );
      fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
      await waitFor(() =>
        expect(toastTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/^Files submitted \| /)])),
      );
      const [request] = receivedRequests('POST', `/payments/${record.id}/receipt`);
      expect(request!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it("says 'Failed to upload. Please try again.' with the reason, and keeps the dialog", async () => {
      const { record, dialog } = await openUpload();
      await pick(file(2048, 'photo.png', 'image/png'));
      await within(dialog).findByText('photo.png');
      server.use(answerError('post', `/payments/${record.id}/receipt`, 415, 'unsupported_file_type'));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
      await waitFor(() =>
        expect(toastTexts().some((text) => text.startsWith('Failed to upload. Please try again. | '))).toBe(
          true,
        ),
      );
      expect(within(dialog).getByRole('alert')).toBeInTheDocument();
    });

    it('refuses a file over the size limit or of another type before sending it', async () => {
      const { dialog } = await openUpload();
      await pick(file(RECEIPT_MAX_BYTES + 1));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'This file is too large. Choose one of at most 10 MB.',
      );
      await pick(file(100, 'notes.txt', 'text/plain'));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'This type of file cannot be uploaded. Choose a PDF or an image (PNG, JPEG or WebP).',
      );
      expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
      expect(receivedRequests('POST')).toEqual([]);
    });
  });

  it('opens the details of a row, fetched afresh', async () => {
    const record = makePayment();
    serveList([record]);
    server.use(answer('get', `/payments/${record.id}`, { data: makePayment({ hasReceipt: true }) }));
    await renderBilling(<PaymentHistoryScreen viewer={administrator()} />, ROUTE);
    fireEvent.click(within(await row('VB-2026-000123')).getByText('Hill School'));
    const dialog = screen.getByRole('dialog', { name: 'Payment VB-2026-000123' });
    await within(dialog).findByRole('button', { name: 'View receipt' });
    expect(within(dialog).getByText(dateOf('2026-11-16T09:00:00.000Z'))).toBeInTheDocument();
    expect(within(dialog).getByText('On activation')).toBeInTheDocument();
    expect(receivedRequests('GET', `/payments/${record.id}`)).toHaveLength(1);
  });

  it("shows an upgrade's credit as a negative line in the details, as on the invoice", async () => {
    const record = makePayment({
      amountMinor: 4900,
      creditMinor: 950,
      credit: { planName: 'Basic', unusedDays: 15, periodDays: 30 },
      totalMinor: 3950,
    });
    serveList([record]);
    server.use(answer('get', `/payments/${record.id}`, { data: record }));
    await renderBilling(<PaymentHistoryScreen viewer={administrator()} />, ROUTE);
    fireEvent.click(within(await row('VB-2026-000123')).getByText('Hill School'));
    const dialog = screen.getByRole('dialog', { name: 'Payment VB-2026-000123' });
    expect(await within(dialog).findByText('Credit for unused Basic (15 of 30 days)')).toBeInTheDocument();
    expect(within(dialog).getByText('-$9.50')).toBeInTheDocument();
    expect(within(dialog).getAllByText('$39.50').length).toBeGreaterThan(0);
  });

  it("says 'Failed to fetch payment details.' and keeps the listed row", async () => {
    const record = makePayment();
    serveList([record]);
    server.use(answerError('get', `/payments/${record.id}`, 500, 'internal_error'));
    await renderBilling(<PaymentHistoryScreen viewer={administrator()} />, ROUTE);
    fireEvent.click(within(await menuOf('VB-2026-000123')).getByRole('menuitem', { name: 'View payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment VB-2026-000123' });
    await waitFor(() => expect(toastTexts()).toContain('Failed to fetch payment details.'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to fetch payment details.');
    expect(within(dialog).getByText('Hill School')).toBeInTheDocument();
  });

  it('opens View payment and View invoice at once, without a confirmation (reading changes nothing)', async () => {
    const record = makePayment();
    serveList([record]);
    server.use(answer('get', `/payments/${record.id}`, { data: record }));
    const tab = { closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() });
    server.use(
      http.get(
        apiUrl(`/payments/${record.id}/invoice.pdf`),
        () => new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
      ),
    );
    await renderBilling(<PaymentHistoryScreen viewer={administrator()} />, ROUTE);
    fireEvent.click(within(await menuOf('VB-2026-000123')).getByRole('menuitem', { name: 'View invoice' }));
    // No question first: the tab opens at the click and the PDF is fetched.
    expect(screen.queryByRole('dialog', { name: /\?$/ })).toBeNull();
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() =>
      expect(receivedRequests('GET', `/payments/${record.id}/invoice.pdf`)).toHaveLength(1),
    );

    fireEvent.click(within(await menuOf('VB-2026-000123')).getByRole('menuitem', { name: 'View payment' }));
    // The details themselves, straight away.
    expect(await screen.findByRole('dialog', { name: 'Payment VB-2026-000123' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'View payment VB-2026-000123?' })).toBeNull();
  });

  it("offers no receipt upload on a card checkout's invoice, which is paid by card", async () => {
    serveList([makePayment({ method: 'card' })]);
    await renderBilling(<PaymentHistoryScreen viewer={administrator()} />, ROUTE);
    expect(await menuItems('VB-2026-000123')).toEqual([
      'View payment',
      'View invoice',
      'Close invoice',
      'Delete',
    ]);
  });

  it('marks the records whose receipt waits for a check', async () => {
    serveList([
      makePayment({ hasReceipt: true }),
      makePayment({ id: '0b7c1d2e-0000-4000-8000-000000000009', invoiceNumber: 'VB-2026-000124' }),
      activePayment(),
    ]);
    await renderBilling(<PaymentHistoryScreen viewer={superAdministrator()} />, ROUTE);
    expect(within(await row('VB-2026-000123')).getByText('Receipt to check')).toBeInTheDocument();
    expect(within(await row('VB-2026-000124')).queryByText('Receipt to check')).toBeNull();
    // Paid and active: its receipt was checked.
    expect(within(await row('VB-2026-000100')).queryByText('Receipt to check')).toBeNull();
  });

  it('opens the invoice PDF in a new tab from a blob address, fetched through the API client', async () => {
    const record = makePayment();
    serveList([record]);
    const tab = { closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() });
    server.use(
      http.get(
        apiUrl(`/payments/${record.id}/invoice.pdf`),
        () =>
          new HttpResponse('%PDF-1.7', {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'inline; filename="VB-2026-000123.pdf"',
            },
          }),
      ),
    );
    await renderBilling(<PaymentHistoryScreen viewer={administrator()} />, ROUTE);
    fireEvent.click(within(await menuOf('VB-2026-000123')).getByRole('menuitem', { name: 'View invoice' }));
    // The tab opens at the click (no pop-up blocker stops it), and shows the file once it arrives.
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:invoice'));
    expect(receivedRequests('GET', `/payments/${record.id}/invoice.pdf`)).toHaveLength(1);
  });

  it('closes the tab and says why when the invoice cannot be fetched', async () => {
    const record = makePayment();
    serveList([record]);
    const tab = { closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    server.use(answerError('get', `/payments/${record.id}/invoice.pdf`, 404, 'not_found'));
    await renderBilling(<PaymentHistoryScreen viewer={administrator()} />, ROUTE);
    fireEvent.click(within(await menuOf('VB-2026-000123')).getByRole('menuitem', { name: 'View invoice' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(toastTexts()[0]).toMatch(/^The invoice could not be loaded\. \| /);
  });

  it("filters the Super Administrator's list by organization, status and invoice status", async () => {
    serveList([makePayment()]);
    await renderBilling(<PaymentHistoryScreen viewer={superAdministrator()} />, ROUTE);
    await row('VB-2026-000123');
    expect(receivedQuery('GET', '/payments', 0)).toEqual({
      page: '1',
      pageSize: '20',
      productLine: 'vbuilder',
    });

    fireEvent.click(screen.getByLabelText('Status', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pending', hidden: true }));
    await waitFor(() => expect(receivedQuery('GET', '/payments', -1)).toMatchObject({ status: 'pending' }));
    fireEvent.click(screen.getByLabelText('Invoice status', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Open', hidden: true }));
    await waitFor(() =>
      expect(receivedQuery('GET', '/payments', -1)).toMatchObject({ invoiceStatus: 'open' }),
    );
    fireEvent.click(screen.getByLabelText('Organization', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'River University', hidden: true }));
    await waitFor(() =>
      expect(receivedQuery('GET', '/payments', -1)).toEqual({
        page: '1',
        pageSize: '20',
        productLine: 'vbuilder',
        status: 'pending',
        invoiceStatus: 'open',
        organizationId: OTHER_ORG_ID,
      }),
    );
  });

  it('says when there are no records yet, and what to do', async () => {
    await renderBilling(<PaymentHistoryScreen viewer={administrator()} />, ROUTE);
    expect(await screen.findByRole('heading', { name: 'No payment records yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Plans and subscription' })).toHaveAttribute(
      'href',
      '/account/subscription',
    );
  });

  it('shows a load error with a retry when the list fails', async () => {
    server.use(answerError('get', `/payments/organization/${ORG_ID}`, 500, 'internal_error'));
    await renderBilling(<PaymentHistoryScreen viewer={administrator()} />, ROUTE);
    expect(
      await screen.findByRole('heading', { name: 'Failed to load the payment records.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('usePaymentActions', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => vi.restoreAllMocks());

  it("refuses an action it does not know with 'Unknown action selected.'", async () => {
    function Probe() {
      const actions = usePaymentActions(makePayment());
      return (
        <button type="button" onClick={() => actions.run('refund')}>
          run
        </button>
      );
    }
    await renderBilling(<Probe />, ROUTE);
    fireEvent.click(await screen.findByRole('button', { name: 'run' }));
    expect(toastTexts()).toEqual(['Unknown action selected.']);
    expect(receivedRequests()).toEqual([]);
  });
});

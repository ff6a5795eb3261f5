import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrganizationDetail, OrganizationList } from '@vbuilder/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProfile, renderAt } from '../../../components/layout/test-utils.tsx';
import {
  answer,
  answerError,
  apiUrl,
  http,
  HttpResponse,
  receivedBody,
  receivedQuery,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import { auth } from '../test-mocks.ts';
import { OrganizationsScreen } from './organizations-screen.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../test-mocks.ts')).authProvider);

// Typing into several fields takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const page = (overrides: Partial<OrganizationList> = {}): OrganizationList => ({
  items: [
    {
      id: '7d3c8a0e-0000-4000-8000-000000000001',
      name: 'Hill School',
      type: 'school',
      email: 'office@hill.test',
      phone: null,
      address: null,
      postalCode: null,
      createdAt: '2026-02-03T10:00:00.000Z',
      userCount: 1234,
    },
    {
      id: '7d3c8a0e-0000-4000-8000-000000000002',
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
  total: 2,
  page: 1,
  pageSize: 20,
  ...overrides,
});

const created: OrganizationDetail = {
  id: '7d3c8a0e-0000-4000-8000-000000000009',
  name: 'Lake College',
  type: 'university',
  email: 'office@lake.test',
  phone: null,
  address: null,
  postalCode: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  administrators: [],
  counts: { users: 1, administrators: 1, teachers: 0, students: 0 },
};

/** The query string of the n-th GET /organizations request. */
const queryOf = (n: number) => receivedQuery('GET', '/organizations', n);
const listRequests = () => receivedRequests('GET', '/organizations');

/** What GET /organizations answers from now on. */
let listAnswer: OrganizationList;
const answerList = (list: OrganizationList) => {
  listAnswer = list;
};

const superAdministrator = makeProfile({ role: 'Super Administrator', organizationId: null });

describe('OrganizationsScreen', () => {
  beforeEach(() => {
    auth.user = superAdministrator;
    listAnswer = page();
    server.use(http.get(apiUrl('/organizations'), () => HttpResponse.json(listAnswer)));
  });

  it('lists organizations with their type, email, user count and creation date; rows open the details', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAt(<OrganizationsScreen />, {
      route: '/account/organizations',
      path: '/account/organizations',
    });

    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Organizations' })).toBeInTheDocument();
    expect(queryOf(0)).toEqual({ page: '1', pageSize: '20', sort: 'name', order: 'asc' });
    const hill = within(table).getByRole('link', { name: 'Hill School' });
    expect(hill).toHaveAttribute('href', '/account/organization/7d3c8a0e-0000-4000-8000-000000000001');
    expect(within(table).getAllByText('School').length).toBeGreaterThan(0);
    expect(within(table).getByText('1,234')).toBeInTheDocument();
    expect(within(table).getByText('none')).toBeInTheDocument();
    expect(
      within(table).getByText(
        new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(2026, 1, 3)),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();

    await user.click(within(table).getByText('3'));
    expect(await screen.findByTestId('current-path')).toHaveTextContent(
      '/account/organization/7d3c8a0e-0000-4000-8000-000000000002',
    );
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const user = userEvent.setup({ delay: null });
    answerList(page({ total: 45, page: 2 }));
    await renderAt(<OrganizationsScreen />, { route: '/account/organizations?page=2' });
    await screen.findByRole('table');
    expect(queryOf(0).page).toBe('2');

    answerList(page({ items: [page().items[0]!], total: 1 }));
    await user.type(screen.getByRole('searchbox', { name: 'Search organizations' }), 'hill');

    await waitFor(() => expect(listRequests()).toHaveLength(2));
    // One request for the whole word, not one per letter.
    expect(queryOf(1)).toEqual({ page: '1', pageSize: '20', sort: 'name', order: 'asc', search: 'hill' });
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listRequests()).toHaveLength(2);
  });

  it('follows the address when it changes by itself (menu link, back button)', async () => {
    const { router } = await renderAt(<OrganizationsScreen />, {
      route: '/account/organizations?search=hill',
      path: '/account/organizations',
    });
    await screen.findByRole('table');
    expect(queryOf(0).search).toBe('hill');

    await act(() => router.navigate('/account/organizations'));
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search organizations' })).toHaveValue(''),
    );
    await waitFor(() => expect(listRequests()).toHaveLength(2));
    expect(queryOf(1).search).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.search).toBe('');
  });

  it('says when a search finds nothing', async () => {
    answerList(page({ items: [], total: 0 }));
    await renderAt(<OrganizationsScreen />, { route: '/account/organizations?search=zzz' });
    expect(await screen.findByText('No organizations match “zzz”')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search organizations' })).toHaveValue('zzz');
  });

  it('sorts on the server by the clicked column, flipping the order on a second click', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAt(<OrganizationsScreen />, { route: '/account/organizations' });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Users' }));
    await waitFor(() => expect(listRequests()).toHaveLength(2));
    expect(queryOf(1)).toMatchObject({ sort: 'userCount', order: 'desc' });
    expect(screen.getByRole('columnheader', { name: 'Users' })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Users' }));
    await waitFor(() => expect(listRequests()).toHaveLength(3));
    expect(queryOf(2)).toMatchObject({ sort: 'userCount', order: 'asc' });
  });

  it('pages through the list', async () => {
    const user = userEvent.setup({ delay: null });
    answerList(page({ total: 45 }));
    await renderAt(<OrganizationsScreen />, { route: '/account/organizations' });
    await screen.findByRole('table');

    const pages = screen.getByRole('navigation', { name: 'Pages of organizations' });
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(listRequests()).toHaveLength(2));
    expect(queryOf(1).page).toBe('3');
  });

  it("says 'Failed to fetch organizations' when the list cannot be loaded, and retries", async () => {
    const user = userEvent.setup({ delay: null });
    server.use(answerError('get', '/organizations', 500, 'internal_error', { once: true }));
    await renderAt(<OrganizationsScreen />, { route: '/account/organizations' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch organizations');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('tells anyone but the Super Administrator that the list is not theirs, without asking the API', async () => {
    auth.user = makeProfile({ role: 'Administrator', organizationId: 'org-7' });
    await renderAt(<OrganizationsScreen />, { route: '/account/organizations' });

    expect(screen.getByText('Only the Super Administrator can see every organization')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my organization' })).toHaveAttribute(
      'href',
      '/account/organization/org-7',
    );
    expect(receivedRequests()).toEqual([]);
  });

  describe('create dialog', () => {
    const open = async (user: ReturnType<typeof userEvent.setup>) => {
      await screen.findByRole('table');
      await user.click(screen.getByRole('button', { name: 'Create organization' }));
      return screen.getByRole('dialog', { name: 'Create organization' });
    };

    it('shows translated validation errors and sends nothing', async () => {
      const user = userEvent.setup({ delay: null });
      await renderAt(<OrganizationsScreen />, { route: '/account/organizations' });
      const dialog = await open(user);

      await user.type(within(dialog).getByLabelText('Organization email'), 'not-an-email');
      await user.type(within(dialog).getByLabelText('Phone (optional)'), 'abc');
      await user.type(within(dialog).getByLabelText("Administrator's email"), 'nope');
      await user.click(within(dialog).getByRole('button', { name: 'Create organization' }));

      expect(await within(dialog).findByText("Please enter the organization's name.")).toBeInTheDocument();
      expect(within(dialog).getByText('Please choose the type of organization.')).toBeInTheDocument();
      expect(within(dialog).getAllByText('Please enter a valid email address.')).toHaveLength(2);
      expect(within(dialog).getByText('Please enter a valid phone number.')).toBeInTheDocument();
      expect(within(dialog).getByText('Please enter a name.')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Organization name')).toHaveFocus();
      expect(receivedRequests('POST')).toEqual([]);
    });

    it('creates the organization with its first Administrator, closes, toasts and refreshes the list', async () => {
      const user = userEvent.setup({ delay: null });
      server.use(answer('post', '/organizations', created));
      await renderAt(<OrganizationsScreen />, { route: '/account/organizations' });
      const dialog = await open(user);

      await user.type(within(dialog).getByLabelText('Organization name'), '  Lake College ');
      await user.click(within(dialog).getByLabelText('Type', { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: 'University', hidden: true }));
      await user.type(within(dialog).getByLabelText('Organization email'), 'Office@Lake.test');
      await user.type(within(dialog).getByLabelText('Postal code (optional)'), '10115');
      await user.type(within(dialog).getByLabelText("Administrator's name"), 'Grace Hopper');
      await user.type(within(dialog).getByLabelText("Administrator's email"), 'grace@lake.test');
      await user.click(within(dialog).getByRole('button', { name: 'Create organization' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await receivedBody('POST', '/organizations')).toEqual({
        name: 'Lake College',
        type: 'university',
        email: 'office@lake.test',
        postalCode: '10115',
        administrator: { name: 'Grace Hopper', email: 'grace@lake.test' },
      });
      expect(
        await screen.findByText(
          'Lake College was created and grace@lake.test was invited as its Administrator.',
        ),
      ).toBeInTheDocument();
      // The list is asked for again, so the new organization shows.
      await waitFor(() => expect(listRequests()).toHaveLength(2));
    });

    it('creates an organization without an Administrator when the invitation is switched off', async () => {
      const user = userEvent.setup({ delay: null });
      server.use(answer('post', '/organizations', created));
      await renderAt(<OrganizationsScreen />, { route: '/account/organizations' });
      const dialog = await open(user);

      await user.type(within(dialog).getByLabelText('Organization name'), 'Lake College');
      await user.click(within(dialog).getByLabelText('Type', { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: 'University', hidden: true }));
      await user.type(within(dialog).getByLabelText('Organization email'), 'office@lake.test');
      await user.click(within(dialog).getByRole('switch', { name: /Invite its first Administrator/ }));
      expect(within(dialog).queryByLabelText("Administrator's name")).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Create organization' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await receivedBody('POST', '/organizations')).toEqual({
        name: 'Lake College',
        type: 'university',
        email: 'office@lake.test',
      });
      expect(await screen.findByText('Lake College was created.')).toBeInTheDocument();
    });

    it("puts the server's reasons on the fields and keeps the dialog open", async () => {
      const user = userEvent.setup({ delay: null });
      server.use(answerError('post', '/organizations', 409, 'email_taken', { once: true }));
      await renderAt(<OrganizationsScreen />, { route: '/account/organizations' });
      const dialog = await open(user);

      await user.type(within(dialog).getByLabelText('Organization name'), 'Lake College');
      await user.click(within(dialog).getByLabelText('Type', { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: 'School', hidden: true }));
      await user.type(within(dialog).getByLabelText('Organization email'), 'office@lake.test');
      await user.type(within(dialog).getByLabelText("Administrator's name"), 'Grace Hopper');
      await user.type(within(dialog).getByLabelText("Administrator's email"), 'grace@lake.test');
      await user.click(within(dialog).getByRole('button', { name: 'Create organization' }));

      expect(
        await within(dialog).findByText('An account with this email already exists.'),
      ).toBeInTheDocument();
      expect(within(dialog).getByLabelText("Administrator's email")).toHaveAttribute('aria-invalid', 'true');
      // Leaving the field by pressing submit checks it a moment later; that must not wipe the server's word.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(within(dialog).getByText('An account with this email already exists.')).toBeInTheDocument();

      server.use(
        answerError('post', '/organizations', 400, 'validation_error', {
          details: [{ path: ['administrator', 'phone'], message: 'validation.phoneInvalid' }],
          once: true,
        }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Create organization' }));
      expect(await within(dialog).findByText('Please enter a valid phone number.')).toBeInTheDocument();

      server.use(answerError('post', '/organizations', 403, 'forbidden', { once: true }));
      await user.click(within(dialog).getByRole('button', { name: 'Create organization' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are not allowed to do this.');
      expect(screen.getByRole('dialog', { name: 'Create organization' })).toBeInTheDocument();
    });
  });
});

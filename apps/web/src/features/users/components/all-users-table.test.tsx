import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@vbuilder/shared';
import { answer, answerError, receivedBody, receivedQuery, server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { flush } from '../../../test/timers.ts';
import { makeUser, makeViewer, ORGANIZATION_ID, pageOf } from '../test-utils.ts';
import { AllUsersTable } from './all-users-table.tsx';

const mocks = vi.hoisted(() => ({ viewer: null as UserProfile | null }));
vi.mock('../../../lib/auth/auth-provider.tsx', () => ({
  useAuth: () => ({ user: mocks.viewer }),
}));

const MEMBERS = `/organizations/${ORGANIZATION_ID}/users`;
/** The query of the last members request. */
const lastQuery = () => receivedQuery('GET', MEMBERS, -1);

describe('AllUsersTable', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mocks.viewer = makeViewer({ role: 'Super Administrator', organizationId: null });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lists the organization's users with ID, dates and 'never'", async () => {
    const user = makeUser({
      id: '9d2f7a10-1111-4222-8333-444455556666',
      name: 'Wanjiru Kamau',
      phone: '+255 700 000 001',
      role: 'Teacher',
      status: 'inactive',
      createdAt: '2026-02-01T08:00:00.000Z',
      lastLoginAt: '2026-03-04T05:06:07.000Z',
    });
    const never = makeUser({ name: 'Baraka New', status: 'pending' });
    server.use(answer('get', MEMBERS, pageOf([user, never])));
    await renderWithProviders(<AllUsersTable organizationId={ORGANIZATION_ID} />);
    await flush();

    expect(lastQuery()).toEqual({ page: '1', pageSize: '20', sort: 'name', order: 'asc' });
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'ID',
      'Employee name',
      'Email',
      'Phone',
      'Role',
      'Status',
      'Date registered',
      'Last login',
      'Actions',
    ]);
    const row = screen.getByRole('rowheader', { name: 'Wanjiru Kamau' }).closest('tr')!;
    expect(within(row).getByText('9d2f7a10')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: `Copy ID ${user.id}` })).toBeInTheDocument();
    expect(within(row).getByText('+255 700 000 001')).toBeInTheDocument();
    expect(within(row).getByText('Deactivated')).toBeInTheDocument();
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' });
    const cells = within(row).getAllByRole('cell');
    expect(cells[5]).toHaveTextContent(date.format(new Date(user.createdAt)));
    expect(cells[6]).toHaveTextContent(date.format(new Date(user.lastLoginAt!)));
    expect(cells[6]).toHaveTextContent(time.format(new Date(user.lastLoginAt!)));

    const other = screen.getByRole('rowheader', { name: 'Baraka New' }).closest('tr')!;
    expect(within(other).getByText('never')).toBeInTheDocument();
    expect(within(other).getByText('not provided')).toBeInTheDocument();
  });

  it('sorts by date registered and last login on the server', async () => {
    server.use(answer('get', MEMBERS, pageOf([makeUser()])));
    await renderWithProviders(<AllUsersTable organizationId={ORGANIZATION_ID} />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Last login' }));
    await flush();
    expect(lastQuery()).toMatchObject({ sort: 'lastLoginAt', order: 'asc' });
    fireEvent.click(screen.getByRole('button', { name: 'Last login' }));
    await flush();
    expect(lastQuery()).toMatchObject({ sort: 'lastLoginAt', order: 'desc' });
    expect(screen.getByRole('button', { name: 'Last login' }).closest('th')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('adds users to this organization without asking the Super Administrator for one', async () => {
    server.use(answer('get', MEMBERS, pageOf([])));
    await renderWithProviders(<AllUsersTable organizationId={ORGANIZATION_ID} />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['Administrator', 'Teacher', 'Student']);
    expect(within(dialog).queryByRole('textbox', { name: /Organization/ })).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Name', { exact: false }), { target: { value: 'Ana' } });
    fireEvent.change(within(dialog).getByLabelText('Email', { exact: false }), {
      target: { value: 'ana@school.test' },
    });
    server.use(answer('post', '/users', makeUser({ email: 'ana@school.test' })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await flush();
    expect(await receivedBody('POST', '/users')).toEqual({
      name: 'Ana',
      email: 'ana@school.test',
      role: 'Student',
      language: 'en',
      organizationId: ORGANIZATION_ID,
    });
  });

  it('shows members_forbidden to a Student', async () => {
    mocks.viewer = makeViewer({ role: 'Student' });
    server.use(answerError('get', MEMBERS, 403, 'members_forbidden'));
    await renderWithProviders(<AllUsersTable organizationId={ORGANIZATION_ID} />);
    await flush();
    expect(
      screen.getByRole('heading', { level: 3, name: "Unauthorized to view organization's members" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@vbuilder/shared';
import { ApiError } from '../../../lib/api-client.ts';
import type * as ApiClientModule from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { flush } from '../../../test/timers.ts';
import { makeUser, makeViewer, ORGANIZATION_ID, pageOf, queryOf } from '../test-utils.ts';
import { AllUsersTable } from './all-users-table.tsx';

const mocks = vi.hoisted(() => ({
  api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn(), upload: vi.fn() },
  viewer: null as UserProfile | null,
}));

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  api: mocks.api,
}));
vi.mock('../../../lib/auth/auth-provider.tsx', () => ({
  useAuth: () => ({ user: mocks.viewer }),
}));

const lastPath = () => String(mocks.api.get.mock.calls.at(-1)![0]);

describe('AllUsersTable', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mocks.viewer = makeViewer({ role: 'Super Administrator', organizationId: null });
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const fn of Object.values(mocks.api)) fn.mockReset();
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
    mocks.api.get.mockResolvedValue(pageOf([user, never]));
    await renderWithProviders(<AllUsersTable organizationId={ORGANIZATION_ID} />);
    await flush();

    expect(lastPath().startsWith(`/organizations/${ORGANIZATION_ID}/users?`)).toBe(true);
    expect(queryOf(lastPath())).toEqual({ page: '1', pageSize: '20', sort: 'name', order: 'asc' });
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
    mocks.api.get.mockResolvedValue(pageOf([makeUser()]));
    await renderWithProviders(<AllUsersTable organizationId={ORGANIZATION_ID} />);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Last login' }));
    await flush();
    expect(queryOf(lastPath())).toMatchObject({ sort: 'lastLoginAt', order: 'asc' });
    fireEvent.click(screen.getByRole('button', { name: 'Last login' }));
    await flush();
    expect(queryOf(lastPath())).toMatchObject({ sort: 'lastLoginAt', order: 'desc' });
    expect(screen.getByRole('button', { name: 'Last login' }).closest('th')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('adds users to this organization without asking the Super Administrator for one', async () => {
    mocks.api.get.mockResolvedValue(pageOf([]));
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
    mocks.api.post.mockResolvedValue(makeUser({ email: 'ana@school.test' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await flush();
    expect(mocks.api.post).toHaveBeenCalledWith(
      '/users',
      {
        name: 'Ana',
        email: 'ana@school.test',
        role: 'Student',
        language: 'en',
        organizationId: ORGANIZATION_ID,
      },
      expect.anything(),
    );
  });

  it('shows members_forbidden to a Student', async () => {
    mocks.viewer = makeViewer({ role: 'Student' });
    mocks.api.get.mockRejectedValue(new ApiError(403, 'members_forbidden', 'no'));
    await renderWithProviders(<AllUsersTable organizationId={ORGANIZATION_ID} />);
    await flush();
    expect(
      screen.getByRole('heading', { level: 3, name: "Unauthorized to view organization's members" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
  });
});

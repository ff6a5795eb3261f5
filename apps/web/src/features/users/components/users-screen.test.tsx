import { fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import type * as ApiClientModule from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { elapse, flush } from '../../../test/timers.ts';
import { makeUser, makeViewer, pageOf, queryOf } from '../test-utils.ts';
import { UsersScreen } from './users-screen.tsx';

const mocks = vi.hoisted(() => ({
  api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  api: mocks.api,
}));

const toastTexts = () =>
  vi
    .mocked(notifications.show)
    .mock.calls.map(([data]) => [data.title, data.message].filter(Boolean).join(' | '));
const lastGetPath = () => String(mocks.api.get.mock.calls.at(-1)![0]);
const lastQuery = () => queryOf(lastGetPath());

async function renderScreen(viewer = makeViewer(), list = pageOf([makeUser(), makeUser()])) {
  mocks.api.get.mockResolvedValue(list);
  const result = await renderWithProviders(<UsersScreen viewer={viewer} />);
  await flush();
  return result;
}

describe('UsersScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    for (const fn of Object.values(mocks.api)) fn.mockReset();
  });

  it('lists the users with index, name, email, role and organization', async () => {
    await renderScreen(
      makeViewer(),
      pageOf(
        [
          makeUser({ name: 'Ada Lovelace', email: 'ada@school.test', role: 'user' }),
          makeUser({ name: 'Alan Turing', role: 'Teacher', organizationName: null, status: 'pending' }),
        ],
        { total: 42, page: 1 },
      ),
    );
    expect(lastGetPath().startsWith('/users?')).toBe(true);
    expect(lastQuery()).toEqual({ page: '1', pageSize: '20', sort: 'name', order: 'asc' });

    const table = screen.getByRole('table', { name: 'Users, sortable by the column headers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['No.', 'User name', 'Email', 'Role', 'Organization', 'Status', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('rowheader', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('1')).toBeInTheDocument();
    // The legacy 'user' role reads as Administrator.
    expect(within(rows[0]!).getByText('Administrator')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Hillside School')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('not associated')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Invited')).toBeInTheDocument();
    expect(screen.getByText('42 people')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–20 of 42')).toBeInTheDocument();
  });

  it('numbers the rows across pages', async () => {
    await renderScreen(makeViewer(), pageOf([makeUser(), makeUser()], { total: 42 }));
    mocks.api.get.mockResolvedValue(pageOf([makeUser({ name: 'On page two' })], { total: 42, page: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await flush();
    expect(lastQuery()).toMatchObject({ page: '2' });
    const row = screen.getByRole('rowheader', { name: 'On page two' }).closest('tr')!;
    expect(within(row).getByText('21')).toBeInTheDocument();
  });

  it('titles the table with the role the filter shows', async () => {
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Students' }));
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Students' })).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ role: 'Student', page: '1' });

    fireEvent.click(screen.getByRole('radio', { name: 'Administrators' }));
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Administrators' })).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ role: 'Administrator' });

    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(lastQuery()).not.toHaveProperty('role');
  });

  it('searches on the server once typing pauses, from page 1', async () => {
    await renderScreen();
    const calls = mocks.api.get.mock.calls.length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'am' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), {
      target: { value: ' amina ' },
    });
    await elapse(299);
    expect(mocks.api.get.mock.calls.length).toBe(calls);
    await elapse(1);
    expect(mocks.api.get.mock.calls.length).toBe(calls + 1);
    expect(lastQuery()).toMatchObject({ search: 'amina', page: '1' });
  });

  it('says a search count is the matches, next to the organization total', async () => {
    await renderScreen(makeViewer(), pageOf([makeUser(), makeUser()], { total: 42 }));
    expect(screen.getByText('42 people')).toBeInTheDocument();
    mocks.api.get.mockResolvedValue(pageOf([makeUser()], { total: 3 }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'am' } });
    await elapse(300);
    await flush();
    expect(screen.getByText('3 matching out of 42')).toBeInTheDocument();
    expect(screen.queryByText('3 people')).not.toBeInTheDocument();
  });

  it('shows an empty search with a way to clear it', async () => {
    await renderScreen();
    mocks.api.get.mockResolvedValue(pageOf([]));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'zzz' } });
    await elapse(300);
    await flush();
    expect(screen.getByRole('heading', { name: 'No matching users' })).toBeInTheDocument();
    mocks.api.get.mockResolvedValue(pageOf([makeUser()]));
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear search' }).at(-1)!);
    await flush();
    expect(lastQuery()).not.toHaveProperty('search');
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
  });

  it('sorts on the server from the column headers, with aria-sort', async () => {
    await renderScreen();
    const header = (name: string) => screen.getByRole('button', { name }).closest('th')!;
    expect(header('User name')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Email')).not.toHaveAttribute('aria-sort');

    fireEvent.click(screen.getByRole('button', { name: 'User name' }));
    await flush();
    expect(lastQuery()).toMatchObject({ sort: 'name', order: 'desc' });
    expect(header('User name')).toHaveAttribute('aria-sort', 'descending');

    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    await flush();
    expect(lastQuery()).toMatchObject({ sort: 'email', order: 'asc' });
    expect(header('Email')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('User name')).not.toHaveAttribute('aria-sort');
    // The organization column is not sortable on the server.
    expect(screen.queryByRole('button', { name: 'Organization' })).not.toBeInTheDocument();
  });

  describe('add user', () => {
    const openDialog = () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
      return screen.getByRole('dialog', { name: 'Add user' });
    };
    const type = (dialog: HTMLElement, label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label, { exact: false }), { target: { value } });

    it("offers a Teacher the Student role only, an Administrator's three roles", async () => {
      const { unmount } = await renderScreen(makeViewer({ role: 'Teacher' }));
      let dialog = openDialog();
      expect(
        within(dialog)
          .getAllByRole('radio')
          .map((r) => r.getAttribute('value')),
      ).toEqual(['Student']);
      expect(within(dialog).getByRole('radio', { name: 'Student' })).toBeChecked();
      unmount();

      await renderScreen(makeViewer({ role: 'user' }));
      dialog = openDialog();
      expect(
        within(dialog)
          .getAllByRole('radio')
          .map((r) => r.getAttribute('value')),
      ).toEqual(['Administrator', 'Teacher', 'Student']);
    });

    it('validates with the shared schema before sending', async () => {
      await renderScreen();
      const dialog = openDialog();
      type(dialog, 'Email', 'not-an-email');
      type(dialog, 'Phone', 'abc');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
      await flush();
      expect(within(dialog).getByText('Please enter a name.')).toBeInTheDocument();
      expect(within(dialog).getByText('Please enter a valid email address.')).toBeInTheDocument();
      expect(within(dialog).getByText('Please enter a valid phone number.')).toBeInTheDocument();
      expect(mocks.api.post).not.toHaveBeenCalled();
    });

    it('sends the invitation, toasts and refreshes the list', async () => {
      await renderScreen();
      const dialog = openDialog();
      type(dialog, 'Name', 'Neema Otieno');
      type(dialog, 'Email', 'Neema@School.test');
      fireEvent.click(within(dialog).getByRole('radio', { name: 'Teacher' }));
      mocks.api.post.mockResolvedValue(makeUser({ name: 'Neema Otieno', email: 'neema@school.test' }));
      const gets = mocks.api.get.mock.calls.length;
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
      await flush();

      expect(mocks.api.post).toHaveBeenCalledWith(
        '/users',
        { name: 'Neema Otieno', email: 'Neema@School.test', role: 'Teacher', language: 'en' },
        expect.anything(),
      );
      expect(toastTexts()).toContain('Invitation sent to neema@school.test');
      expect(screen.queryByRole('dialog', { name: 'Add user' })).not.toBeInTheDocument();
      expect(mocks.api.get.mock.calls.length).toBeGreaterThan(gets);
    });

    it('invites in the language chosen for the person (default the inviter’s)', async () => {
      await renderScreen();
      const dialog = openDialog();
      type(dialog, 'Name', 'Rahim Uddin');
      type(dialog, 'Email', 'rahim@school.test');
      const language = within(dialog)
        .getAllByLabelText('Language')
        .find((element) => element.tagName === 'INPUT')!;
      expect(language).toHaveValue('English');
      fireEvent.click(language);
      await flush();
      fireEvent.click(screen.getByRole('option', { name: 'বাংলা', hidden: true }));
      mocks.api.post.mockResolvedValue(makeUser({ name: 'Rahim Uddin', email: 'rahim@school.test' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
      await flush();
      expect(mocks.api.post).toHaveBeenCalledWith(
        '/users',
        expect.objectContaining({ email: 'rahim@school.test', language: 'bn' }),
        expect.anything(),
      );
    });

    it('puts email_taken on the Email field', async () => {
      await renderScreen();
      const dialog = openDialog();
      type(dialog, 'Name', 'Neema Otieno');
      type(dialog, 'Email', 'taken@school.test');
      mocks.api.post.mockRejectedValue(new ApiError(409, 'email_taken', 'taken'));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
      await flush();
      const email = within(dialog).getByLabelText('Email', { exact: false });
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByText('An account with this email already exists.')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Add user' })).toBeInTheDocument();
    });
  });

  describe('row actions', () => {
    const target = () => makeUser({ name: 'Tom Student', email: 'tom@school.test' });

    it('asks before deleting, and deletes on confirmation', async () => {
      const user = target();
      await renderScreen(makeViewer(), pageOf([user]));
      fireEvent.click(screen.getByRole('button', { name: 'Actions for Tom Student' }));
      fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
      const confirm = screen.getByRole('dialog', { name: 'Delete Tom Student?' });
      expect(within(confirm).getByText(/tom@school\.test/)).toBeInTheDocument();
      expect(mocks.api.delete).not.toHaveBeenCalled();

      fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await flush();
      expect(mocks.api.delete).not.toHaveBeenCalled();

      fireEvent.click(screen.getByRole('button', { name: 'Actions for Tom Student' }));
      fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
      mocks.api.delete.mockResolvedValue(undefined);
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'Delete Tom Student?' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      await flush();
      expect(mocks.api.delete).toHaveBeenCalledWith(`/users/${user.id}`);
      expect(toastTexts()).toContain('Tom Student was deleted.');
    });

    it("shows the server's refusal in words", async () => {
      await renderScreen(makeViewer(), pageOf([target()]));
      fireEvent.click(screen.getByRole('button', { name: 'Actions for Tom Student' }));
      fireEvent.click(screen.getByRole('menuitem', { name: 'Deactivate' }));
      mocks.api.patch.mockRejectedValue(new ApiError(409, 'last_administrator', 'last'));
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'Deactivate Tom Student?' })).getByRole('button', {
          name: 'Deactivate',
        }),
      );
      await flush();
      expect(mocks.api.patch).toHaveBeenCalledWith(
        expect.stringMatching(/^\/users\//),
        { status: 'inactive' },
        expect.anything(),
      );
      expect(toastTexts()).toContain(
        "Could not deactivate | This is the organization's last active administrator. Make someone else an administrator first.",
      );
    });

    it('changes the role', async () => {
      const user = target();
      await renderScreen(makeViewer(), pageOf([user]));
      fireEvent.click(screen.getByRole('button', { name: 'Actions for Tom Student' }));
      fireEvent.click(screen.getByRole('menuitem', { name: 'Change role' }));
      const dialog = screen.getByRole('dialog', { name: 'Change the role of Tom Student' });
      expect(within(dialog).getByRole('button', { name: 'Change role' })).toBeDisabled();
      fireEvent.click(within(dialog).getByRole('radio', { name: 'Teacher' }));
      mocks.api.patch.mockResolvedValue({ ...user, role: 'Teacher' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
      await flush();
      expect(mocks.api.patch).toHaveBeenCalledWith(
        `/users/${user.id}`,
        { role: 'Teacher' },
        expect.anything(),
      );
      expect(toastTexts()).toContain('Tom Student is now Teacher.');
    });

    it('offers no actions to a Teacher, nor on oneself', async () => {
      const viewer = makeViewer();
      const { unmount } = await renderScreen(
        viewer,
        pageOf([makeUser({ id: viewer.id, name: 'Grace Admin' }), target()]),
      );
      expect(screen.queryByRole('button', { name: 'Actions for Grace Admin' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Actions for Tom Student' })).toBeInTheDocument();
      unmount();

      await renderScreen(makeViewer({ role: 'Teacher' }), pageOf([target()]));
      expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    });
  });

  it("shows members_forbidden in a card, without the table's controls", async () => {
    mocks.api.get.mockRejectedValue(new ApiError(403, 'members_forbidden', 'no'));
    await renderWithProviders(<UsersScreen viewer={makeViewer({ role: 'Student' })} />);
    await flush();
    const card = screen.getByRole('alert');
    expect(
      within(card).getByRole('heading', { name: "Unauthorized to view organization's members" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it("says 'Error fetching users' and retries", async () => {
    mocks.api.get.mockRejectedValueOnce(new ApiError(500, 'internal_error', 'down'));
    await renderWithProviders(<UsersScreen viewer={makeViewer()} />);
    await flush();
    const card = screen.getByRole('alert');
    expect(within(card).getByRole('heading', { name: 'Error fetching users' })).toBeInTheDocument();
    expect(within(card).getByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();

    mocks.api.get.mockResolvedValue(pageOf([makeUser({ name: 'Back again' })]));
    fireEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    await flush();
    expect(screen.getByRole('rowheader', { name: 'Back again' })).toBeInTheDocument();
  });
});

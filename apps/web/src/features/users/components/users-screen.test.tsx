import { fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserList } from '@vbuilder/shared';
import {
  answer,
  answerEmpty,
  answerError,
  apiUrl,
  http,
  HttpResponse,
  receivedBody,
  receivedQuery,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { elapse, flush } from '../../../test/timers.ts';
import { makeUser, makeViewer, pageOf } from '../test-utils.ts';
import { UsersScreen } from './users-screen.tsx';
import { toastTexts } from '../../../test/toasts.ts';

const listRequests = () => receivedRequests('GET', '/users');
const lastQuery = () => receivedQuery('GET', '/users', -1);

/** What GET /users answers from now on. */
let listAnswer: UserList;
const answerList = (list: UserList) => {
  listAnswer = list;
};

async function renderScreen(viewer = makeViewer(), list = pageOf([makeUser(), makeUser()])) {
  answerList(list);
  const result = await renderWithProviders(<UsersScreen viewer={viewer} />);
  await flush();
  return result;
}

// Each request goes through the client and the mock server: slower than the default 5 s on a busy machine.
describe('UsersScreen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    server.use(http.get(apiUrl('/users'), () => HttpResponse.json(listAnswer)));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
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
    expect(lastQuery()).toEqual({ page: '1', pageSize: '20', sort: 'name', order: 'asc' });

    const table = screen.getByRole('table', { name: 'All users, sortable by the column headers' });
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
    answerList(pageOf([makeUser({ name: 'On page two' })], { total: 42, page: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await flush();
    expect(lastQuery()).toMatchObject({ page: '2' });
    const row = screen.getByRole('rowheader', { name: 'On page two' }).closest('tr')!;
    expect(within(row).getByText('21')).toBeInTheDocument();
  });

  it('titles the table with the role the filter shows (all roles: All users)', async () => {
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'All users' })).toBeInTheDocument();

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
    expect(screen.getByRole('heading', { level: 1, name: 'All users' })).toBeInTheDocument();
    expect(lastQuery()).not.toHaveProperty('role');
  });

  it('searches on the server once typing pauses, from page 1', async () => {
    await renderScreen();
    const calls = listRequests().length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'am' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), {
      target: { value: ' amina ' },
    });
    await elapse(299);
    expect(listRequests()).toHaveLength(calls);
    await elapse(1);
    expect(listRequests()).toHaveLength(calls + 1);
    expect(lastQuery()).toMatchObject({ search: 'amina', page: '1' });
  });

  it('says a search count is the matches, next to the organization total', async () => {
    await renderScreen(makeViewer(), pageOf([makeUser(), makeUser()], { total: 42 }));
    expect(screen.getByText('42 people')).toBeInTheDocument();
    answerList(pageOf([makeUser()], { total: 3 }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'am' } });
    await elapse(300);
    await flush();
    expect(screen.getByText('3 matching out of 42')).toBeInTheDocument();
    expect(screen.queryByText('3 people')).not.toBeInTheDocument();
  });

  it('shows an empty search with a way to clear it', async () => {
    await renderScreen();
    answerList(pageOf([]));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'zzz' } });
    await elapse(300);
    await flush();
    expect(screen.getByRole('heading', { name: 'No matching users' })).toBeInTheDocument();
    answerList(pageOf([makeUser()]));
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
      expect(receivedRequests('POST')).toEqual([]);
    });

    it('sends the invitation, toasts and refreshes the list', async () => {
      await renderScreen();
      const dialog = openDialog();
      type(dialog, 'Name', 'Neema Otieno');
      type(dialog, 'Email', 'Neema@School.test');
      fireEvent.click(within(dialog).getByRole('radio', { name: 'Teacher' }));
      server.use(answer('post', '/users', makeUser({ name: 'Neema Otieno', email: 'neema@school.test' })));
      const gets = listRequests().length;
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
      await flush();

      expect(await receivedBody('POST', '/users')).toEqual({
        name: 'Neema Otieno',
        email: 'Neema@School.test',
        role: 'Teacher',
        language: 'en',
      });
      expect(toastTexts()).toContain('Invitation sent to neema@school.test');
      expect(screen.queryByRole('dialog', { name: 'Add user' })).not.toBeInTheDocument();
      expect(listRequests().length).toBeGreaterThan(gets);
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
      server.use(answer('post', '/users', makeUser({ name: 'Rahim Uddin', email: 'rahim@school.test' })));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
      await flush();
      expect(await receivedBody('POST', '/users')).toMatchObject({
        email: 'rahim@school.test',
        language: 'bn',
      });
    });

    it('puts email_taken on the Email field', async () => {
      await renderScreen();
      const dialog = openDialog();
      type(dialog, 'Name', 'Neema Otieno');
      type(dialog, 'Email', 'taken@school.test');
      server.use(answerError('post', '/users', 409, 'email_taken'));
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
      expect(receivedRequests('DELETE')).toEqual([]);

      fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await flush();
      expect(receivedRequests('DELETE')).toEqual([]);

      fireEvent.click(screen.getByRole('button', { name: 'Actions for Tom Student' }));
      fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
      server.use(answerEmpty('delete', `/users/${user.id}`));
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'Delete Tom Student?' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      await flush();
      expect(receivedRequests('DELETE')).toEqual([expect.objectContaining({ path: `/users/${user.id}` })]);
      expect(toastTexts()).toContain('Tom Student was deleted.');
    });

    it("shows the server's refusal in words", async () => {
      const user = target();
      await renderScreen(makeViewer(), pageOf([user]));
      fireEvent.click(screen.getByRole('button', { name: 'Actions for Tom Student' }));
      fireEvent.click(screen.getByRole('menuitem', { name: 'Deactivate' }));
      server.use(answerError('patch', `/users/${user.id}`, 409, 'last_administrator'));
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'Deactivate Tom Student?' })).getByRole('button', {
          name: 'Deactivate',
        }),
      );
      await flush();
      expect(await receivedBody('PATCH', `/users/${user.id}`)).toEqual({ status: 'inactive' });
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
      server.use(answer('patch', `/users/${user.id}`, { ...user, role: 'Teacher' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
      await flush();
      expect(await receivedBody('PATCH', `/users/${user.id}`)).toEqual({ role: 'Teacher' });
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
    server.use(answerError('get', '/users', 403, 'members_forbidden'));
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
    answerList(pageOf([makeUser({ name: 'Back again' })]));
    server.use(answerError('get', '/users', 500, 'internal_error', { once: true }));
    await renderWithProviders(<UsersScreen viewer={makeViewer()} />);
    await flush();
    const card = screen.getByRole('alert');
    expect(within(card).getByRole('heading', { name: 'Error fetching users' })).toBeInTheDocument();
    expect(within(card).getByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    await flush();
    expect(screen.getByRole('rowheader', { name: 'Back again' })).toBeInTheDocument();
  });
});

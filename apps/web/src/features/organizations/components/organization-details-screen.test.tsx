import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '@vbuilder/shared';
import type { RequestHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeProfile, renderAt } from '../../../components/layout/test-utils.tsx';
import { makeOrganization, NO_SCHOOL_SIGN_IN, ORGANIZATION_ID as ORG } from '../../../test/fixtures.ts';
import { answer, answerError, receivedBody, receivedRequests, server } from '../../../test/msw-server.ts';
import { auth } from '../test-mocks.ts';
import { OrganizationDetailsScreen } from './organization-details-screen.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../test-mocks.ts')).authProvider);

vi.setConfig({ testTimeout: 20_000 });

const OTHER = '5f0c1c2a-8f7e-4d3b-a1a2-000000000000';

const detail = (overrides: Parameters<typeof makeOrganization>[0] = {}) =>
  makeOrganization({
    phone: '255 700 000 001',
    address: '1 Hill Road\nDodoma',
    postalCode: null,
    createdAt: '2026-02-03T10:00:00.000Z',
    administrators: [
      { id: 'a1', name: 'Ada Admin', email: 'ada@hill.test', phone: null, status: 'active' },
      { id: 'a2', name: 'Ben Boss', email: 'ben@hill.test', phone: '+44 20 7946 0000', status: 'pending' },
    ],
    counts: { users: 1234, administrators: 2, teachers: 30, students: 1202 },
    ...overrides,
  });

/** Renders the screen for `user`; GET answers detail(), unless one of `handlers` (which come first) does. */
async function renderScreen(user: UserProfile, ...handlers: RequestHandler[]) {
  auth.user = user;
  server.use(
    ...handlers,
    answer('get', `/organizations/${ORG}`, detail()),
    // The administrators' card of the school's own sign-in (school-sign-in-card.test.tsx).
    answer('get', `/organizations/${ORG}/school-sign-in`, NO_SCHOOL_SIGN_IN),
  );
  return renderAt(<OrganizationDetailsScreen organizationId={ORG} members={<p>members here</p>} />, {
    route: `/account/organization/${ORG}`,
  });
}

const administrator = makeProfile({ role: 'Administrator', organizationId: ORG });
const superAdministrator = makeProfile({ role: 'Super Administrator', organizationId: null });

describe('OrganizationDetailsScreen', () => {
  it('shows type, email, phone, address, postal code, creation date, counts and administrators', async () => {
    await renderScreen(administrator);

    expect(await screen.findByRole('heading', { level: 1, name: 'Hill School' })).toBeInTheDocument();
    expect(receivedRequests('GET', `/organizations/${ORG}`)).toHaveLength(1);
    expect(screen.getByText('My Organization')).toBeInTheDocument();

    const details = within(screen.getByRole('region', { name: 'Details' }));
    expect(details.getByText('School')).toBeInTheDocument();
    expect(details.getByText('office@hill.test')).toBeInTheDocument();
    expect(details.getByText('+255 700 000 001')).toBeInTheDocument();
    expect(details.getByText(/1 Hill Road/)).toBeInTheDocument();
    expect(details.getByText('not provided')).toBeInTheDocument();
    expect(
      details.getByText(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(2026, 1, 3))),
    ).toBeInTheDocument();

    const people = within(screen.getByRole('region', { name: 'People' }));
    expect(people.getByText('1,234')).toBeInTheDocument();
    expect(people.getByText('1,202')).toBeInTheDocument();
    expect(people.getByText('30')).toBeInTheDocument();

    const admins = within(screen.getByRole('region', { name: 'Administrators' }));
    const items = admins.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(items[0]!).getByText('ada@hill.test')).toBeInTheDocument();
    expect(within(items[0]!).getByText('No phone')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(items[1]!).getByText('+44 20 7946 0000')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Invited')).toBeInTheDocument();

    expect(screen.getByText('members here')).toBeInTheDocument();
  });

  it("shows a Student the administrators' names without contact lines (the server sends no email or phone)", async () => {
    const student = makeProfile({ role: 'Student', organizationId: ORG });
    await renderScreen(
      student,
      answer(
        'get',
        `/organizations/${ORG}`,
        detail({
          administrators: [{ id: 'a1', name: 'Ada Admin', email: null, phone: null, status: 'active' }],
        }),
      ),
    );
    const admins = within(await screen.findByRole('region', { name: 'Administrators' }));
    const [item] = admins.getAllByRole('listitem');
    expect(within(item!).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(item!).queryByText('No phone')).not.toBeInTheDocument();
    expect(item!.textContent).not.toContain('@');
  });

  describe('edit button', () => {
    it.each([
      ['is shown to its Administrator', makeProfile({ role: 'Administrator', organizationId: ORG }), true],
      [
        "is shown to its legacy 'user' administrator",
        makeProfile({ role: 'user', organizationId: ORG }),
        true,
      ],
      ['is shown to the Super Administrator', superAdministrator, true],
      ['is hidden from a Teacher', makeProfile({ role: 'Teacher', organizationId: ORG }), false],
      ['is hidden from a Student', makeProfile({ role: 'Student', organizationId: ORG }), false],
      [
        'is hidden from an Administrator of another organization',
        makeProfile({ role: 'Administrator', organizationId: OTHER }),
        false,
      ],
    ])('%s', async (_who, user, shown) => {
      await renderScreen(user);
      await screen.findByRole('heading', { level: 1, name: 'Hill School' });
      expect(screen.queryByRole('button', { name: 'Edit Hill School' }) !== null).toBe(shown);
    });
  });

  it('gives the Super Administrator a way back to the list', async () => {
    await renderScreen(superAdministrator);
    expect(await screen.findByRole('link', { name: 'All organizations' })).toHaveAttribute(
      'href',
      '/account/organizations',
    );
  });

  it('says the organization cannot be found on a 404, and shows no members', async () => {
    await renderScreen(administrator, answerError('get', `/organizations/${ORG}`, 404, 'not_found'));
    expect(await screen.findByText('This organization could not be found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Organization' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/account/home');
    expect(screen.queryByText('members here')).not.toBeInTheDocument();
  });

  it('offers a retry when loading fails for another reason', async () => {
    const user = userEvent.setup({ delay: null });
    await renderScreen(
      superAdministrator,
      answerError('get', `/organizations/${ORG}`, 500, 'internal_error', { once: true }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The organization could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hill School' })).toBeInTheDocument();
  });

  describe('edit dialog', () => {
    const open = async (user: ReturnType<typeof userEvent.setup>) => {
      await user.click(await screen.findByRole('button', { name: 'Edit Hill School' }));
      return screen.getByRole('dialog', { name: 'Edit organization' });
    };

    it('sends only what changed, toasts, closes and shows the saved organization', async () => {
      const user = userEvent.setup({ delay: null });
      await renderScreen(administrator);
      const dialog = await open(user);

      expect(within(dialog).getByLabelText('Organization name')).toHaveValue('Hill School');
      expect(within(dialog).getByLabelText('Type', { selector: 'input' })).toHaveValue('School');
      expect(within(dialog).getByLabelText('Phone (optional)')).toHaveValue('255 700 000 001');

      await user.clear(within(dialog).getByLabelText('Phone (optional)'));
      await user.type(within(dialog).getByLabelText('Postal code (optional)'), '41101');
      server.use(answer('patch', `/organizations/${ORG}`, detail({ phone: null, postalCode: '41101' })));
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await receivedBody('PATCH', `/organizations/${ORG}`)).toEqual({
        phone: '',
        postalCode: '41101',
      });
      expect(await screen.findByText('Hill School updated successfully.')).toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: 'Details' })).getByText('41101')).toBeInTheDocument();
    });

    it('shows translated validation errors and sends nothing', async () => {
      const user = userEvent.setup({ delay: null });
      await renderScreen(administrator);
      const dialog = await open(user);

      await user.clear(within(dialog).getByLabelText('Organization name'));
      await user.clear(within(dialog).getByLabelText('Organization email'));
      await user.type(within(dialog).getByLabelText('Organization email'), 'office@');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

      expect(await within(dialog).findByText("Please enter the organization's name.")).toBeInTheDocument();
      expect(within(dialog).getByText('Please enter a valid email address.')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Organization name')).toHaveFocus();
      expect(receivedRequests('PATCH')).toEqual([]);
    });

    it('says there is nothing to change when nothing changed', async () => {
      const user = userEvent.setup({ delay: null });
      await renderScreen(administrator);
      const dialog = await open(user);
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nothing to change.');
      expect(receivedRequests('PATCH')).toEqual([]);
    });

    it("translates the server's refusal and keeps the dialog open", async () => {
      const user = userEvent.setup({ delay: null });
      await renderScreen(administrator);
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Organization name'), ' Academy');

      server.use(
        answerError('patch', `/organizations/${ORG}`, 400, 'validation_error', {
          details: [{ path: ['email'], message: 'validation.emailInvalid' }],
          once: true,
        }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(await within(dialog).findByText('Please enter a valid email address.')).toBeInTheDocument();

      server.use(answerError('patch', `/organizations/${ORG}`, 403, 'forbidden', { once: true }));
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are not allowed to do this.');
      expect(screen.getByRole('dialog', { name: 'Edit organization' })).toBeInTheDocument();
    });
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, receivedBody, receivedRequests, server } from '../../../test/msw-server.ts';
import { makeProfile } from '../../../test/profile.ts';
import { auth } from '../test-auth.ts';
import { renderScreen } from '../test-utils.tsx';
import { CreateOrganizationScreen } from './create-organization-screen.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../test-auth.ts')).authProvider);

const newUser = makeProfile({ role: 'Administrator', organizationId: null });

// Typing into several fields takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('CreateOrganizationScreen', () => {
  beforeEach(() => {
    auth.user = newUser;
  });
  afterEach(() => vi.clearAllMocks());

  it('asks for a name and a type before creating anything', async () => {
    const user = userEvent.setup({ delay: null });
    await renderScreen(<CreateOrganizationScreen />);

    await user.click(screen.getByRole('button', { name: 'Create organization' }));

    expect(await screen.findByText("Please enter the organization's name.")).toBeInTheDocument();
    expect(screen.getByText('Please choose the type of organization.')).toBeInTheDocument();
    expect(receivedRequests()).toEqual([]);
  });

  it('creates the organization, reloads the profile and goes home', async () => {
    server.use(
      answer('post', '/accounts/organization', {
        id: 'o1',
        name: 'Hill School',
        type: 'school',
        email: 'office@hill.test',
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderScreen(<CreateOrganizationScreen />);

    expect(screen.getByLabelText('Organization email')).toHaveValue('ada@school.test');
    await user.type(screen.getByLabelText('Organization name'), 'Hill School');
    await user.click(screen.getByLabelText('Type of organization', { selector: 'input' }));
    // The dropdown is still in its opening transition, which the accessibility tree counts as hidden.
    await user.click(await screen.findByRole('option', { name: 'School', hidden: true }));
    await user.clear(screen.getByLabelText('Organization email'));
    await user.type(screen.getByLabelText('Organization email'), 'office@hill.test');
    await user.type(screen.getByLabelText('Phone (optional)'), '+44 20 7946 0000');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));

    expect(await screen.findByTestId('current-path')).toHaveTextContent('/account/home');
    expect(auth.reloadProfile).toHaveBeenCalledTimes(1);
    expect(await receivedBody('POST', '/accounts/organization')).toEqual({
      name: 'Hill School',
      type: 'school',
      email: 'office@hill.test',
      phone: '+44 20 7946 0000',
    });
  });

  it('shows a conflict as a translated message', async () => {
    server.use(answerError('post', '/accounts/organization', 409, 'already_in_organization'));
    const user = userEvent.setup({ delay: null });
    await renderScreen(<CreateOrganizationScreen />);

    await user.type(screen.getByLabelText('Organization name'), 'Hill School');
    await user.click(screen.getByLabelText('Type of organization', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'University', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Create organization' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account already belongs to an organization.',
    );
    expect(auth.reloadProfile).not.toHaveBeenCalled();
  });

  it('says so when the account already has an organization', async () => {
    auth.user = { ...newUser, organizationId: 'o9' };
    await renderScreen(<CreateOrganizationScreen />);

    expect(screen.getByText('Your account already belongs to an organization.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/account/home',
    );
  });
});

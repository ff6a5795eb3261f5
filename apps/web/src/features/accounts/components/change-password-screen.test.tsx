import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, answerError, receivedBody, receivedRequests, server } from '../../../test/msw-server.ts';
import { makeProfile } from '../../../test/profile.ts';
import { auth } from '../test-auth.ts';
import { renderScreen } from '../test-utils.tsx';
import { ChangePasswordScreen } from './change-password-screen.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../test-auth.ts')).authProvider);

const user = makeProfile({ must_change_password: true });

async function fillAndSubmit(current: string) {
  const events = userEvent.setup({ delay: null });
  await events.type(screen.getByLabelText('Current password'), current);
  await events.type(screen.getByLabelText('New password'), 'a-brand-new-password');
  await events.type(screen.getByLabelText('Confirm new password'), 'a-brand-new-password');
  await events.click(screen.getByRole('button', { name: 'Change password' }));
}

// Typing into several fields takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('ChangePasswordScreen', () => {
  beforeEach(() => {
    Object.assign(auth, { status: 'authenticated', user });
  });
  afterEach(() => vi.clearAllMocks());

  it('shows the translated error on the current password when it is wrong', async () => {
    server.use(answerError('post', '/accounts/change-password', 400, 'wrong_password'));
    await renderScreen(<ChangePasswordScreen />);
    expect(screen.getByText(/temporary password/)).toBeInTheDocument();

    await fillAndSubmit('not-my-password');

    const current = screen.getByLabelText('Current password');
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('The current password is incorrect.');
    // The form focuses the first invalid field on the next animation frame.
    await waitFor(() => expect(current).toHaveFocus());
    expect(auth.reloadProfile).not.toHaveBeenCalled();
  });

  it('changes the password, reloads the profile and goes home', async () => {
    server.use(answer('post', '/accounts/change-password', { message: 'ok' }));
    await renderScreen(<ChangePasswordScreen />);

    await fillAndSubmit('temporary-password');

    expect(await screen.findByTestId('current-path')).toHaveTextContent('/account/home');
    expect(auth.reloadProfile).toHaveBeenCalledTimes(1);
    expect(await receivedBody('POST', '/accounts/change-password')).toEqual({
      currentPassword: 'temporary-password',
      newPassword: 'a-brand-new-password',
    });
  });

  it('offers to sign in when there is no session', async () => {
    Object.assign(auth, { status: 'unauthenticated', user: null });
    const events = userEvent.setup({ delay: null });
    await renderScreen(<ChangePasswordScreen />);

    await events.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(auth.login).toHaveBeenCalled();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(receivedRequests()).toEqual([]);
  });
});

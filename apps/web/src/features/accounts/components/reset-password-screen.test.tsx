import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, answerError, receivedBody, receivedRequests, server } from '../../../test/msw-server.ts';
import { renderScreen } from '../test-utils.tsx';
import { ResetPasswordScreen } from './reset-password-screen.tsx';

const token = 'r'.repeat(32);

// Typing into several fields takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('ResetPasswordScreen', () => {
  it('refuses passwords that do not match', async () => {
    const user = userEvent.setup({ delay: null });
    await renderScreen(<ResetPasswordScreen token={token} />);

    await user.type(screen.getByLabelText('New password'), 'a-long-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-different-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();
    expect(receivedRequests()).toEqual([]);
  });

  it('saves the new password and offers to sign in', async () => {
    server.use(answer('post', '/accounts/reset-password', { message: 'ok' }));
    const user = userEvent.setup({ delay: null });
    await renderScreen(<ResetPasswordScreen token={token} />);

    await user.type(screen.getByLabelText('New password'), 'a-long-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(await receivedBody('POST', '/accounts/reset-password')).toEqual({
      token,
      password: 'a-long-new-password',
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?login=1');
  });

  it('welcomes an invited person who sets their first password', async () => {
    server.use(answer('post', '/accounts/reset-password', { message: 'ok' }));
    const user = userEvent.setup({ delay: null });
    await renderScreen(<ResetPasswordScreen token={token} invite />);

    expect(screen.getByRole('heading', { name: 'Welcome to vbuilder' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'a-long-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeInTheDocument();
  });

  it('sends the visitor for a new link when the token has expired', async () => {
    server.use(answerError('post', '/accounts/reset-password', 400, 'token_expired'));
    const user = userEvent.setup({ delay: null });
    await renderScreen(<ResetPasswordScreen token={token} />);

    await user.type(screen.getByLabelText('New password'), 'a-long-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('This link has expired. Please request a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
  });
});

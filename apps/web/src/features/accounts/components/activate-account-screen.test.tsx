import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, answerError, receivedBody, receivedRequests, server } from '../../../test/msw-server.ts';
import { renderScreen } from '../test-utils.tsx';
import { ActivateAccountScreen } from './activate-account-screen.tsx';

const token = 'a'.repeat(32);

// Typing into several fields takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('ActivateAccountScreen', () => {
  it('activates the account once and explains what comes next', async () => {
    server.use(answer('post', '/accounts/activate', { message: 'Activated', email: 'ada@school.test' }));
    await renderScreen(<ActivateAccountScreen token={token} />);

    expect(await screen.findByRole('heading', { name: 'Your account is active' })).toBeInTheDocument();
    expect(screen.getByText('ada@school.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?login=1');
    expect(screen.getByText(/Create your organization/)).toBeInTheDocument();
    expect(receivedRequests()).toHaveLength(1);
    expect(await receivedBody('POST', '/accounts/activate')).toEqual({ token });
  });

  it('offers a new link when the token has expired', async () => {
    server.use(
      answerError('post', '/accounts/activate', 400, 'token_expired'),
      answer('post', '/accounts/resend-activation', { message: 'ok' }, { status: 202 }),
    );
    const user = userEvent.setup({ delay: null });
    await renderScreen(<ActivateAccountScreen token={token} />);

    expect(await screen.findByText('This link has expired. Please request a new one.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@school.test');
    await user.click(screen.getByRole('button', { name: 'Resend activation email' }));

    expect(await screen.findByText(/a new link is on its way/)).toBeInTheDocument();
    expect(await receivedBody('POST', '/accounts/resend-activation')).toEqual({ email: 'ada@school.test' });
  });

  it('treats a link without a token as invalid without calling the API', async () => {
    await renderScreen(<ActivateAccountScreen token={null} />);

    expect(screen.getByText('This link is not valid. Please request a new one.')).toBeInTheDocument();
    expect(receivedRequests()).toEqual([]);
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerError, receivedBody, receivedRequests, server } from '../../../test/msw-server.ts';
import { renderScreen } from '../test-utils.tsx';
import { EmailChangeScreen } from './email-change-screen.tsx';

const token = 'e'.repeat(32);

describe('EmailChangeScreen', () => {
  it('confirms the new address once and says which one signs in now', async () => {
    server.use(answer('post', '/accounts/confirm-email', { message: 'Changed', email: 'ada@new.test' }));
    await renderScreen(<EmailChangeScreen step="confirm" token={token} />);

    expect(
      await screen.findByRole('heading', { name: 'Your email address has changed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ada@new.test')).toBeInTheDocument();
    expect(receivedRequests()).toHaveLength(1);
    expect(await receivedBody('POST', '/accounts/confirm-email')).toEqual({ token });
  });

  it('undoes a change, and says every session was signed out', async () => {
    server.use(answer('post', '/accounts/undo-email-change', { message: 'Back', email: 'ada@old.test' }));
    await renderScreen(<EmailChangeScreen step="undo" token={token} />);

    expect(await screen.findByRole('heading', { name: 'Your email address is back' })).toBeInTheDocument();
    expect(screen.getByText('ada@old.test')).toBeInTheDocument();
    expect(screen.getByText(/Every session has been signed out/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('explains an expired or missing link without guessing', async () => {
    server.use(answerError('post', '/accounts/confirm-email', 400, 'token_expired'));
    await renderScreen(<EmailChangeScreen step="confirm" token={token} />);
    expect(await screen.findByText('This link has expired. Please request a new one.')).toBeInTheDocument();
  });

  it('treats a link without a token as invalid without calling the API', async () => {
    await renderScreen(<EmailChangeScreen step="undo" token={null} />);
    expect(screen.getByText('This link is not valid. Please request a new one.')).toBeInTheDocument();
    expect(receivedRequests()).toEqual([]);
  });
});

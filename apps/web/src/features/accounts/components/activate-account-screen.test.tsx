import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { jsonResponse, renderScreen, sentBody } from '../test-utils.tsx';
import { ActivateAccountScreen } from './activate-account-screen.tsx';

const token = 'a'.repeat(32);

// Typing into several fields takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('ActivateAccountScreen', () => {
  let fetchMock: MockInstance<typeof fetch>;
  beforeEach(() => {
    fetchMock = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => vi.restoreAllMocks());

  it('activates the account once and explains what comes next', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Activated', email: 'ada@school.test' }));
    await renderScreen(<ActivateAccountScreen token={token} />);

    expect(await screen.findByRole('heading', { name: 'Your account is active' })).toBeInTheDocument();
    expect(screen.getByText('ada@school.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?login=1');
    expect(screen.getByText(/Create your organization/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/accounts/activate');
    expect(sentBody(fetchMock.mock.calls[0])).toEqual({ token });
  });

  it('offers a new link when the token has expired', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(400, { code: 'token_expired', message: 'expired' }))
      .mockResolvedValueOnce(jsonResponse(202, { message: 'ok' }));
    const user = userEvent.setup({ delay: null });
    await renderScreen(<ActivateAccountScreen token={token} />);

    expect(await screen.findByText('This link has expired. Please request a new one.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@school.test');
    await user.click(screen.getByRole('button', { name: 'Resend activation email' }));

    expect(await screen.findByText(/a new link is on its way/)).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/accounts/resend-activation');
    expect(sentBody(fetchMock.mock.calls[1])).toEqual({ email: 'ada@school.test' });
  });

  it('treats a link without a token as invalid without calling the API', async () => {
    await renderScreen(<ActivateAccountScreen token={null} />);

    expect(screen.getByText('This link is not valid. Please request a new one.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { profile } from '../../lib/auth/test/fixtures.ts';
import { authValue, CurrentPath, renderWithAuth } from '../../lib/auth/test/render.tsx';
import { Component as LoginRoute } from './login-route.tsx';

const routes = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/', element: <LoginRoute /> },
  { path: '*', element: <CurrentPath /> },
];

describe('login screen', () => {
  it('welcomes the visitor and signs in from the button', async () => {
    const auth = authValue();
    await renderWithAuth(routes, { route: '/login', auth });
    expect(screen.getByRole('heading', { name: 'Welcome to vbuilder' })).toBeInTheDocument();
    expect(auth.login).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(auth.login).toHaveBeenCalledTimes(1);
  });

  it('links to sign-up and forgot password', async () => {
    await renderWithAuth(routes, { route: '/', auth: authValue() });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/sign-up');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotpassword');
  });

  it('starts signing in by itself with ?login=1, once', async () => {
    const auth = authValue();
    await renderWithAuth(routes, { route: '/login?login=1', auth });
    await waitFor(() => expect(auth.login).toHaveBeenCalledTimes(1));
  });

  it('says so when the sign-in service cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const auth = authValue({ login: vi.fn().mockRejectedValue(new Error('offline')) });
    await renderWithAuth(routes, { route: '/login', auth });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the sign-in service');
    vi.restoreAllMocks();
  });

  it('shows no login screen to a signed-in user (they are being sent on)', async () => {
    await renderWithAuth(routes, {
      route: '/login',
      auth: authValue({ status: 'authenticated', user: profile() }),
    });
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profile } from '../../lib/auth/test/fixtures.ts';
import { authValue, CurrentPath, renderWithAuth } from '../../lib/auth/test/render.tsx';
import { Component as CallbackRoute } from './auth-callback-route.tsx';

const routes = [
  { path: '/auth/callback', element: <CallbackRoute /> },
  { path: '*', element: <CurrentPath /> },
];
const path = () => screen.getByTestId('current-path').textContent;

describe('/auth/callback', () => {
  afterEach(() => sessionStorage.clear());

  it('waits for the session, then goes to the stored destination and clears it', async () => {
    sessionStorage.setItem('intendedPath', '/account/questions/u-1');
    const { setAuth } = await renderWithAuth(routes, {
      route: '/auth/callback',
      auth: authValue({ status: 'initializing' }),
    });
    expect(screen.getByText('Completing your sign-in...')).toBeInTheDocument();
    setAuth(authValue({ status: 'authenticated', user: profile() }));
    await waitFor(() => expect(path()).toBe('/account/questions/u-1'));
    expect(sessionStorage.getItem('intendedPath')).toBeNull();
  });

  it('goes to /account/home when the stored destination is public', async () => {
    sessionStorage.setItem('intendedPath', '/sign-up');
    await renderWithAuth(routes, {
      route: '/auth/callback',
      auth: authValue({ status: 'authenticated', user: profile() }),
    });
    await waitFor(() => expect(path()).toBe('/account/home'));
  });

  it('goes to /login when no session came of it', async () => {
    await renderWithAuth(routes, { route: '/auth/callback', auth: authValue({ status: 'unauthenticated' }) });
    await waitFor(() => expect(path()).toBe('/login'));
  });
});

import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PublicRouteRedirect } from './public-route-redirect.tsx';
import { profile } from './test/fixtures.ts';
import { authValue, CurrentPath, renderWithAuth } from './test/render.tsx';

const routes = [
  {
    element: (
      <>
        <PublicRouteRedirect />
        <Outlet />
      </>
    ),
    children: [{ path: '*', element: <CurrentPath /> }],
  },
];

const signedIn = (overrides = {}) => authValue({ status: 'authenticated', user: profile(overrides) });
const path = () => screen.getByTestId('current-path').textContent;

describe('PublicRouteRedirect', () => {
  afterEach(() => sessionStorage.clear());

  it('sends a signed-in user on /login to the stored destination, once', async () => {
    sessionStorage.setItem('intendedPath', '/account/subscription');
    await renderWithAuth(routes, { route: '/login', auth: signedIn() });
    await waitFor(() => expect(path()).toBe('/account/subscription'));
    expect(sessionStorage.getItem('intendedPath')).toBeNull();
  });

  it('sends a signed-in user on a public page to /account/home without a destination', async () => {
    await renderWithAuth(routes, { route: '/sign-up', auth: signedIn() });
    await waitFor(() => expect(path()).toBe('/account/home'));
  });

  it('leaves the callback and change-password pages alone', async () => {
    await renderWithAuth(routes, { route: '/auth/callback', auth: signedIn() });
    expect(path()).toBe('/auth/callback');
    await renderWithAuth(routes, { route: '/change-password', auth: signedIn() });
    expect(screen.getAllByTestId('current-path').at(-1)?.textContent).toBe('/change-password');
  });

  it('does nothing while the session loads or for visitors', async () => {
    await renderWithAuth(routes, { route: '/login', auth: authValue({ status: 'initializing' }) });
    expect(path()).toBe('/login');
  });

  it('sends a user who must change their password to /change-password from anywhere', async () => {
    await renderWithAuth(routes, {
      route: '/account/users/u-1',
      auth: signedIn({ must_change_password: true }),
    });
    await waitFor(() => expect(path()).toBe('/change-password'));
  });
});

import { act, screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../lib/i18n.ts';
import { profile } from '../../lib/auth/test/fixtures.ts';
import { authValue, CurrentPath, renderWithAuth } from '../../lib/auth/test/render.tsx';
import { Component as AccountRoute } from './account-route.tsx';

vi.mock('../../components/layout/account-layout.tsx', () => ({
  AccountLayout: () => (
    <div data-testid="layout">
      <Outlet />
    </div>
  ),
}));

const routes = [
  {
    path: '/account',
    element: <AccountRoute />,
    children: [
      { path: 'home', element: <p>home screen</p> },
      { path: 'users/:userId', element: <p>users screen</p> },
    ],
  },
  { path: '*', element: <CurrentPath /> },
];

const spinner = () => screen.queryByText('Loading your workspace...');

describe('/account gate', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('shows nothing for 100 ms, then a spinner while the session loads', async () => {
    await renderWithAuth(routes, { route: '/account/home', auth: authValue({ status: 'initializing' }) });
    expect(spinner()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(spinner()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(spinner()).not.toBeNull();
  });

  it('keeps the spinner at least 200 ms, then redirects to /login keeping the destination', async () => {
    const { setAuth } = await renderWithAuth(routes, {
      route: '/account/users/u-1?page=2',
      auth: authValue({ status: 'initializing' }),
    });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(spinner()).not.toBeNull();
    setAuth(authValue({ status: 'unauthenticated' }));
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(spinner()).not.toBeNull();
    expect(screen.queryByTestId('current-path')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByTestId('current-path').textContent).toBe('/login');
    expect(sessionStorage.getItem('intendedPath')).toBe('/account/users/u-1?page=2');
  });

  it('renders the account layout at once for a quick session, with no spinner flash', async () => {
    const { setAuth } = await renderWithAuth(routes, {
      route: '/account/home',
      auth: authValue({ status: 'initializing' }),
    });
    await act(() => vi.advanceTimersByTimeAsync(50));
    setAuth(authValue({ status: 'authenticated', user: profile() }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('layout')).toHaveTextContent('home screen');
    expect(spinner()).toBeNull();
  });

  it('redirects a visitor without a session to /login', async () => {
    await renderWithAuth(routes, { route: '/account/home', auth: authValue({ status: 'unauthenticated' }) });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('current-path').textContent).toBe('/login');
  });
});

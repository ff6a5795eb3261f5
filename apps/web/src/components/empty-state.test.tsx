import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../lib/auth/auth-provider.tsx';
import { authValue, makeProfile, renderAt } from './layout/test-utils.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import * as notificationsRoute from '../app/routes/notifications-route.tsx';

vi.mock('../lib/auth/auth-provider.tsx', () => ({ useAuth: vi.fn() }));

const signIn = (role: string) =>
  vi
    .mocked(useAuth)
    .mockReturnValue(authValue(makeProfile({ role })) as unknown as ReturnType<typeof useAuth>);

const ROUTES: Array<[string, ComponentType, string]> = [
  ['notifications', notificationsRoute.Component, 'Notifications'],
];

describe('empty-state routes', () => {
  afterEach(() => vi.mocked(useAuth).mockReset());

  it.each(ROUTES)('%s shows its title and a translated empty state', async (_name, Route, title) => {
    signIn('Administrator');
    await renderAt(<Route />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const inner = screen.getByRole('heading', { level: 2 });
    expect(inner.textContent).not.toMatch(/^emptyStates\.|coming soon/i);
    expect(document.body.textContent).not.toMatch(/emptyStates\.|coming soon/i);
  });
});

describe('NotFoundPage', () => {
  it('says so kindly and links home', async () => {
    await renderAt(<NotFoundPage />, { route: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1, name: "We couldn't find this page" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/account/home');
  });
});

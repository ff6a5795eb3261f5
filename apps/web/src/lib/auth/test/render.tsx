import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../../app/theme.ts';
import { i18nReady } from '../../i18n.ts';
import { AuthContext, type AuthContextValue } from '../auth-context.ts';

/** A useAuth() value; override what the test is about. */
export function authValue(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'unauthenticated',
    user: null,
    error: null,
    tokenExpiring: false,
    signingOut: false,
    retryCount: 0,
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    reloadProfile: vi.fn(async () => null),
    retry: vi.fn(async () => undefined),
    signOutAndRestart: vi.fn(async () => undefined),
    ...overrides,
  };
}

export function CurrentPath() {
  const location = useLocation();
  return <p data-testid="current-path">{`${location.pathname}${location.search}`}</p>;
}

/** Renders routes at `route` with a given auth value; the value can be changed with `setAuth`. */
export async function renderWithAuth(
  routes: RouteObject[],
  { route, auth }: { route: string; auth: AuthContextValue },
) {
  await i18nReady;
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const queryClient = new QueryClient();
  const tree = (value: AuthContextValue): ReactNode => (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <AuthContext.Provider value={value}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
  const result = render(tree(auth));
  return { ...result, router, setAuth: (value: AuthContextValue) => result.rerender(tree(value)) };
}

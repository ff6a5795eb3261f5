import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import type { UserProfile } from '@vbuilder/shared';
import { theme } from '../../app/theme.ts';
import { i18nReady } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';

export { makeProfile } from '../../test/profile.ts';

/** The useAuth() value of a signed-in (or still loading) session. */
export function authValue(user: UserProfile | null, extra: Record<string, unknown> = {}) {
  return {
    status: user ? ('authenticated' as const) : ('initializing' as const),
    user,
    error: null,
    login: async () => {},
    logout: async () => {},
    reloadProfile: async () => {},
    ...extra,
  };
}

export function CurrentPath() {
  const location = useLocation();
  return <p data-testid="current-path">{location.pathname}</p>;
}

/**
 * Renders `ui` at `route` inside the app's providers with English loaded. Every other path shows
 * the current path, so a test can see where a link led.
 */
export async function renderAt(
  ui: ReactNode,
  {
    route = '/account/home',
    path = '*',
    routes = [],
  }: { route?: string; path?: string; routes?: RouteObject[] } = {},
) {
  await i18nReady;
  const queryClient = createQueryClient({ retry: false, staleTime: 0 });
  const router = createMemoryRouter(
    [...routes, { path, element: ui }, ...(path === '*' ? [] : [{ path: '*', element: <CurrentPath /> }])],
    { initialEntries: [route] },
  );
  const result = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

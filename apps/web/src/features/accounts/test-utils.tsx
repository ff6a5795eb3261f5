import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { theme } from '../../app/theme.ts';
import { i18nReady } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';

/** Renders an account screen at `route` inside the app's providers, with English loaded. */
export async function renderScreen(
  ui: ReactNode,
  { route = '/screen', path = '/screen' }: { route?: string; path?: string } = {},
) {
  await i18nReady;
  // The notifications store is global: drop toasts left by an earlier test.
  notifications.clean();
  const queryClient = createQueryClient({ retry: false, staleTime: 0 });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '/account/home', element: <CurrentPath /> },
      { path: '*', element: <CurrentPath /> },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router };
}

function CurrentPath() {
  const location = useLocation();
  return <p data-testid="current-path">{location.pathname}</p>;
}

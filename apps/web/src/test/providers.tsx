import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../app/theme.ts';
import { CurrentPath } from '../components/layout/test-utils.tsx';
import { i18nReady } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders inside Mantine (no transitions or portals), the modals manager and a fresh app query client (no retries), English loaded. */
export async function renderWithProviders(ui: ReactNode) {
  await i18nReady;
  const queryClient = createQueryClient({ retry: false, staleTime: 0 });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>{ui}</ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}

/**
 * Renders `ui` at `route` (matched by `path`, by default the route without its query) inside the
 * same providers and a memory router; every other path shows where a link led.
 */
export async function renderWithRouter(ui: ReactNode, route: string, path = route.split('?')[0]) {
  await i18nReady;
  const queryClient = createQueryClient({ retry: false, staleTime: 0 });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <CurrentPath /> },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

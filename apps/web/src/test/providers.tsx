import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { theme } from '../app/theme.ts';
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

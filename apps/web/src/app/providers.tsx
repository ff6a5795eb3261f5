import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { ModalsHost, NotificationsHost } from '../components/deferred/overlay-hosts.tsx';
import { LoadingScreen } from '../components/errors/loading-screen.tsx';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import i18n from '../lib/i18n.ts';
import { cssVariablesResolver, themeWithLabels } from './theme.ts';

/** Toasts: top-right, 4 s, at most 3 visible (docs/product/limits.md). */
export const TOASTS = { position: 'top-right', autoClose: 4000, limit: 3 } as const;

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // The theme carries translated labels (toast close buttons), so it follows the language.
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    i18n.on('languageChanged', setLanguage);
    return () => i18n.off('languageChanged', setLanguage);
  }, []);
  const theme = useMemo(() => themeWithLabels(i18n.t('common:close', { lng: language })), [language]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsHost position={TOASTS.position} autoClose={TOASTS.autoClose} limit={TOASTS.limit} />
      <QueryClientProvider client={queryClient}>
        <ModalsHost />
        <Suspense fallback={<LoadingScreen />}>
          <AuthProvider>{children}</AuthProvider>
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}

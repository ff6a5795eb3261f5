import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import type { UserProfile } from '@vbuilder/shared';
import { theme } from '../../app/theme.ts';
import { i18nReady } from '../../lib/i18n.ts';

/** Renders inside Mantine (no transitions or portals) and a fresh query client, English loaded. */
export async function renderWithProviders(ui: ReactNode) {
  await i18nReady;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}

/** Lets pending promises and zero-delay timers run (query and mutation results) under fake timers. */
export const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

/** Moves fake time forward, running what falls due. */
export const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

export const makeProfile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  id: '0b7c2f0e-6d1c-4a53-9d0f-1f5c2b7a9e11',
  email: 'amina@school.test',
  role: 'Teacher',
  organizationId: '5f0c1c2a-8f7e-4d3b-a1a2-9c8b7d6e5f40',
  must_change_password: false,
  name: 'Amina Wanjiru',
  phone: '255700000001',
  status: 'active',
  loggin_status: 'logged_in',
  last_login: null,
  created_at: '2026-01-15T09:30:00.000Z',
  profile_image: null,
  ...overrides,
});

export const envelope = (user: UserProfile) => ({ status: 200, loggedIn: true, user });

/** A promise resolved or rejected from the test, to observe in-flight states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

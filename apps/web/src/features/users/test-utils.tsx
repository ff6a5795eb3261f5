import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import type { UserList, UserProfile, UserSummary } from '@vbuilder/shared';
import { theme } from '../../app/theme.ts';
import { i18nReady } from '../../lib/i18n.ts';

/** Renders inside Mantine (no transitions or portals), the modals manager and a fresh query client. */
export async function renderWithProviders(ui: ReactNode) {
  await i18nReady;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>{ui}</ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}

/** Lets pending promises and zero-delay timers run under fake timers. */
export const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
export const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

export const ORGANIZATION_ID = '5f0c1c2a-8f7e-4d3b-a1a2-9c8b7d6e5f40';

export const makeViewer = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  id: '0b7c2f0e-6d1c-4a53-9d0f-1f5c2b7a9e11',
  email: 'admin@school.test',
  role: 'Administrator',
  organizationId: ORGANIZATION_ID,
  must_change_password: false,
  name: 'Grace Admin',
  phone: null,
  status: 'active',
  loggin_status: 'logged_in',
  last_login: null,
  created_at: '2026-01-15T09:30:00.000Z',
  profile_image: null,
  ...overrides,
});

let sequence = 0;
export function makeUser(overrides: Partial<UserSummary> = {}): UserSummary {
  sequence += 1;
  const n = String(sequence).padStart(12, '0');
  return {
    id: `a1b2c3d4-0000-4000-8000-${n}`,
    name: `Person ${sequence}`,
    email: `person${sequence}@school.test`,
    phone: null,
    role: 'Student',
    status: 'active',
    organizationId: ORGANIZATION_ID,
    organizationName: 'Hillside School',
    createdAt: '2026-02-01T08:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}

export const pageOf = (items: UserSummary[], extra: Partial<UserList> = {}): UserList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  ...extra,
});

/** The query string of a request path, as an object. */
export const queryOf = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

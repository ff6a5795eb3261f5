import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../lib/i18n.ts';

const auth = vi.hoisted(() => ({ user: { id: 'me-id' } as { id: string } | null }));
vi.mock('../../lib/auth/auth-provider.tsx', () => ({
  useAuth: () => ({ user: auth.user, reloadProfile: vi.fn() }),
}));
vi.mock('../../features/profile/components/profile-screen.tsx', () => ({
  ProfileScreen: () => <p>profile screen</p>,
}));

const { Component } = await import('./profile-route.tsx');

async function renderAt(path: string) {
  await i18nReady;
  const router = createMemoryRouter([{ path: '/account/profile/:userId', Component }], {
    initialEntries: [path],
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

describe('profile route', () => {
  it("shows the signed-in user's profile at their own address", async () => {
    const router = await renderAt('/account/profile/me-id');
    expect(await screen.findByText('profile screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/profile/me-id');
  });

  it("corrects another user's id to one's own", async () => {
    const router = await renderAt('/account/profile/someone-else');
    expect(await screen.findByText('profile screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/profile/me-id');
  });
});

import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({
  user: { id: 'me-id', role: 'Teacher' } as { id: string; role: string } | null,
}));
vi.mock('../../lib/auth/auth-provider.tsx', () => ({
  useAuth: () => ({ user: auth.user }),
}));
vi.mock('../../features/users/components/users-screen.tsx', () => ({
  UsersScreen: ({ viewer }: { viewer: { role: string } | null }) => <p>users screen for {viewer?.role}</p>,
}));

const { Component } = await import('./users-route.tsx');

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/account/users/:userId', Component }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('users route', () => {
  it('shows the users screen to the signed-in user at their own address', async () => {
    const router = renderAt('/account/users/me-id');
    expect(await screen.findByText('users screen for Teacher')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/users/me-id');
  });

  it("corrects another user's id to one's own", async () => {
    const router = renderAt('/account/users/someone-else');
    expect(await screen.findByText('users screen for Teacher')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/users/me-id');
  });
});

import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({
  user: { id: 'me-id', role: 'Teacher', organizationId: 'org-1' } as { id: string; role: string } | null,
}));
vi.mock('../../lib/auth/auth-provider.tsx', () => ({
  useAuth: () => ({ user: auth.user }),
}));
vi.mock('../../features/assessments/components/assessment-list.tsx', () => ({
  AssessmentListScreen: ({ viewer }: { viewer: { role: string } }) => (
    <p>assessment list for {viewer.role}</p>
  ),
}));

const { Component } = await import('./assessments-route.tsx');

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/account/questions/:userId', Component }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('assessments route', () => {
  it('shows the list to the signed-in user at their own address', async () => {
    const router = renderAt('/account/questions/me-id');
    expect(await screen.findByText('assessment list for Teacher')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/questions/me-id');
  });

  it("corrects another user's id to one's own", async () => {
    const router = renderAt('/account/questions/someone-else');
    expect(await screen.findByText('assessment list for Teacher')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/questions/me-id');
  });
});

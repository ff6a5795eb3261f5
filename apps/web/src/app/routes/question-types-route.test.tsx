import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/auth/auth-provider.tsx', () => ({
  useAuth: () => ({ user: { id: 'me-id', role: 'Teacher' } }),
}));
vi.mock('../../features/questions/screens/question-types-screen.tsx', () => ({
  QuestionTypesScreen: () => <p>question types screen</p>,
}));

const { Component } = await import('./question-types-route.tsx');

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/account/questiontype/:userId', Component }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('question types route', () => {
  it('shows the question types at their own address', async () => {
    const router = renderAt('/account/questiontype/me-id');
    expect(await screen.findByText('question types screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/questiontype/me-id');
  });

  it("corrects another user's id to one's own", async () => {
    const router = renderAt('/account/questiontype/someone-else');
    expect(await screen.findByText('question types screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/questiontype/me-id');
  });
});

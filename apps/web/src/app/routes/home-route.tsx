import { lazy, Suspense } from 'react';
import { Stack } from '@mantine/core';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { SummaryCards } from '../../features/dashboard/components/summary-cards.tsx';
import { WelcomeCard } from '../../features/dashboard/components/welcome-card.tsx';

// The role cards bring the charts (recharts): a chunk of their own, so the welcome and the
// overview show while it loads, and no other screen carries it.
const RoleDashboard = lazy(() =>
  import('../../features/dashboard/components/role-dashboard.tsx').then((m) => ({
    default: m.RoleDashboard,
  })),
);

/**
 * /account/home: the dashboard (docs/product/screens.md 'Home dashboard'): the welcome, the cards of the role
 *, then the analytics overview.
 */
export function Component() {
  const { user } = useAuth();
  return (
    <Stack gap="xl" maw={1280} mx="auto">
      <WelcomeCard user={user} />
      {user && (
        <Suspense fallback={null}>
          <RoleDashboard user={user} />
        </Suspense>
      )}
      <SummaryCards />
    </Stack>
  );
}

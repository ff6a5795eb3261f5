import { Stack } from '@mantine/core';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { RoleDashboard } from '../../features/dashboard/components/role-dashboard.tsx';
import { SummaryCards } from '../../features/dashboard/components/summary-cards.tsx';
import { WelcomeCard } from '../../features/dashboard/components/welcome-card.tsx';

/**
 * /account/home: the dashboard (SPEC §2 'Home dashboard'): the welcome, the cards of the role
 * (issue 14), then the analytics overview.
 */
export function Component() {
  const { user } = useAuth();
  return (
    <Stack gap="xl" maw={1280} mx="auto">
      <WelcomeCard user={user} />
      {user && <RoleDashboard user={user} />}
      <SummaryCards />
    </Stack>
  );
}

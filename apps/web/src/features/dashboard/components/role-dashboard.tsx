import { SimpleGrid, Stack } from '@mantine/core';
import { isAdministrator, isSuperAdministrator, type UserProfile } from '@vbuilder/shared';
import { MarkingQueueCard } from './marking-queue-card.tsx';
import { MyCertificatesCard } from './my-certificates-card.tsx';
import { MyResultsCard } from './my-results-card.tsx';
import { PlanUsageCard } from './plan-usage-card.tsx';
import { OrganizationsCard, PaymentsMonthCard } from './platform-cards.tsx';
import { RecentResultsCard } from './recent-results-card.tsx';
import { ScheduleCard } from './schedule-card.tsx';
import { SubmissionsWeekCard } from './submissions-week-card.tsx';
import { UsersByRoleCard } from './users-by-role-card.tsx';

/**
 * The cards of the signed-in person's role: a Teacher's work, an Administrator's the
 * same plus the plan and the people by role, a Student's assessments and results, the Super Administrator's platform.
 * Someone outside any organization has none (the overview says why). This module (and the charts
 * with it) loads only with the dashboard's lazy route.
 */
export function RoleDashboard({ user }: { user: UserProfile }) {
  if (isSuperAdministrator(user.role)) {
    return (
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <OrganizationsCard />
        <PaymentsMonthCard />
      </SimpleGrid>
    );
  }
  if (!user.organizationId) return null;
  if (user.role === 'Student') {
    return (
      <Stack gap="lg">
        <ScheduleCard userId={user.id} student />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <MyResultsCard />
          <MyCertificatesCard userId={user.id} />
        </SimpleGrid>
      </Stack>
    );
  }
  // Teachers, administrators, and roles we do not know (they get the Teacher's menu, docs/product/roles.md).
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <ScheduleCard userId={user.id} student={false} />
        <MarkingQueueCard />
        <SubmissionsWeekCard />
        <RecentResultsCard />
        {isAdministrator(user.role) && (
          <>
            <PlanUsageCard />
            <UsersByRoleCard />
          </>
        )}
      </SimpleGrid>
    </Stack>
  );
}

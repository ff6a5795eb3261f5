import { useParams } from 'react-router';
import { OrganizationDetailsScreen } from '../../features/organizations/components/organization-details-screen.tsx';
import { canViewMembers } from '../../features/organizations/lib/permissions.ts';
import { AllUsersTable } from '../../features/users/components/all-users-table.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/**
 * /account/organization/{id}: the organization's details and, below them, its members for those
 * who may see them. A Student sees the details only (the API refuses them the members), which is
 * their 'My Organization'.
 */
export function Component() {
  const { organizationId = '' } = useParams();
  const { user } = useAuth();
  return (
    <OrganizationDetailsScreen
      // Another organization is another page: no dialog or form state carries over.
      key={organizationId}
      organizationId={organizationId}
      members={canViewMembers(user) ? <AllUsersTable organizationId={organizationId} /> : null}
    />
  );
}

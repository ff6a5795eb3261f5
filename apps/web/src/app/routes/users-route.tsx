import { Navigate, useParams } from 'react-router';
import { UsersScreen } from '../../features/users/components/users-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/**
 * /account/users/{userId}: the people of the viewer's organization (docs/product/screens.md 'Users table'). The
 * list does not depend on the id in the address, so another id is corrected to one's own rather
 * than showing the same list under someone else's id.
 */
export function Component() {
  const { userId } = useParams();
  const { user } = useAuth();
  if (user && userId !== user.id) return <Navigate to={`/account/users/${user.id}`} replace />;
  return <UsersScreen viewer={user} />;
}

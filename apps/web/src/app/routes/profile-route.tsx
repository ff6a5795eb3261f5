import { Navigate, useParams } from 'react-router';
import { ProfileScreen } from '../../features/profile/components/profile-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/**
 * /account/profile/{userId}. The profile API answers the signed-in user only, so another user's
 * id in the address is corrected to one's own rather than showing one's profile under it.
 */
export function Component() {
  const { userId } = useParams();
  const { user } = useAuth();
  if (user && userId !== user.id) return <Navigate to={`/account/profile/${user.id}`} replace />;
  return <ProfileScreen />;
}

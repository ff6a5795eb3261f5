import { Navigate, useParams } from 'react-router';
import { AssessmentListScreen } from '../../features/assessments/components/assessment-list.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/**
 * /account/questions/{userId}: the assessment list (docs/product/screens.md). What it lists depends on the
 * signed-in person, not on the id in the address, so another id is corrected to one's own.
 */
export function Component() {
  const { userId } = useParams();
  const { user } = useAuth();
  if (!user) return null;
  if (userId !== user.id) return <Navigate to={`/account/questions/${user.id}`} replace />;
  return <AssessmentListScreen viewer={user} />;
}

import { Navigate, useParams } from 'react-router';
import { QuestionTypesScreen } from '../../features/questions/screens/question-types-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/**
 * /account/questiontype/{userId}: the question types by plan tier with a live preview. The list
 * is the same for everyone, so another user's id is corrected to one's own.
 */
export function Component() {
  const { userId } = useParams();
  const { user } = useAuth();
  if (user && userId !== user.id) return <Navigate to={`/account/questiontype/${user.id}`} replace />;
  return <QuestionTypesScreen />;
}

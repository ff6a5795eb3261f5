import { useParams } from 'react-router';
import { MarkingScreen } from '../../features/submissions/components/marking-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/** /account/questions/pending-marking/{assessmentId}/{studentId}: manual marking of one student's answers. */
export function Component() {
  const { assessmentId = '', studentId = '' } = useParams();
  const { user } = useAuth();
  return (
    <MarkingScreen
      key={`${assessmentId}/${studentId}`}
      assessmentId={assessmentId}
      studentId={studentId}
      backTo={`/account/questions/${user?.id ?? ''}/quiz/${assessmentId}/submissions`}
    />
  );
}

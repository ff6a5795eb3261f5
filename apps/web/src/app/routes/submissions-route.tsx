import { useParams } from 'react-router';
import { isAdministrator, managesAssessment } from '@vbuilder/shared';
import { useAssessment } from '../../features/assessments/api/get-assessment.ts';
import { SubmissionsScreen } from '../../features/submissions/components/submissions-screen.tsx';
import { errorCodeOf } from '../../lib/api-errors.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/** /account/questions/{userId}/quiz/{quizId}/submissions: students' submissions of one assessment. */
export function Component() {
  const { userId = '', quizId = '' } = useParams();
  const { user } = useAuth();
  const assessment = useAssessment(quizId);
  // Those who mark (Administrators, Teachers) regrade; the platform team reads the history.
  const marks = Boolean(user && user.role !== 'Super Administrator' && user.role !== 'Student');
  const missing =
    assessment.isError && ['not_found', 'validation_error'].includes(errorCodeOf(assessment.error));
  return (
    <SubmissionsScreen
      key={quizId}
      assessmentId={quizId}
      // null: it could not be loaded for another reason; the submissions still show.
      assessment={assessment.data ?? (assessment.isError ? null : undefined)}
      assessmentMissing={missing}
      backTo={`/account/questions/${user?.id ?? userId}`}
      markingPath={(studentId) => `/account/questions/pending-marking/${quizId}/${studentId}`}
      // Only administrators give certificates (docs/product/roles.md): the certificates screen, preset to this one.
      canRegrade={marks}
      // Releasing results is the author's or an administrator's call (managesAssessment), as the API rules.
      canRelease={Boolean(
        marks &&
        user &&
        assessment.data &&
        managesAssessment(user, { createdBy: assessment.data.createdBy?.id ?? null }),
      )}
      giveCertificatesPath={
        user && isAdministrator(user.role)
          ? `/account/certifications/${user.id}?give=${encodeURIComponent(quizId)}`
          : undefined
      }
    />
  );
}

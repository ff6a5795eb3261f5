import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useAssessment } from '../../features/assessments/api/get-assessment.ts';
import {
  ScreenLoadError,
  ScreenLoading,
} from '../../features/assessments/components/editor/screen-states.tsx';
import { AssessmentView } from '../../features/assessments/components/view/assessment-view.tsx';
import { assessmentPaths } from '../../features/assessments/lib/assessment-paths.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/** /account/user/questions/{userId}/quiz/{assessmentId}/view: one assessment as students see it. */
export function Component() {
  const { userId, assessmentId = '' } = useParams();
  const { user } = useAuth();
  const { t } = useTranslation('assessmentEditor');
  const assessment = useAssessment(assessmentId);
  if (!user) return null;
  if (userId !== user.id) return <Navigate to={assessmentPaths.view(user.id, assessmentId)} replace />;
  if (assessment.isError && !assessment.data) {
    return (
      <ScreenLoadError
        title={t('view.title')}
        message={t('view.loadFailed')}
        error={assessment.error}
        onRetry={() => void assessment.refetch()}
        retrying={assessment.isFetching}
      />
    );
  }
  if (!assessment.data) return <ScreenLoading title={t('view.title')} />;
  return <AssessmentView assessment={assessment.data} userId={user.id} staff={user.role !== 'Student'} />;
}

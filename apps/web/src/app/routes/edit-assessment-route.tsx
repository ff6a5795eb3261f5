import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useAssessment } from '../../features/assessments/api/get-assessment.ts';
import { useAssessmentUsage } from '../../features/assessments/api/get-usage.ts';
import { EditAssessmentScreen } from '../../features/assessments/components/editor/edit-assessment-screen.tsx';
import {
  ScreenLoadError,
  ScreenLoading,
} from '../../features/assessments/components/editor/screen-states.tsx';
import { assessmentPaths } from '../../features/assessments/lib/assessment-paths.ts';
import { assessmentBankTools } from '../../features/question-bank/components/assessment-bank-tools.ts';
import { isAdministrator } from '@vbuilder/shared';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/** /account/user/questions/{userId}/quiz/{quizId}/edit: editing one assessment (staff only). */
export function Component() {
  const { userId, quizId = '' } = useParams();
  const { user } = useAuth();
  const { t } = useTranslation('assessmentEditor');
  const staff = Boolean(user) && user?.role !== 'Student';
  const assessment = useAssessment(quizId);
  const usage = useAssessmentUsage(undefined, staff);
  if (!user) return null;
  if (!staff) return <Navigate to={assessmentPaths.view(user.id, quizId)} replace />;
  if (userId !== user.id) return <Navigate to={assessmentPaths.edit(user.id, quizId)} replace />;
  if (assessment.isError && !assessment.data) {
    return (
      <ScreenLoadError
        title={t('edit.title')}
        message={t('edit.loadFailed')}
        error={assessment.error}
        onRetry={() => void assessment.refetch()}
        retrying={assessment.isFetching}
      />
    );
  }
  // The plan only narrows the type picker: wait for it briefly, carry on without it if it fails.
  if (!assessment.data || (usage.isPending && !usage.isError))
    return <ScreenLoading title={t('edit.title')} />;
  return (
    <EditAssessmentScreen
      key={assessment.data.id}
      assessment={assessment.data}
      userId={user.id}
      allowedTypes={usage.data?.plan.allowedTypes ?? null}
      packageName={usage.data?.plan.name}
      bank={assessmentBankTools}
      canSetAutoCertificate={isAdministrator(user.role)}
    />
  );
}

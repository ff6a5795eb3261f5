import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useAssessmentUsage } from '../../features/assessments/api/get-usage.ts';
import {
  ScreenLoadError,
  ScreenLoading,
} from '../../features/assessments/components/editor/screen-states.tsx';
import { AssessmentWizard } from '../../features/assessments/components/wizard/assessment-wizard.tsx';
import { assessmentPaths } from '../../features/assessments/lib/assessment-paths.ts';
import { isAdministrator } from '@vbuilder/shared';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/**
 * /account/questions/{userId}/new: the assessment creation wizard. Students do not create
 * assessments; another user's id is corrected to one's own (the draft is kept per user).
 */
export function Component() {
  const { userId } = useParams();
  const { user } = useAuth();
  const { t, i18n } = useTranslation('assessmentEditor');
  const usage = useAssessmentUsage(undefined, Boolean(user) && user?.role !== 'Student');
  if (!user) return null;
  if (user.role === 'Student') return <Navigate to={assessmentPaths.list(user.id)} replace />;
  if (userId !== user.id) return <Navigate to={assessmentPaths.create(user.id)} replace />;
  if (usage.isError && !usage.data) {
    return (
      <ScreenLoadError
        title={t('wizard.title')}
        message={t('wizard.loadFailed')}
        error={usage.error}
        onRetry={() => void usage.refetch()}
        retrying={usage.isFetching}
      />
    );
  }
  if (!usage.data) return <ScreenLoading title={t('wizard.title')} />;
  return (
    <AssessmentWizard
      userId={user.id}
      usage={usage.data}
      defaultLanguage={i18n.resolvedLanguage ?? 'en'}
      defaultInstructor={user.name}
      listPath={assessmentPaths.list(user.id)}
      canSetAutoCertificate={isAdministrator(user.role)}
    />
  );
}

import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { MyResultsScreen } from '../../features/attempts/components/my-results-screen.tsx';
import type { SubmittedState } from '../../features/attempts/components/take-attempt.tsx';

/** /account/user/:userId/quiz/:assessmentId/my-results: a student's results for one assessment. */
export function Component() {
  const { t } = useTranslation('attempts');
  const { userId = '', assessmentId = '' } = useParams();
  const location = useLocation();
  const submitted = (location.state as Partial<SubmittedState> | null)?.submittedAttemptId ?? null;
  const takePath = `/account/user/${userId}/quiz/${assessmentId}`;
  useDocumentTitle(t('results.pageTitle'));
  return (
    <MyResultsScreen
      assessmentId={assessmentId}
      takePath={takePath}
      redoPath={`${takePath}/redo`}
      justSubmittedId={submitted}
    />
  );
}

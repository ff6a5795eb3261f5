import { Alert, Center, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useAssessment } from '../../features/assessments/api/get-assessment.ts';
import { startAttempt } from '../../features/attempts/api/attempt-calls.ts';
import { StartCard } from '../../features/attempts/components/start-card.tsx';
import { TakeAttempt } from '../../features/attempts/components/take-attempt.tsx';
import { prefetchAttempt, rememberStartedAttempt } from '../../features/attempts/hooks/use-loaded-attempt.ts';
import { errorCodeOf } from '../../lib/api-errors.ts';

/**
 * /account/user/:userId/quiz/:assessmentId (and /redo, a retake): the start card, then the
 * attempt. The attempt's id goes into the address (?attempt=), so a reload — even without a
 * network — opens the same attempt straight away.
 */
/** An attempt in the address starts loading now, not once the session and profile are in (no wait). */
export function loader({ request }: LoaderFunctionArgs) {
  const attemptId = new URL(request.url).searchParams.get('attempt');
  if (attemptId) prefetchAttempt(attemptId);
  return null;
}

export function Component() {
  const { t } = useTranslation(['attempts', 'errors']);
  const { userId = '', assessmentId = '' } = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const attemptId = search.get('attempt');
  const retake = pathname.endsWith('/redo');
  const base = `/account/user/${userId}/quiz/${assessmentId}`;
  const resultsPath = `${base}/my-results`;
  const backPath = `/account/questions/${userId}`;
  useDocumentTitle(t('pageTitle'));

  // The start card's; an attempt in progress brings its own assessment (one request fewer each).
  const assessment = useAssessment(assessmentId, { enabled: !attemptId });

  if (attemptId) {
    return (
      <TakeAttempt
        attemptId={attemptId}
        assessmentId={assessmentId}
        resultsPath={resultsPath}
        backPath={backPath}
      />
    );
  }
  if (assessment.isPending) {
    return (
      <Center mih={240}>
        <Loader aria-label={t('attempt.loading')} />
      </Center>
    );
  }
  if (assessment.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} aria-hidden />}
        role="alert"
        maw={640}
      >
        {t(`errors:${errorCodeOf(assessment.error)}`, { defaultValue: t('errors:internal_error') })}
      </Alert>
    );
  }
  const start = async () => {
    let id = assessment.data.myAttempts?.inProgressAttemptId;
    if (!id) {
      // The attempt the start answers opens as it is: no second request for it.
      const started = await startAttempt(assessmentId);
      await rememberStartedAttempt(queryClient, started);
      id = started.attempt.id;
    }
    await navigate(`${pathname}?attempt=${encodeURIComponent(id)}`, { replace: false });
  };
  return <StartCard assessment={assessment.data} retake={retake} resultsPath={resultsPath} onStart={start} />;
}

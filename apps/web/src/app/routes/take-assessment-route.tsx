import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { TakeAttempt } from '../../features/attempts/components/take-attempt.tsx';
import { prefetchAttempt } from '../../features/attempts/hooks/use-loaded-attempt.ts';

const loadStartView = () => import('./take-assessment-start.tsx');
const StartView = lazy(loadStartView);

/**
 * /account/user/:userId/quiz/:assessmentId (and /redo, a retake): the start card, then the
 * attempt. The attempt's id goes into the address (?attempt=), so a reload — even without a
 * network — opens the same attempt straight away.
 */
/** An attempt in the address starts loading now, not once the session and profile are in (no wait). */
export function loader({ request }: LoaderFunctionArgs) {
  const attemptId = new URL(request.url).searchParams.get('attempt');
  // The start card's code comes with the route's words (its own chunk: see take-assessment-start.tsx).
  if (attemptId) prefetchAttempt(attemptId);
  else void loadStartView().catch(() => undefined);
  return null;
}

export function Component() {
  const { t } = useTranslation(['attempts', 'errors']);
  const { userId = '', assessmentId = '' } = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const attemptId = search.get('attempt');
  const retake = pathname.endsWith('/redo');
  const base = `/account/user/${userId}/quiz/${assessmentId}`;
  const resultsPath = `${base}/my-results`;
  const backPath = `/account/questions/${userId}`;
  useDocumentTitle(t('pageTitle'));

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
  // An attempt in progress brings its own assessment: the start card's is fetched only without one.
  const loading = (
    <Center mih={240}>
      <Loader aria-label={t('attempt.loading')} />
    </Center>
  );
  return (
    <Suspense fallback={loading}>
      <StartView assessmentId={assessmentId} retake={retake} resultsPath={resultsPath} />
    </Suspense>
  );
}

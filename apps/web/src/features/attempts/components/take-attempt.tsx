import { useCallback, useDeferredValue, useState } from 'react';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import type { AttemptResult } from '@vbuilder/shared';
import { codeOf, errorCodeOf } from '../../../lib/api-errors.ts';
import { assessmentKeys, attemptKeys } from '../../../lib/query-keys.ts';
import { invalidateKeys } from '../../../lib/query-client.ts';
import { useLoadedAttempt } from '../hooks/use-loaded-attempt.ts';
import { AttemptScreen } from './attempt-screen.tsx';

export interface SubmittedState {
  submittedAttemptId: string;
}

interface Props {
  attemptId: string;
  assessmentId: string;
  resultsPath: string;
  backPath: string;
}

/** Opens an attempt (from the server, or this device's copy without a network) and takes it. */
export function TakeAttempt({ attemptId, assessmentId, resultsPath, backPath }: Props) {
  const { t } = useTranslation(['attempts', 'errors']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const loaded = useLoadedAttempt(attemptId);
  // The query's updates render synchronously; the attempt's arrival renders every question, so the
  // screen takes it as a deferred value: React builds it in small slices (a transition) and the
  // page keeps answering meanwhile (blocking time). The loader stays until then.
  const shown = useDeferredValue(loaded.data);
  // Handed in here: the results screen takes over (and says so); nothing else may navigate first.
  const [handedIn, setHandedIn] = useState(false);

  const onSubmitted = useCallback(
    (_result: AttemptResult | null) => {
      setHandedIn(true);
      // Submitting is not a mutation (it retries across lost connections), so it names its keys here.
      void invalidateKeys(queryClient, [attemptKeys.myResults(assessmentId), assessmentKeys.all]);
      const state: SubmittedState = { submittedAttemptId: attemptId };
      void navigate(resultsPath, { replace: true, state });
    },
    [queryClient, navigate, assessmentId, attemptId, resultsPath],
  );

  const loading = (
    <Center mih={240}>
      <Loader aria-label={t('attempt.loading')} />
    </Center>
  );
  if (loaded.isPending || handedIn) return loading;
  if (loaded.isError) {
    const code = errorCodeOf(loaded.error);
    return (
      <Stack gap="md" maw={640}>
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          role="alert"
          title={t('attempt.loadErrorTitle')}
        >
          {codeOf(loaded.error) === 'network_error'
            ? t('attempt.offlineNoCopy')
            : t(`errors:${code}`, { defaultValue: t('errors:internal_error') })}
        </Alert>
        <Stack gap="xs" align="flex-start">
          <Button onClick={() => void loaded.refetch()}>{t('attempt.tryAgain')}</Button>
          <Button component={Link} to={backPath} variant="subtle">
            {t('attempt.back')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  // The deferred value is behind: the attempt is being built in the background (or, another
  // attempt's id just came in, still the previous one).
  if (!shown || shown.attempt.id !== attemptId) return loading;
  if (shown.attempt.status === 'submitted') return <Navigate to={resultsPath} replace />;
  return <AttemptScreen loaded={shown} resultsPath={resultsPath} onSubmitted={onSubmitted} />;
}

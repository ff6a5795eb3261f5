import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAssessment } from '../../features/assessments/api/get-assessment.ts';
import { errorCodeOf } from '../../lib/api-errors.ts';
import { startAttempt } from '../../features/attempts/api/attempt-calls.ts';
import { rememberStartedAttempt } from '../../features/attempts/hooks/use-loaded-attempt.ts';
import { StartCard } from '../../features/attempts/components/start-card.tsx';

interface Props {
  assessmentId: string;
  retake: boolean;
  resultsPath: string;
}

/**
 * The start card of an assessment (the route without an attempt in the address): what it is, and
 * the button that starts (or continues) the attempt, whose id then goes into the address. Its own
 * chunk, fetched by the route's loader: the assessment's schemas it parses with are not built on a
 * reload of an attempt in progress (the attempt screen's first load on a slow phone).
 */
export default function StartView({ assessmentId, retake, resultsPath }: Props) {
  const { t } = useTranslation(['attempts', 'errors']);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const assessment = useAssessment(assessmentId);

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

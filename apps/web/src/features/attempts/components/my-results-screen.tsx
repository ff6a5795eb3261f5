import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconChartBar,
  IconCircleCheck,
  IconPlayerPlay,
  IconRotateClockwise,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useMyResults } from '../api/get-my-results.ts';
import { AttemptResultCard } from './attempt-result-card.tsx';

interface Props {
  assessmentId: string;
  takePath: string;
  redoPath: string;
  /** The attempt just handed in on this device, to confirm it. */
  justSubmittedId: string | null;
}

/** A student's results for one assessment: every attempt, newest first, and Retake when allowed. */
export function MyResultsScreen({ assessmentId, takePath, redoPath, justSubmittedId }: Props) {
  const { t } = useTranslation(['attempts', 'errors']);
  const results = useMyResults(assessmentId);

  if (results.isPending) {
    return (
      <Center mih={240}>
        <Loader aria-label={t('results.loading')} />
      </Center>
    );
  }
  if (results.isError) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={1} size="h2">
          {t('results.pageTitle')}
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {t(`errors:${errorCodeOf(results.error)}`, { defaultValue: t('errors:internal_error') })}
        </Alert>
        <Group>
          <Button onClick={() => void results.refetch()}>{t('attempt.tryAgain')}</Button>
        </Group>
      </Stack>
    );
  }

  const { assessment, attempts, inProgressAttemptId, canRetake } = results.data;
  const actions = (
    <Group gap="sm">
      {inProgressAttemptId ? (
        <Button
          component={Link}
          to={`${takePath}?attempt=${encodeURIComponent(inProgressAttemptId)}`}
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
        >
          {t('results.continue')}
        </Button>
      ) : (
        canRetake && (
          <Button
            component={Link}
            to={attempts.length ? redoPath : takePath}
            leftSection={<IconRotateClockwise size={16} aria-hidden />}
          >
            {attempts.length ? t('results.retake') : t('results.take')}
          </Button>
        )
      )}
    </Group>
  );

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} c="blue.8">
            {t('results.pageTitle')}
          </Text>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {assessment.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('results.summary', {
              subject: assessment.subject,
              passMark: assessment.passMark,
              total: assessment.totalMarks,
            })}
          </Text>
        </Stack>
        {actions}
      </Group>

      {justSubmittedId && attempts.some((attempt) => attempt.attemptId === justSubmittedId) && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {t('results.justSubmitted')}
        </Alert>
      )}

      {attempts.length === 0 ? (
        <EmptyState
          icon={IconChartBar}
          title={t('results.emptyTitle')}
          description={t('results.emptyDescription')}
        />
      ) : (
        attempts.map((attempt, index) => (
          <AttemptResultCard
            key={attempt.attemptId}
            result={attempt}
            reviewPolicy={assessment.reviewPolicy}
            expanded={index === 0}
          />
        ))
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconCalendarEvent,
  IconClock,
  IconListNumbers,
  IconPlayerPlay,
  IconTarget,
  IconTrophy,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Assessment } from '@vbuilder/shared';
import { codeOf, errorCodeOf } from '../../../lib/api-errors.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { ResourceList } from './resource-list.tsx';

interface Props {
  assessment: Assessment;
  /** /redo: the student came to take it again. */
  retake: boolean;
  resultsPath: string;
  /** Starts (or continues) the attempt; rejects with the API's error. */
  onStart(): Promise<void>;
}

function Fact({ icon: Icon, label, value }: { icon: typeof IconClock; label: string; value: string }) {
  // dt and dd are the only children of their group (a dl allows div groups of dt and dd).
  return (
    <div style={{ position: 'relative', paddingLeft: 32, minWidth: 0 }}>
      <Text size="xs" c="dimmed" component="dt">
        <Icon
          size={20}
          aria-hidden
          style={{ position: 'absolute', left: 0, top: 2, color: 'var(--mantine-color-blue-7)' }}
        />
        {label}
      </Text>
      <Text fw={500} component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/**
 * Before starting: what the assessment is, how long it takes, when it is open, how it is marked,
 * its resources, and Start / Continue, or why it cannot be started now.
 */
export function StartCard({ assessment, retake, resultsPath, onStart }: Props) {
  const { t, i18n } = useTranslation(['attempts', 'errors']);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const when = (iso: string) =>
    t('start.dateTime', { date: formatDate(iso, i18n.language), time: formatTime(iso, i18n.language) });

  const mine = assessment.myAttempts;
  const continuing = Boolean(mine?.inProgressAttemptId);
  const takenBefore = (mine?.submitted ?? 0) > 0;

  const windowText =
    assessment.startsAt && assessment.endsAt
      ? t('start.windowRange', { start: when(assessment.startsAt), end: when(assessment.endsAt) })
      : assessment.startsAt
        ? t('start.windowFrom', { start: when(assessment.startsAt) })
        : assessment.endsAt
          ? t('start.windowUntil', { end: when(assessment.endsAt) })
          : t('start.windowAlways');

  // Why it cannot start now, from the assessment (the API says the same if asked).
  let blocked: string | null = null;
  if (!continuing && mine && !mine.canStart) {
    if (assessment.timing === 'upcoming') blocked = 'window_not_open';
    else if (assessment.timing === 'past') blocked = 'window_closed';
    else if (takenBefore && !assessment.allowRetake) blocked = 'retake_not_allowed';
    else blocked = 'not_available';
  }
  const errorCode = error ? errorCodeOf(error) : null;
  const reason = errorCode ?? blocked;

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      await onStart();
    } catch (failure) {
      setError(failure);
      setStarting(false);
    }
  };

  const reasonText = (code: string) => {
    if (code === 'window_not_open' && assessment.startsAt)
      return t('start.opensAt', { when: when(assessment.startsAt) });
    if (code === 'not_available') return t('start.notAvailable');
    return t(`errors:${code}`, { defaultValue: t('errors:internal_error') });
  };

  const startLabel = continuing
    ? t('start.continue')
    : takenBefore || retake
      ? t('start.retake')
      : t('start.start');

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={820}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Text size="sm" fw={600} c="blue.8">
            {assessment.subject}
          </Text>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {assessment.title}
          </Title>
          {assessment.instructor && (
            <Text size="sm" c="dimmed">
              {t('start.instructor', { name: assessment.instructor })}
            </Text>
          )}
        </Stack>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="dl" m={0}>
          <Fact
            icon={IconClock}
            label={t('start.timeLimit')}
            value={
              assessment.durationMinutes
                ? t('start.minutes', { count: assessment.durationMinutes })
                : t('start.noTimeLimit')
            }
          />
          <Fact icon={IconCalendarEvent} label={t('start.window')} value={windowText} />
          {assessment.dueAt && (
            <Fact icon={IconCalendarEvent} label={t('start.due')} value={when(assessment.dueAt)} />
          )}
          <Fact
            icon={IconListNumbers}
            label={t('start.questions')}
            value={String(assessment.questionCount)}
          />
          <Fact icon={IconTrophy} label={t('start.totalMarks')} value={String(assessment.totalMarks)} />
          <Fact
            icon={IconTarget}
            label={t('start.passMark')}
            value={t('start.percent', { value: assessment.passMark })}
          />
        </SimpleGrid>

        {assessment.instructions.trim() && (
          <Stack gap={4}>
            <Title order={2} size="h5">
              {t('start.instructions')}
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {assessment.instructions}
            </Text>
          </Stack>
        )}

        {assessment.resources.length > 0 && (
          <Stack gap={4}>
            <Title order={2} size="h5">
              {t('start.resources')}
            </Title>
            <ResourceList resources={assessment.resources} />
          </Stack>
        )}

        {continuing && <Text size="sm">{t('start.inProgress')}</Text>}
        {!continuing && assessment.durationMinutes && !reason && (
          <Text size="sm" c="dimmed">
            {t('start.timerNote', { count: assessment.durationMinutes })}
          </Text>
        )}

        {reason && (
          <Alert
            color={errorCode ? 'red' : 'orange'}
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role={errorCode ? 'alert' : undefined}
          >
            <Stack gap={6} align="flex-start">
              <Text size="sm">{reasonText(reason)}</Text>
              {reason === 'retake_not_allowed' && (
                <Anchor component={Link} to={resultsPath} size="sm">
                  {t('start.viewResults')}
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}

        <Group gap="sm">
          {(!blocked || continuing) && codeOf(error) !== 'retake_not_allowed' && (
            <Button
              size="md"
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
              loading={starting}
              onClick={() => void start()}
            >
              {startLabel}
            </Button>
          )}
          {takenBefore && (
            <Button size="md" variant="default" component={Link} to={resultsPath}>
              {t('start.viewResults')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

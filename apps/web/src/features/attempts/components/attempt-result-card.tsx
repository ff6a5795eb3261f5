import {
  Accordion,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  RingProgress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCircleCheck,
  IconCircleX,
  IconFileTypePdf,
  IconHourglassHigh,
  IconLock,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AttemptResult, ReviewPolicy } from '@vbuilder/shared';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { answerOutcome } from '../../../lib/answer-outcome.ts';
import { useDownloadResult } from '../api/download-result.ts';
import { QuestionResult } from './question-result.tsx';

function OutcomeBadge({ result }: { result: AttemptResult }) {
  const { t } = useTranslation('attempts');
  if (result.passed === null) {
    return (
      <Badge
        color="yellow"
        variant="light"
        size="lg"
        leftSection={<IconHourglassHigh size={14} aria-hidden />}
      >
        {t('results.pending')}
      </Badge>
    );
  }
  return result.passed ? (
    <Badge color="teal" variant="filled" size="lg" leftSection={<IconCircleCheck size={14} aria-hidden />}>
      {t('results.passed')}
    </Badge>
  ) : (
    <Badge color="red" variant="filled" size="lg" leftSection={<IconCircleX size={14} aria-hidden />}>
      {t('results.failed')}
    </Badge>
  );
}

interface Props {
  result: AttemptResult;
  reviewPolicy: ReviewPolicy;
  /** The newest attempt opens with its answers shown. */
  expanded: boolean;
}

/**
 * A result the teacher has not released yet: the server sent no score, pass state or
 * marks, so the card says only that it was handed in and where marking stands, and when it will
 * show by itself if it will.
 */
function UnreleasedResultCard({ result }: { result: AttemptResult }) {
  const { t, i18n } = useTranslation('attempts');
  const headingId = `attempt-${result.attemptId}-heading`;
  const marked = result.markingStatus !== 'pending';
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="article"
      aria-labelledby={headingId}
      data-testid="result-not-released"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('results.attemptTitle', { number: result.number })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('results.submittedAt', {
            date: formatDate(result.submittedAt, i18n.language),
            time: formatTime(result.submittedAt, i18n.language),
          })}
        </Text>
        <Group gap="xs">
          <Badge color="blue" variant="light" size="lg" leftSection={<IconLock size={14} aria-hidden />}>
            {marked ? t('results.notReleased.badge') : t('results.notReleased.badgeMarking')}
          </Badge>
        </Group>
        <Text size="sm">
          {result.releasesAt
            ? t('results.notReleased.onDate', {
                date: formatDate(result.releasesAt, i18n.language),
                time: formatTime(result.releasesAt, i18n.language),
              })
            : t('results.notReleased.byTeacher')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The result as a PDF: the same states and points as this card. */
function DownloadResultButton({ attemptId }: { attemptId: string }) {
  const { t } = useTranslation('attempts');
  const download = useDownloadResult();
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      loading={download.isPending}
      onClick={() =>
        download.mutate(attemptId, {
          onError: () =>
            notifications.show({
              color: 'red',
              title: t('results.downloadFailedTitle'),
              message: t('results.downloadFailed'),
            }),
        })
      }
    >
      {t('results.downloadPdf')}
    </Button>
  );
}

/** One submitted attempt: score, percentage, passed / failed / pending, when, and every question. */
export function AttemptResultCard({ result, reviewPolicy, expanded }: Props) {
  if (!result.released) return <UnreleasedResultCard result={result} />;
  return <ReleasedResultCard result={result} reviewPolicy={reviewPolicy} expanded={expanded} />;
}

function ReleasedResultCard({ result, reviewPolicy, expanded }: Props) {
  const { t, i18n } = useTranslation('attempts');
  const pending = result.questions.filter((q) => answerOutcome(q) === 'pending').length;
  const percentage = Math.round(result.percentage * 10) / 10;
  const headingId = `attempt-${result.attemptId}-heading`;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="article"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={4} style={{ flex: '1 1 220px' }}>
            <Title order={2} size="h4" id={headingId}>
              {t('results.attemptTitle', { number: result.number })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('results.submittedAt', {
                date: formatDate(result.submittedAt, i18n.language),
                time: formatTime(result.submittedAt, i18n.language),
              })}
            </Text>
            {result.submittedBy === 'deadline' && (
              <Text size="sm" c="dimmed">
                {t('results.submittedAtDeadline')}
              </Text>
            )}
            <Group gap="xs" mt={4}>
              <OutcomeBadge result={result} />
            </Group>
            <Group mt={4}>
              <DownloadResultButton attemptId={result.attemptId} />
            </Group>
          </Stack>
          <Group gap="md" wrap="nowrap">
            <RingProgress
              size={88}
              thickness={8}
              roundCaps
              sections={[
                { value: Math.min(100, result.percentage), color: result.passed === false ? 'red' : 'teal' },
              ]}
              label={
                <Text ta="center" fw={700} size="sm">
                  {t('results.percent', { value: percentage })}
                </Text>
              }
              aria-hidden
            />
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('results.score')}
              </Text>
              <Text fw={700} size="xl">
                {t('results.points', { score: result.score, max: result.maxScore })}
              </Text>
              <Text size="sm">{t('results.percentage', { value: percentage })}</Text>
              <Text size="xs" c="dimmed">
                {t('results.passMark', { value: result.passMark })}
              </Text>
            </Stack>
          </Group>
        </Group>

        {pending > 0 && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconHourglassHigh
              size={18}
              aria-hidden
              color="var(--mantine-color-yellow-8)"
              style={{ flexShrink: 0 }}
            />
            <Text size="sm">{t('results.pendingNote', { count: pending })}</Text>
          </Group>
        )}
        {!result.reviewAvailable && reviewPolicy !== 'afterSubmission' && (
          <Text size="sm" c="dimmed">
            {t(reviewPolicy === 'never' ? 'results.reviewPolicy.never' : 'results.reviewPolicy.afterWindow')}
          </Text>
        )}

        <Divider />
        <Accordion variant="separated" radius="md" defaultValue={expanded ? 'answers' : null}>
          <Accordion.Item value="answers">
            <Accordion.Control>{t('results.answers', { count: result.questions.length })}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="lg">
                {result.questions.map((question, index) => (
                  <div key={question.questionId}>
                    {index > 0 && <Divider mb="lg" />}
                    <QuestionResult result={question} index={index} attemptId={result.attemptId} />
                  </div>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
    </Paper>
  );
}

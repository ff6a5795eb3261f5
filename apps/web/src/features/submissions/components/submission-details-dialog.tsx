import { Alert, Button, Divider, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SubmissionDetail, SubmissionQuestion } from '@vbuilder/shared';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useSubmissionDetail } from '../api/get-submission-detail.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { formatPercent, formatPoints } from '../lib/numbers.ts';
import { answerOutcome } from '../../../lib/answer-outcome.ts';
import { AnswerView } from './answer/answer-view.tsx';
import { ModelAnswer } from './answer/model-answer.tsx';
import { OutcomeBadge } from './answer/outcome-badge.tsx';
import { QuestionHeading } from './answer/question-heading.tsx';
import { ResultBadge } from './result-badge.tsx';

interface Props {
  /** The attempt to show; null when the dialog is closed. */
  attemptId: string | null;
  onClose: () => void;
  /** Where 'Mark' leads for this attempt's student (shown while answers wait). */
  markingPath: (studentId: string) => string;
}

/** One submitted attempt question by question: right, wrong or pending, the answer, the points. */
export function SubmissionDetailsDialog({ attemptId, onClose, markingPath }: Props) {
  const { t } = useTranslation('submissions');
  const isPhone = useMediaQuery('(max-width: 48em)');
  const detail = useSubmissionDetail(attemptId);
  const data = detail.data;

  return (
    <Modal
      opened={attemptId !== null}
      onClose={onClose}
      size="xl"
      fullScreen={isPhone}
      title={
        data
          ? t('details.title', { name: data.student.name, number: data.number })
          : t('details.loadingTitle')
      }
      closeButtonProps={{ 'aria-label': t('details.close') }}
    >
      {detail.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton h={60} />
          <Skeleton h={160} />
          <Skeleton h={160} />
        </Stack>
      ) : detail.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          role="alert"
          title={t('details.failed')}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {errorCodeOf(detail.error) === 'not_found' ? t('notFound.assessment') : t('load.failed')}
            </Text>
            <Button
              variant="light"
              size="xs"
              onClick={() => void detail.refetch()}
              loading={detail.isFetching}
            >
              {t('load.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <DetailBody detail={data!} markingPath={markingPath} onClose={onClose} />
      )}
    </Modal>
  );
}

function DetailBody({
  detail,
  markingPath,
  onClose,
}: {
  detail: SubmissionDetail;
  markingPath: (studentId: string) => string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('submissions');
  const pending = detail.questions.filter((q) => q.needsMarking).length;
  return (
    <Stack gap="lg">
      <FinalScore detail={detail} />
      <Text size="sm" c="gray.7">
        {t('details.submittedAt', { date: formatDateTime(detail.submittedAt, i18n.language) })}
        {detail.submittedBy === 'deadline' && ` · ${t('values.byDeadline')}`}
      </Text>
      {pending > 0 && (
        <Alert color="blue" variant="light" title={t('details.pendingTitle', { count: pending })}>
          <Button component={Link} to={markingPath(detail.student.id)} size="xs" mt={4} onClick={onClose}>
            {t('actions.markStudent', { name: detail.student.name })}
          </Button>
        </Alert>
      )}
      {detail.questions.length === 0 ? (
        <Text c="gray.7">{t('notFound.questions')}</Text>
      ) : (
        <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {detail.questions.map((question, index) => (
            <DetailQuestion
              key={question.id}
              question={question}
              number={index + 1}
              attemptId={detail.attemptId}
            />
          ))}
        </Stack>
      )}
      <Divider />
      <FinalScore detail={detail} />
    </Stack>
  );
}

/** Final score and percentage, with Passed, Failed or Pending. */
function FinalScore({ detail }: { detail: SubmissionDetail }) {
  const { t, i18n } = useTranslation('submissions');
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div>
          <Text size="xs" c="gray.7" tt="uppercase" fw={700}>
            {t('details.finalScore')}
          </Text>
          <Text fw={700} size="lg">
            {t('values.score', {
              score: formatPoints(detail.score, i18n.language),
              max: formatPoints(detail.maxScore, i18n.language),
            })}
            {' · '}
            {formatPercent(detail.percentage, i18n.language)}
          </Text>
          <Text size="xs" c="gray.7">
            {t('details.passMark', { value: formatPercent(detail.passMark, i18n.language) })}
          </Text>
        </div>
        <ResultBadge passed={detail.passed} />
      </Group>
    </Paper>
  );
}

function DetailQuestion({
  question,
  number,
  attemptId,
}: {
  question: SubmissionQuestion;
  number: number;
  attemptId: string;
}) {
  const { t, i18n } = useTranslation('submissions');
  const headingId = `detail-${attemptId}-${question.id}`;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <QuestionHeading question={question} number={number} headingId={headingId} order={3} />
        <Group justify="space-between" gap="sm">
          <OutcomeBadge outcome={answerOutcome(question)} />
          <Text size="sm" fw={600}>
            {question.markStatus === 'manual'
              ? t('values.scorePending', { max: formatPoints(question.max, i18n.language) })
              : t('values.score', {
                  score: formatPoints(question.score, i18n.language),
                  max: formatPoints(question.max, i18n.language),
                })}
          </Text>
        </Group>
        <div>
          <Text size="sm" fw={600} mb={4}>
            {t('answer.studentAnswer')}
          </Text>
          <AnswerView question={question} idPrefix={headingId} />
        </div>
        <ModelAnswer question={question} />
        {question.feedback && (
          <Text size="sm">
            <Text span fw={600}>
              {t('answer.feedback')}:{' '}
            </Text>
            <span style={{ whiteSpace: 'pre-wrap' }}>{question.feedback}</span>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MarkingQueueItem, SubmissionQuestion } from '@vbuilder/shared';
import { formatDateTime } from '../../../../lib/format.ts';
import type { QueueMode } from '../../lib/marking-queue.ts';
import { AnswerView } from '../answer/answer-view.tsx';
import { ModelAnswer } from '../answer/model-answer.tsx';
import { QuestionHeading } from '../answer/question-heading.tsx';

interface Props {
  item: MarkingQueueItem;
  mode: QueueMode;
  /** The question with the student's answer; undefined while it loads. */
  question: SubmissionQuestion | undefined;
}

/** The answer being marked: whose and where from, the question, the student's answer, the model answer. */
export function QueueAnswerPanel({ item, mode, question }: Props) {
  const { t, i18n } = useTranslation(['markingQueue', 'submissions']);
  const heading =
    mode === 'question'
      ? t('marker.answerOf', { name: item.student.name })
      : t('marker.questionOf', { number: item.questionNumber });
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      aria-labelledby="queue-answer-heading"
    >
      <Stack gap="md">
        <div>
          <Title id="queue-answer-heading" order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Title>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {t('marker.context', {
              assessment: item.assessment.title,
              student: item.student.name,
              number: item.attemptNumber,
              date: formatDateTime(item.submittedAt, i18n.language),
            })}
          </Text>
        </div>
        {!question ? (
          <Skeleton h={200} radius="md" />
        ) : (
          <>
            <QuestionHeading
              question={question}
              number={item.questionNumber}
              headingId="queue-question"
              order={3}
            />
            <div>
              <Text size="sm" fw={600} mb={4}>
                {t('submissions:answer.studentAnswer')}
              </Text>
              <AnswerView question={question} idPrefix={`queue-${item.questionId}-answer`} />
            </div>
            <ModelAnswer question={question} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

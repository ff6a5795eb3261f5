import { forwardRef, memo } from 'react';
import { Badge, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCloudUpload, IconFlag, IconFlagFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Question, type StudentQuestion } from '@vbuilder/shared';
import { showsImageAbovePlayer } from '../../../components/questions/family-traits.ts';
import { QuestionInstructions } from '../../../components/questions/question-instructions.tsx';
import type { PendingUpload } from '../lib/pending-upload.ts';
import { QuestionPlayer } from './question-player.tsx';

const NO_UPLOADS: readonly PendingUpload[] = [];

interface Props {
  question: StudentQuestion;
  index: number;
  total: number;
  answer: unknown;
  flagged: boolean;
  disabled?: boolean;
  /** Fetch the player only once the question nears the viewport (all questions on one page). */
  deferPlayer?: boolean;
  onAnswer(answer: unknown): void;
  onToggleFlag(): void;
  /** A file or recording of an open answer, for upload. */
  onFile(file: File): void;
  /** Files or recordings of this question kept on the device until they are uploaded. */
  waitingUploads?: readonly PendingUpload[];
}

/**
 * One question of the attempt: its number, points and flag, the text and instructions, and the
 * family's player. The heading takes focus when the student moves to the question. Memoized: the
 * screen passes the same callbacks each render, so only the question whose answer, flag or state
 * changed renders again.
 */
export const QuestionView = memo(
  forwardRef<HTMLHeadingElement, Props>(function QuestionView(
    {
      question,
      index,
      total,
      answer,
      flagged,
      disabled = false,
      deferPlayer = false,
      onAnswer,
      onToggleFlag,
      onFile,
      waitingUploads = NO_UPLOADS,
    },
    headingRef,
  ) {
    const { t } = useTranslation('attempts');
    const prefix = `attempt-q-${question.id}`;
    const headingId = `${prefix}-heading`;

    return (
      <Paper
        component="section"
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'lg' }}
        aria-labelledby={headingId}
      >
        <Stack gap="md">
          <Group justify="space-between" align="center" gap="xs">
            <Group gap="xs">
              <Text size="sm" fw={600} c="dimmed">
                {t('question.number', { number: index + 1, total })}
              </Text>
              <Badge variant="light" color="gray" radius="sm">
                {t('question.points', { count: question.score })}
              </Badge>
            </Group>
            <Button
              size="compact-sm"
              variant={flagged ? 'light' : 'subtle'}
              color={flagged ? 'orange' : 'gray'}
              leftSection={
                flagged ? <IconFlagFilled size={14} aria-hidden /> : <IconFlag size={14} aria-hidden />
              }
              aria-pressed={flagged}
              onClick={onToggleFlag}
              disabled={disabled}
            >
              {flagged ? t('question.flagged') : t('question.flag')}
            </Button>
          </Group>
          <Stack gap={4}>
            <Title
              ref={headingRef}
              id={headingId}
              order={2}
              size="h4"
              fw={600}
              tabIndex={-1}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', outlineOffset: 4 }}
            >
              {question.text}
            </Title>
            <QuestionInstructions question={question} />
          </Stack>
          {question.imageUrl && showsImageAbovePlayer(question.type) ? (
            <Image src={question.imageUrl} alt={t('question.image')} radius="md" mah={320} fit="contain" />
          ) : null}
          <QuestionPlayer
            // The student's question has the family's config without the answers: the player's shape.
            question={question as unknown as Question}
            value={answer ?? null}
            onChange={onAnswer}
            onFile={onFile}
            disabled={disabled}
            idPrefix={prefix}
            deferred={deferPlayer}
          />
          {waitingUploads.length > 0 && (
            <Stack gap={4} role="status" aria-live="polite">
              {waitingUploads.map((upload) => (
                <Group key={upload.id} gap={6} wrap="nowrap">
                  <IconCloudUpload size={16} aria-hidden color="var(--mantine-color-blue-8)" />
                  <Text size="sm" c="blue.9" style={{ overflowWrap: 'anywhere' }}>
                    {t('upload.waiting', { name: upload.name })}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
    );
  }),
);

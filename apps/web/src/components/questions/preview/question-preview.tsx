import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChecks, IconInfoCircle, IconRotate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { markQuestion, type MarkResult, type Question } from '@vbuilder/shared';
import { playerOf } from '../family-components.tsx';
import { showsImageAbovePlayer } from '../family-traits.ts';
import { QuestionInstructions } from '../question-instructions.tsx';
import { PreviewResult } from './preview-result.tsx';

export interface QuestionPreviewProps {
  question: Question;
  /** Prefix for the player's element ids; one is made up when absent. */
  idPrefix?: string;
  /** Heading level of the question text inside the page (default 3). */
  headingOrder?: 2 | 3 | 4;
}

/**
 * A teacher answers a question as a student would and sees how it is marked: the family's player
 * with a local answer, Check answer (marked by the same `markQuestion` the API uses), the result
 * with the player's per-part marks, and Reset. Changing the answer after a check clears the
 * result, so the marks on screen always describe the answer on screen.
 */
export function QuestionPreview({ question, idPrefix, headingOrder = 3 }: QuestionPreviewProps) {
  const { t } = useTranslation('questions');
  const generatedId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const prefix = idPrefix ?? `preview-${generatedId}`;
  const [answer, setAnswer] = useState<unknown>(null);
  const [result, setResult] = useState<MarkResult | null>(null);
  // Check answer before answering: nothing to mark, so say so rather than 'Not correct'.
  const [unanswered, setUnanswered] = useState(false);
  const Player = playerOf(question.type);
  const headingId = `${prefix}-question`;
  const resultRef = useRef<HTMLDivElement>(null);

  // A long question (a drag-and-drop board, a crossword) pushes the result below the fold.
  useEffect(() => {
    if (result || unanswered) resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [result, unanswered]);

  const change = (value: unknown) => {
    setAnswer(value);
    setResult(null);
    setUnanswered(false);
  };
  const check = () => {
    setUnanswered(answer === null);
    setResult(answer === null ? null : markQuestion(question, answer));
  };
  const reset = () => {
    setAnswer(null);
    setResult(null);
    setUnanswered(false);
  };

  return (
    <Stack gap="md" aria-labelledby={headingId} component="section">
      <Stack gap={4}>
        <Title
          id={headingId}
          order={headingOrder}
          size="h5"
          fw={600}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {question.text}
        </Title>
        <QuestionInstructions question={question} />
        <Text size="xs" c="dimmed">
          {t('questions:preview.points', { count: question.score })}
        </Text>
      </Stack>
      {question.imageUrl && showsImageAbovePlayer(question.type) ? (
        // Some players show the question image themselves, next to the options (family-traits.ts).
        <Image
          src={question.imageUrl}
          alt={t('questions:preview.questionImage')}
          radius="md"
          mah={320}
          fit="contain"
        />
      ) : null}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Player
          question={question}
          value={answer}
          onChange={change}
          // Per-part marks only: the summary below says 'pending manual marking' or 'not scored' itself.
          result={result?.status === 'auto' ? result : null}
          idPrefix={prefix}
        />
      </Paper>
      <Group gap="sm">
        <Button leftSection={<IconChecks size={16} aria-hidden />} onClick={check}>
          {t('questions:preview.check')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconRotate size={16} aria-hidden />}
          onClick={reset}
          disabled={answer === null && result === null && !unanswered}
        >
          {t('questions:preview.reset')}
        </Button>
      </Group>
      {/* Present before any check, so screen readers announce each result as it appears. */}
      <div ref={resultRef} role="status" aria-atomic="true" aria-label={t('questions:preview.resultLabel')}>
        {result ? <PreviewResult result={result} /> : null}
        {unanswered ? (
          <Alert
            variant="light"
            color="gray"
            radius="md"
            icon={<IconInfoCircle size={20} aria-hidden />}
            role="group"
          >
            {t('questions:preview.unanswered')}
          </Alert>
        ) : null}
      </div>
    </Stack>
  );
}

import type { ComponentType } from 'react';
import { Badge, Blockquote, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MarkResult, Question, QuestionResult as QuestionResultData } from '@vbuilder/shared';
import { componentsOf } from '../../../components/questions/family-components.tsx';
import { QuestionInstructions } from '../../../components/questions/question-instructions.tsx';
import type { PlayerProps } from '../../../components/questions/family-ui.ts';
import { answerOutcome, OUTCOME_LOOK, type AnswerOutcome } from '../../../lib/answer-outcome.ts';

/**
 * How the answer stands, in the teacher's states (correct, partly correct, incorrect, pending
 * marking, not scored): an icon and a word, so the meaning never rests on colour alone.
 */
export function VerdictBadge({ outcome }: { outcome: AnswerOutcome }) {
  const { t } = useTranslation('attempts');
  const { color, Icon } = OUTCOME_LOOK[outcome];
  return (
    <Badge
      color={color}
      variant="light"
      leftSection={<Icon size={12} aria-hidden />}
      radius="sm"
      data-outcome={outcome}
    >
      {t(`results.verdict.${outcome}`)}
    </Badge>
  );
}

/**
 * One question of a submitted attempt: verdict and points, the student's answer in the family's
 * player (read-only, with per-part marks), the expected answer when the teacher allows it, and
 * the teacher's feedback.
 */
export function QuestionResult({
  result,
  index,
  attemptId,
}: {
  result: QuestionResultData;
  index: number;
  attemptId: string;
}) {
  const { t } = useTranslation('attempts');
  const Player = componentsOf(result.type).Player as ComponentType<PlayerProps<unknown, unknown>>;
  const question = result.question as unknown as Question;
  const outcome = answerOutcome(result);
  const marks: MarkResult | null =
    result.details && (result.markStatus === 'auto' || result.markStatus === 'marked')
      ? {
          score: result.score,
          max: result.max,
          correct: result.correct,
          status: 'auto',
          details: result.details,
        }
      : null;
  const prefix = `result-${attemptId}-${result.questionId}`;
  const hasExpected = result.expectedAnswer !== undefined && result.expectedAnswer !== null;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" align="flex-start">
        <Title
          order={4}
          size="h6"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', flex: '1 1 240px' }}
        >
          {t('results.questionTitle', { number: index + 1, text: result.text })}
        </Title>
        <Group gap="xs">
          <VerdictBadge outcome={outcome} />
          <Text size="sm" fw={600}>
            {t('results.points', { score: result.score, max: result.max })}
          </Text>
        </Group>
      </Group>
      <QuestionInstructions question={question} />
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('results.yourAnswer')}
        </Text>
        {result.answer === null || result.answer === undefined ? (
          <Text size="sm" c="dimmed">
            {t('results.noAnswer')}
          </Text>
        ) : (
          <Paper withBorder radius="md" p="sm">
            <Player
              question={question}
              value={result.answer}
              onChange={() => undefined}
              disabled
              result={marks}
              idPrefix={`${prefix}-mine`}
            />
          </Paper>
        )}
      </Stack>
      {hasExpected && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('results.expectedAnswer')}
          </Text>
          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-teal-0)">
            <Player
              question={question}
              value={result.expectedAnswer}
              onChange={() => undefined}
              disabled
              idPrefix={`${prefix}-expected`}
            />
          </Paper>
        </Stack>
      )}
      {result.feedback && (
        <Blockquote
          color="blue"
          icon={<IconMessage size={18} aria-hidden />}
          p="sm"
          iconSize={32}
          radius="md"
        >
          <Text size="xs" fw={600} c="dimmed">
            {t('results.feedback')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {result.feedback}
          </Text>
        </Blockquote>
      )}
    </Stack>
  );
}

import { Alert, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MarkResult } from '@vbuilder/shared';
import { answerOutcome, OUTCOME_LOOK } from '../../../lib/answer-outcome.ts';

/**
 * How the preview's answer was marked, in words: the outcome as the title, then the score out
 * of the maximum (or why there is none yet). The per-part marks are the player's.
 */
export function PreviewResult({ result }: { result: MarkResult }) {
  const { t } = useTranslation('questions');
  const outcome = answerOutcome({ markStatus: result.status, correct: result.correct, score: result.score });
  const { color, Icon } = OUTCOME_LOOK[outcome];
  return (
    <Alert
      variant="light"
      color={color}
      radius="md"
      icon={<Icon size={20} aria-hidden />}
      title={t(`preview.outcome.${outcome}`)}
      data-outcome={outcome}
      // The surrounding live region announces it; 'alert' would interrupt for a routine result.
      role="group"
    >
      <Group gap="xs" wrap="wrap">
        {outcome !== 'unscored' ? (
          <Text size="sm" fw={600}>
            {t('preview.score', { score: result.score, max: result.max })}
          </Text>
        ) : null}
        <Text size="sm">{t(`preview.explain.${outcome}`)}</Text>
      </Group>
    </Alert>
  );
}

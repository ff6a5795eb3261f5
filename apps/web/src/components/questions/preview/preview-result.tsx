import { Alert, Group, Text } from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleHalf2,
  IconCircleX,
  IconClipboardList,
  IconHourglass,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MarkResult } from '@vbuilder/shared';

type Outcome = 'correct' | 'partial' | 'incorrect' | 'manual' | 'unscored';

export function outcomeOf(result: MarkResult): Outcome {
  if (result.status === 'manual') return 'manual';
  if (result.status === 'unscored') return 'unscored';
  if (result.correct) return 'correct';
  return result.score > 0 ? 'partial' : 'incorrect';
}

const LOOK = {
  correct: { color: 'teal', Icon: IconCircleCheck },
  partial: { color: 'yellow', Icon: IconCircleHalf2 },
  incorrect: { color: 'red', Icon: IconCircleX },
  manual: { color: 'blue', Icon: IconHourglass },
  unscored: { color: 'gray', Icon: IconClipboardList },
} as const;

/**
 * How the preview's answer was marked, in words: the outcome as the title, then the score out
 * of the maximum (or why there is none yet). The per-part marks are the player's.
 */
export function PreviewResult({ result }: { result: MarkResult }) {
  const { t } = useTranslation('questions');
  const outcome = outcomeOf(result);
  const { color, Icon } = LOOK[outcome];
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

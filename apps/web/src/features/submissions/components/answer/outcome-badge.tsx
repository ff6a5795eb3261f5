import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OUTCOME_LOOK, type AnswerOutcome } from '../../../../lib/answer-outcome.ts';

/** Correct / incorrect / pending… as an icon and a word, so the meaning never rests on colour alone. */
export function OutcomeBadge({ outcome }: { outcome: AnswerOutcome }) {
  const { t } = useTranslation('submissions');
  const { color, Icon } = OUTCOME_LOOK[outcome];
  return (
    // Dark shades: the words stand on the page's white without a badge behind them.
    <Group gap={6} wrap="nowrap" c={outcome === 'unscored' ? 'gray.7' : `${color}.9`} data-outcome={outcome}>
      <Icon size={18} stroke={2} aria-hidden style={{ flex: 'none' }} />
      <Text size="sm" fw={600} c="inherit">
        {t(`outcome.${outcome}`)}
      </Text>
    </Group>
  );
}

import { Group, Text } from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleHalf2,
  IconCircleX,
  IconClipboardList,
  IconHourglass,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AnswerOutcome } from '../../lib/outcome.ts';

const LOOK = {
  correct: { color: 'teal.9', Icon: IconCircleCheck },
  partial: { color: 'yellow.9', Icon: IconCircleHalf2 },
  incorrect: { color: 'red.9', Icon: IconCircleX },
  pending: { color: 'blue.9', Icon: IconHourglass },
  unscored: { color: 'gray.7', Icon: IconClipboardList },
} as const;

/** Correct / incorrect / pending… as an icon and a word, so the meaning never rests on colour alone. */
export function OutcomeBadge({ outcome }: { outcome: AnswerOutcome }) {
  const { t } = useTranslation('submissions');
  const { color, Icon } = LOOK[outcome];
  return (
    <Group gap={6} wrap="nowrap" c={color} data-outcome={outcome}>
      <Icon size={18} stroke={2} aria-hidden style={{ flex: 'none' }} />
      <Text size="sm" fw={600} c="inherit">
        {t(`outcome.${outcome}`)}
      </Text>
    </Group>
  );
}

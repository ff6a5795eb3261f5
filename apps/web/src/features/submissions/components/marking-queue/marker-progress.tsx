import { Button, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconKeyboard, IconListCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** 0-based place in the session, and how many answers it has. */
  position: number;
  count: number;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  onBack: () => void;
  onHelp: () => void;
}

/** Back to the queue, previous and next with the place in the session, and the shortcuts' help. */
export function MarkerProgress({ position, count, onPrevious, onNext, onBack, onHelp }: Props) {
  const { t } = useTranslation('markingQueue');
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconListCheck size={16} aria-hidden />}
        onClick={onBack}
      >
        {t('marker.back')}
      </Button>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="compact-sm"
          onClick={onPrevious ?? undefined}
          disabled={!onPrevious}
          leftSection={<IconArrowLeft size={14} aria-hidden />}
          aria-keyshortcuts="K ArrowLeft"
        >
          {t('marker.previous')}
        </Button>
        <Text size="sm" fw={600} role="status" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          {t('marker.position', { position: position + 1, total: count })}
        </Text>
        <Button
          variant="default"
          size="compact-sm"
          onClick={onNext ?? undefined}
          disabled={!onNext}
          rightSection={<IconArrowRight size={14} aria-hidden />}
          aria-keyshortcuts="J ArrowRight"
        >
          {t('marker.next')}
        </Button>
      </Group>
      <Button
        variant="subtle"
        size="compact-sm"
        visibleFrom="sm"
        leftSection={<IconKeyboard size={16} aria-hidden />}
        onClick={onHelp}
        aria-keyshortcuts="?"
      >
        {t('marker.shortcuts')}
      </Button>
    </Group>
  );
}

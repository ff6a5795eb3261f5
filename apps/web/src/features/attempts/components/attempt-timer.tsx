import { useEffect, useState } from 'react';
import { Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, warningAt } from '../lib/clock.ts';

/**
 * The time left, always visible. The countdown itself is not announced every second; the 5 and 1
 * minute warnings are, once each, through a polite live region (and shown by the screen).
 */
export function AttemptTimer({ remaining }: { remaining: number | null }) {
  const { t } = useTranslation('attempts');
  const warning = warningAt(remaining);
  const [announced, setAnnounced] = useState<string>('');

  useEffect(() => {
    if (warning) setAnnounced(t('timer.warning', { count: warning }));
  }, [warning, t]);

  if (remaining === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('timer.noLimit')}
      </Text>
    );
  }
  const color = remaining <= 60_000 ? 'red' : warning ? 'orange' : 'gray';
  return (
    <Group gap={6} wrap="nowrap" data-testid="attempt-timer">
      <ThemeIcon size="sm" variant="light" color={color} radius="xl" aria-hidden>
        <IconClock size={14} />
      </ThemeIcon>
      <Text size="sm" fw={700} c={color === 'red' ? 'red.9' : undefined} ff="monospace">
        <VisuallyHidden>{t('timer.label')} </VisuallyHidden>
        {formatCountdown(remaining)}
      </Text>
      <VisuallyHidden role="status" aria-live="polite">
        {announced}
      </VisuallyHidden>
    </Group>
  );
}

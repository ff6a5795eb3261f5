import { useEffect, useState } from 'react';
import { Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useRemainingTime } from '../hooks/use-remaining-time.ts';
import { formatCountdown, showsCountdown, warningAt } from '../lib/clock.ts';

interface Props {
  /** Milliseconds left until the deadline; null without one. */
  remaining: number | null;
  /** The deadline itself, for 'Closes at …'. */
  deadlineAt: string | null;
  /** Whether the assessment has a time limit (then the deadline is the student's own). */
  timeLimited: boolean;
}

/**
 * The time left, always visible. Without a time limit the attempt only ends when the assessment
 * closes: the closing time is shown instead, and a countdown only in its last hour. The countdown
 * is not announced every second; the 5 and 1 minute warnings are, once each, through a polite live
 * region (and shown by the screen), and cleared once the time is up.
 */
export function AttemptTimer({ remaining, deadlineAt, timeLimited }: Props) {
  const { t, i18n } = useTranslation('attempts');
  const warning = warningAt(remaining);
  const [announced, setAnnounced] = useState<string>('');

  useEffect(() => {
    setAnnounced(warning ? t('timer.warning', { count: warning }) : '');
  }, [warning, t]);

  if (remaining === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('timer.noLimit')}
      </Text>
    );
  }
  if (deadlineAt && !showsCountdown(remaining, timeLimited)) {
    return (
      <Group gap={6} wrap="nowrap" data-testid="attempt-timer">
        <ThemeIcon size="sm" variant="light" color="gray" radius="xl" aria-hidden>
          <IconClock size={14} />
        </ThemeIcon>
        <Text size="sm">{t('timer.closesAt', { when: formatDateTime(deadlineAt, i18n.language) })}</Text>
      </Group>
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

/**
 * The timer with its own second-by-second clock: it alone re-renders every second, not the
 * screen around it (with every question on one page, that was every player, each second).
 */
export function LiveAttemptTimer({
  deadlineAt,
  clockOffsetMs,
  timeLimited,
}: Omit<Props, 'remaining'> & { clockOffsetMs: number }) {
  const remaining = useRemainingTime(deadlineAt, clockOffsetMs);
  return <AttemptTimer remaining={remaining} deadlineAt={deadlineAt} timeLimited={timeLimited} />;
}

import { ActionIcon, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../api/notifications.ts';
import { useNotificationStream } from '../hooks/use-notification-stream.ts';
import { markInteracted, useAfterFirstInteraction } from '../../../components/deferred/first-interaction.ts';

// The popover with the latest notifications (its own chunk): it comes with the first interaction.
const loadPopover = () => import('./bell-popover.tsx').then((m) => m.default);

/** How many the bell's popover shows; the rest are on the notifications screen. */
export const BELL_LIMIT = 5;

/**
 * The top bar's bell: the unread count, live over the notifications stream (polled
 * while the stream is down), and a popover with the latest few, "Mark all as read" and a link to
 * the screen with all of them.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const { t } = useTranslation('notifications');
  const live = useNotificationStream();
  const latest = useNotifications({ limit: BELL_LIMIT }, live);
  const [opened, { close, toggle }] = useDisclosure(false);
  const BellPopover = useAfterFirstInteraction(loadPopover);
  const unread = latest.data?.unread ?? 0;
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');

  const trigger = (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      disabled={unread === 0}
      size={18}
      offset={6}
      color="red"
      aria-hidden={false}
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        aria-expanded={opened}
        aria-haspopup="dialog"
        onClick={() => {
          toggle();
          markInteracted();
        }}
        data-testid="notification-bell"
      >
        <IconBell size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );

  if (!BellPopover) return trigger;
  return (
    <BellPopover
      trigger={trigger}
      opened={opened}
      onClose={close}
      userId={userId}
      latest={latest}
      unread={unread}
    />
  );
}

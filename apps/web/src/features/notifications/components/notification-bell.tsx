import { Link } from 'react-router';
import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@vbuilder/shared';
import { useMarkRead, useNotifications } from '../api/notifications.ts';
import { useNotificationStream } from '../hooks/use-notification-stream.ts';
import { NotificationItem } from './notification-item.tsx';

/** How many the bell's popover shows; the rest are on the notifications screen. */
export const BELL_LIMIT = 5;

/**
 * The top bar's bell (issue 14): the unread count, live over the notifications stream (polled
 * while the stream is down), and a popover with the latest few, "Mark all as read" and a link to
 * the screen with all of them.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const { t } = useTranslation('notifications');
  const live = useNotificationStream();
  const latest = useNotifications({ limit: BELL_LIMIT }, live);
  const markRead = useMarkRead();
  const [opened, { close, toggle }] = useDisclosure(false);
  const unread = latest.data?.unread ?? 0;
  const items = latest.data?.items ?? [];
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');

  const open = (notification: Notification) => {
    close();
    if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
  };

  return (
    <Popover
      opened={opened}
      onChange={(o) => (o ? undefined : close())}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
    >
      <Popover.Target>
        <Tooltip label={t('bell.label')} disabled={opened}>
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
              onClick={toggle}
              data-testid="notification-bell"
            >
              <IconBell size={20} aria-hidden />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label={t('bell.title')}>
        <Group justify="space-between" px="sm" py="xs" wrap="nowrap">
          <Text fw={700} size="sm">
            {t('bell.title')}
          </Text>
          {unread > 0 ? (
            <Button
              variant="subtle"
              size="compact-sm"
              loading={markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              {t('markAllRead')}
            </Button>
          ) : null}
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={420}>
          {items.length === 0 ? (
            <Text size="sm" c="gray.7" p="md">
              {latest.isError ? t('bell.loadError') : t('empty.title')}
            </Text>
          ) : (
            <Stack gap={0} p={4}>
              {items.map((n) => (
                <NotificationItem key={n.id} notification={n} onOpen={open} compact />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Divider />
        <Group justify="center" py="xs">
          <Anchor component={Link} to={`/account/notifications/${userId}`} size="sm" onClick={close}>
            {t('bell.seeAll')}
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

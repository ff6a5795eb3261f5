import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Divider, Group, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@vbuilder/shared';
import { useMarkRead, type useNotifications } from '../api/notifications.ts';
import { NotificationItem } from './notification-item.tsx';

interface Props {
  trigger: ReactElement;
  opened: boolean;
  onClose(): void;
  userId: string;
  latest: ReturnType<typeof useNotifications>;
  unread: number;
}

/** The bell's popover: the latest few, "Mark all as read" and the way to all of them. */
export default function BellPopover({ trigger, opened, onClose, userId, latest, unread }: Props) {
  const { t } = useTranslation('notifications');
  const markRead = useMarkRead();
  const items = latest.data?.items ?? [];
  const close = onClose;

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
          {trigger}
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

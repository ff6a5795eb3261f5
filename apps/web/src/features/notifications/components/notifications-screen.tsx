import { useState } from 'react';
import { Button, Divider, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_LIMITS, type Notification } from '@vbuilder/shared';
import { EmptyState } from '../../../components/empty-state.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { useMarkRead, useNotifications } from '../api/notifications.ts';
import { NotificationItem } from './notification-item.tsx';
import { NotificationPreferences } from './notification-preferences.tsx';

const PAGE = 20;

/**
 * /account/notifications/{userId}: the caller's notifications, newest first, all or
 * only unread, each with a link to what it is about and "Mark as read"; "Mark all as read"; and
 * below, how they want to hear about each kind.
 */
export function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const [limit, setLimit] = useState(PAGE);
  const list = useNotifications({ limit, unread: filter === 'unread' });
  const markRead = useMarkRead();
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];

  const mark = (body: { ids: string[] } | { all: true }) =>
    markRead.mutate(body, { onError: () => showToast('failure', t('markFailed')) });
  const opened = (n: Notification) => {
    if (n.readAt === null) mark({ ids: [n.id] });
  };

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <div>
        <Title order={1} size="h2">
          {t('page.title')}
        </Title>
        <Text c="gray.7" size="sm" aria-live="polite">
          {list.data ? t('page.unreadCount', { count: unread }) : t('page.subtitle')}
        </Text>
      </div>

      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          value={filter}
          onChange={(value) => {
            setFilter(value as 'all' | 'unread');
            setLimit(PAGE);
          }}
          data={[
            { value: 'all', label: t('filter.all') },
            { value: 'unread', label: t('filter.unread') },
          ]}
          aria-label={t('filter.label')}
        />
        <Button
          variant="light"
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => mark({ all: true })}
        >
          {t('markAllRead')}
        </Button>
      </Group>

      {list.isError && !list.data ? (
        <LoadErrorCard
          heading={t('loadError')}
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data && items.length === 0 ? (
        <EmptyState
          icon={IconBell}
          headingOrder={2}
          title={filter === 'unread' ? t('empty.unreadTitle') : t('empty.title')}
          description={t('empty.description')}
        />
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((n, index) => (
              <li key={n.id}>
                {index > 0 ? <Divider mb="sm" /> : null}
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <NotificationItem notification={n} onOpen={opened} />
                  {n.readAt === null ? (
                    <Button variant="subtle" size="compact-sm" onClick={() => mark({ ids: [n.id] })}>
                      {t('markRead')}
                    </Button>
                  ) : null}
                </Group>
              </li>
            ))}
          </Stack>
          {list.data?.nextBefore && limit < NOTIFICATION_LIMITS.pageMax ? (
            <Group justify="center" mt="md">
              <Button
                variant="default"
                loading={list.isFetching}
                onClick={() => setLimit((l) => Math.min(l + PAGE, NOTIFICATION_LIMITS.pageMax))}
              >
                {t('showMore')}
              </Button>
            </Group>
          ) : null}
        </Paper>
      )}

      <NotificationPreferences />
    </Stack>
  );
}

import { Link } from 'react-router';
import { Anchor, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@vbuilder/shared';
import { formatDateTime } from '../../../lib/format.ts';
import { useMayOpenPath } from '../../../lib/link-access.tsx';
import { notificationText } from '../lib/notification-text.ts';
import classes from './notifications.module.css';

/**
 * One notification: a dot while unread, its title and sentence, when it came. With a link it
 * opens what it is about (and counts as read), unless the reader may not open that page (billing
 * news reach the legacy `user` role, whose menu has no payments); `compact` is the bell's shorter form.
 */
export function NotificationItem({
  notification,
  onOpen,
  compact = false,
}: {
  notification: Notification;
  onOpen?(notification: Notification): void;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('notifications');
  const mayOpen = useMayOpenPath();
  const { title, text } = notificationText(t, notification, i18n.language);
  const unread = notification.readAt === null;
  const body = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box className={classes.dot} data-unread={unread || undefined} aria-hidden mt={6} />
      <Box miw={0}>
        <Text size="sm" fw={unread ? 700 : 500} lineClamp={compact ? 2 : undefined}>
          {unread ? <span className={classes.visuallyHidden}>{t('unreadLabel')} </span> : null}
          {title}
        </Text>
        <Text size="sm" c="gray.7" lineClamp={compact ? 2 : undefined}>
          {text}
        </Text>
        <Text size="xs" c="gray.7" mt={2}>
          {formatDateTime(notification.createdAt, i18n.language)}
        </Text>
      </Box>
    </Group>
  );
  if (!notification.link || !mayOpen(notification.link)) return body;
  return compact ? (
    <UnstyledButton
      component={Link}
      to={notification.link}
      className={classes.itemLink}
      onClick={() => onOpen?.(notification)}
    >
      {body}
    </UnstyledButton>
  ) : (
    <Box>
      {body}
      <Anchor
        component={Link}
        to={notification.link}
        size="sm"
        ml={22}
        onClick={() => onOpen?.(notification)}
      >
        {t('open')}
      </Anchor>
    </Box>
  );
}

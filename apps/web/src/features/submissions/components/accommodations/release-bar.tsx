import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReleaseStatus } from '@vbuilder/shared';
import { formatDateTime } from '../../../../lib/format.ts';

interface Props {
  status: ReleaseStatus;
  releasing: boolean;
  onReleaseAll(): void;
}

/**
 * Above the student list when results wait for a release: how they are released, how
 * many students wait, and the one button that releases everyone's (each student is told).
 */
export function ReleaseBar({ status, releasing, onReleaseAll }: Props) {
  const { t, i18n } = useTranslation('submissions');
  if (status.releasePolicy === 'immediate') return null;
  const waiting = status.unreleased.length;
  const how =
    status.releasePolicy === 'afterWindow' && status.releasesAt
      ? t('release.afterWindow', { when: formatDateTime(status.releasesAt, i18n.language) })
      : t('release.manual');
  return (
    <Alert color="blue" variant="light" icon={<IconLock size={18} aria-hidden />} mb="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 260px' }}>
          {how} {waiting > 0 ? t('release.waiting', { count: waiting }) : t('release.noneWaiting')}
        </Text>
        {waiting > 0 && (
          <Button
            size="xs"
            leftSection={<IconLockOpen size={14} aria-hidden />}
            loading={releasing}
            onClick={onReleaseAll}
          >
            {t('release.releaseAll')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

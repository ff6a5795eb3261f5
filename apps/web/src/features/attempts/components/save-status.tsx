import { Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '../lib/sync-engine.ts';

// Text colours keep 4.5:1 on white; Mantine's orange never does, so offline words stay dark.
const LOOK: Record<SyncStatus, { color: string; text: string; icon: typeof IconCloudCheck | null }> = {
  saved: { color: 'teal', text: 'teal.9', icon: IconCloudCheck },
  saving: { color: 'blue', text: 'blue.9', icon: null },
  offline: { color: 'orange', text: 'dark.7', icon: IconWifiOff },
  retrying: { color: 'red', text: 'red.9', icon: IconAlertTriangle },
};

/** Where the answers stand, always in view: an icon and words, announced politely when it changes. */
export function SaveStatus({ status }: { status: SyncStatus }) {
  const { t } = useTranslation('attempts');
  const { color, text, icon: Icon } = LOOK[status];
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-save-status={status}>
      {Icon ? (
        <ThemeIcon size="sm" variant="light" color={color} radius="xl" aria-hidden>
          <Icon size={14} />
        </ThemeIcon>
      ) : (
        <Loader size={14} color={color} aria-hidden />
      )}
      <Text size="sm" fw={600} c={text}>
        {t(`saveStatus.${status}`)}
      </Text>
    </Group>
  );
}

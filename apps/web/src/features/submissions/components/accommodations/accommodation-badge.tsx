import { Badge, Group } from '@mantine/core';
import { IconCalendarTime, IconClockPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Accommodation } from '@vbuilder/shared';
import { formatDateTime } from '../../../../lib/format.ts';

/** "+15 min", "+25 %" and/or "Own window", as a teacher scans the student list. */
export function AccommodationBadge({ accommodation }: { accommodation: Accommodation }) {
  const { t, i18n } = useTranslation('submissions');
  const window =
    accommodation.startsAt || accommodation.endsAt
      ? t('accommodations.windowTitle', {
          from: accommodation.startsAt ? formatDateTime(accommodation.startsAt, i18n.language) : '…',
          to: accommodation.endsAt ? formatDateTime(accommodation.endsAt, i18n.language) : '…',
        })
      : null;
  return (
    <Group gap={4} wrap="wrap">
      {(accommodation.extraMinutes || accommodation.extraPercent) && (
        <Badge color="violet" variant="light" leftSection={<IconClockPlus size={12} aria-hidden />}>
          {accommodation.extraMinutes
            ? t('accommodations.badgeMinutes', { minutes: accommodation.extraMinutes })
            : t('accommodations.badgePercent', { value: accommodation.extraPercent })}
        </Badge>
      )}
      {window && (
        <Badge
          color="indigo"
          variant="light"
          leftSection={<IconCalendarTime size={12} aria-hidden />}
          title={window}
        >
          {t('accommodations.badgeWindow')}
        </Badge>
      )}
    </Group>
  );
}

import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AssessmentStatus as Status, TimingStatus } from '@vbuilder/shared';

const TIMING_COLORS: Record<TimingStatus, string> = {
  upcoming: 'blue',
  ongoing: 'green',
  past: 'gray',
  notSet: 'yellow',
};

/** Upcoming, Ongoing, Past or Not set (docs/product/states.md; the rule is shared with the API). */
export function TimingBadge({ timing }: { timing: TimingStatus }) {
  const { t } = useTranslation('assessments');
  return (
    // No shrinking: in a table cell the badge would otherwise be cut to its first letter.
    <Badge
      variant="light"
      color={TIMING_COLORS[timing]}
      radius="sm"
      style={{ textTransform: 'none', flexShrink: 0 }}
    >
      {t(`timing.${timing}`)}
    </Badge>
  );
}

/** The status column: the timing, and 'Draft' while students cannot see it yet. */
export function AssessmentStatusBadges({ timing, status }: { timing: TimingStatus; status: Status }) {
  const { t } = useTranslation('assessments');
  return (
    // As wide as its badges: the table column must not squeeze them under the next column.
    <Group gap={6} wrap="nowrap" style={{ minWidth: 'max-content' }}>
      <TimingBadge timing={timing} />
      {/* A draft is invisible to students: marked so on the table and on the phone cards alike. */}
      {status === 'draft' && (
        <>
          <Badge
            variant="light"
            color="orange"
            radius="sm"
            leftSection={<IconEyeOff size={12} aria-hidden />}
            title={t('status.draftHint')}
            style={{ textTransform: 'none', flexShrink: 0 }}
          >
            {t('status.draft')}
          </Badge>
          <VisuallyHidden>{t('status.draftHint')}</VisuallyHidden>
        </>
      )}
    </Group>
  );
}

import { Badge } from '@mantine/core';
import { IconCheck, IconHourglass, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Passed / Failed once decided, Pending while answers wait for a teacher (passed is null). */
export function ResultBadge({ passed }: { passed: boolean | null }) {
  const { t } = useTranslation('submissions');
  if (passed === null) {
    return (
      <Badge color="blue" variant="light" leftSection={<IconHourglass size={12} aria-hidden />}>
        {t('values.pending')}
      </Badge>
    );
  }
  return passed ? (
    <Badge color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
      {t('values.passed')}
    </Badge>
  ) : (
    <Badge color="red" variant="light" leftSection={<IconX size={12} aria-hidden />}>
      {t('values.failed')}
    </Badge>
  );
}

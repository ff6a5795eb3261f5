import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CertificateStatus } from '@vbuilder/shared';
import { tintedBadgeStyle } from '../../../lib/badge-colors.ts';

export const STATUS_COLORS = { valid: 'green', revoked: 'red' } as const;

/** Valid (green) or Revoked (red). */
export function CertificateStatusBadge({
  status,
  size = 'sm',
}: {
  status: CertificateStatus;
  size?: MantineSize;
}) {
  const { t } = useTranslation('certificates');
  const color = STATUS_COLORS[status];
  return (
    <Badge
      color={color}
      variant="light"
      size={size}
      radius="sm"
      styles={tintedBadgeStyle(color)}
      miw="max-content"
      data-status={status}
    >
      {status === 'valid' ? t('status.valid') : t('status.revoked')}
    </Badge>
  );
}

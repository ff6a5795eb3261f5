import type { ReactNode } from 'react';
import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusColor, tintedBadgeStyle } from '../../../lib/badge-colors.ts';

/** A badge in a status's colour, tinted so its words stay readable. */
function TintedBadge({
  color,
  size = 'md',
  children,
  ...data
}: {
  color: string;
  size?: MantineSize;
  children: ReactNode;
  'data-status-color'?: string;
}) {
  return (
    <Badge
      color={color}
      variant="light"
      size={size}
      radius="sm"
      styles={tintedBadgeStyle(color)}
      {...data}
      // A table squeezes an ellipsised badge to nothing: the badge keeps its words instead.
      miw="max-content"
    >
      {children}
    </Badge>
  );
}

/** pending (invited, no password yet), active, inactive (deactivated). */
export function StatusBadge({ status, size }: { status: string; size?: MantineSize }) {
  const { t } = useTranslation('users');
  const color = statusColor(status);
  return (
    <TintedBadge color={color} size={size} data-status-color={color}>
      {t(`status.${status}`, { defaultValue: status })}
    </TintedBadge>
  );
}

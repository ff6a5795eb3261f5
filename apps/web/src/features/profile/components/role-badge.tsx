import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tintedBadgeStyle } from '../../../lib/badge-colors.ts';
import { roleStyle } from '../lib/profile-display.ts';

/** The user's role as a coloured badge; 'user' is shown as Administrator (SPEC §3). */
export function RoleBadge({ role, ...props }: { role: string | null | undefined } & BadgeProps) {
  const { t } = useTranslation('profile');
  const { color, labelKey, fallback } = roleStyle(role);
  const label = labelKey ? t(labelKey) : fallback || t('roles.unknown');
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      styles={tintedBadgeStyle(color)}
      data-role-color={color}
      {...props}
    >
      {label}
    </Badge>
  );
}

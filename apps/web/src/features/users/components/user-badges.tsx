import type { ReactNode } from 'react';
import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayRole } from '@vbuilder/shared';
import { roleColor, statusColor, tintedBadgeStyle } from '../../../lib/badge-colors.ts';
import { roleLabelKey } from '../lib/roles.ts';

/** The role in words; 'user' is shown as Administrator (SPEC §3), an unknown role as it is. */
export function useRoleLabel() {
  const { t } = useTranslation('users');
  return (role: string | null | undefined) => {
    const key = roleLabelKey(role);
    return key ? t(key) : displayRole(role);
  };
}

/** A badge in a role's or a status's colour, tinted so its words stay readable. */
function TintedBadge({
  color,
  size = 'md',
  children,
  ...data
}: {
  color: string;
  size?: MantineSize;
  children: ReactNode;
  'data-role-color'?: string;
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

export function RoleBadge({ role, size }: { role: string; size?: MantineSize }) {
  const label = useRoleLabel();
  const color = roleColor(role);
  return (
    <TintedBadge color={color} size={size} data-role-color={color}>
      {label(role)}
    </TintedBadge>
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

import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayRole } from '@vbuilder/shared';
import { roleColor, roleLabelKey, statusColor, tintedBadgeStyle } from '../lib/roles.ts';

/** The role in words; 'user' is shown as Administrator (SPEC §3), an unknown role as it is. */
export function useRoleLabel() {
  const { t } = useTranslation('users');
  return (role: string | null | undefined) => {
    const key = roleLabelKey(role);
    return key ? t(key) : displayRole(role);
  };
}

export function RoleBadge({ role, size = 'md' }: { role: string; size?: MantineSize }) {
  const label = useRoleLabel();
  const color = roleColor(role);
  return (
    <Badge
      color={color}
      variant="light"
      size={size}
      radius="sm"
      styles={tintedBadgeStyle(color)}
      data-role-color={color}
      // A table squeezes an ellipsised badge to nothing: the badge keeps its words instead.
      miw="max-content"
    >
      {label(role)}
    </Badge>
  );
}

/** pending (invited, no password yet), active, inactive (deactivated). */
export function StatusBadge({ status, size = 'md' }: { status: string; size?: MantineSize }) {
  const { t } = useTranslation('users');
  const color = statusColor(status);
  return (
    <Badge
      color={color}
      variant="light"
      size={size}
      radius="sm"
      styles={tintedBadgeStyle(color)}
      data-status-color={color}
      miw="max-content"
    >
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

import { Badge, type BadgeProps } from '@mantine/core';
import { roleColor, tintedBadgeStyle } from '../lib/badge-colors.ts';
import { useRoleLabel } from './layout/role-label.ts';

/**
 * A person's role as a badge in the role's colour (docs/product/screens.md), tinted so its words stay readable:
 * 'user' is shown as Administrator (docs/product/data.md), no role as Guest, an unknown role as it is, in grey.
 */
export function RoleBadge({ role, ...props }: { role: string | null | undefined } & BadgeProps) {
  const label = useRoleLabel();
  const color = roleColor(role);
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      styles={tintedBadgeStyle(color)}
      data-role-color={color}
      // A table squeezes an ellipsised badge to nothing: the badge keeps its words instead.
      miw="max-content"
      {...props}
    >
      {label(role)}
    </Badge>
  );
}

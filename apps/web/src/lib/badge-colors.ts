import type { MantineColor } from '@mantine/core';
import { displayRole } from '@vbuilder/shared';

/** Each role has its own badge colour (docs/product/screens.md); 'user' reads as Administrator, other roles are grey. */
const ROLE_COLORS: Record<string, MantineColor> = {
  'Super Administrator': 'grape',
  Administrator: 'blue',
  Teacher: 'teal',
  Student: 'pink',
};

export const roleColor = (role: string | null | undefined): MantineColor =>
  ROLE_COLORS[displayRole(role)] ?? 'gray';

const STATUS_COLORS: Record<string, MantineColor> = { active: 'green', pending: 'yellow', inactive: 'red' };

/** An account's status colour: pending (invited), active, inactive (deactivated); others grey. */
export const statusColor = (status: string): MantineColor => STATUS_COLORS[status] ?? 'gray';

/**
 * Text darker than Mantine's shade 9 where that shade stays under 4.5:1 even on the palest tint
 * (green about 4.1:1, yellow about 2.6:1): badge text is small, bold and uppercase, still text.
 */
const DARK_TEXT: Partial<Record<MantineColor, string>> = { green: '#1b5e20', yellow: '#7a4100' };

/**
 * Badge colours that keep the text above WCAG AA contrast: Mantine's light variant puts shade-9
 * text on a mid tint (about 4.3:1 for teal), this uses the palest tint instead.
 */
export const tintedBadgeStyle = (color: MantineColor) => ({
  root: {
    background: `var(--mantine-color-${color}-0)`,
    color: DARK_TEXT[color] ?? `var(--mantine-color-${color}-9)`,
    border: `1px solid var(--mantine-color-${color}-${color === 'yellow' ? 4 : 2})`,
  },
});

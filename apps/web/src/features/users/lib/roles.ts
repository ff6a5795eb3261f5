import type { MantineColor } from '@mantine/core';
import { displayRole, type Role } from '@vbuilder/shared';

/** Keys of the `users` namespace naming each role; 'user' reads as Administrator (SPEC §3). */
const ROLE_KEYS: Record<string, string> = {
  'Super Administrator': 'roles.superAdministrator',
  Administrator: 'roles.administrator',
  Teacher: 'roles.teacher',
  Student: 'roles.student',
};

const ROLE_COLORS: Record<string, MantineColor> = {
  'Super Administrator': 'grape',
  Administrator: 'blue',
  Teacher: 'teal',
  Student: 'pink',
};

/** The role's label key, or null for a role we have no words for (shown as it is). */
export const roleLabelKey = (role: string | null | undefined): string | null =>
  ROLE_KEYS[displayRole(role)] ?? null;

export const roleColor = (role: string | null | undefined): MantineColor =>
  ROLE_COLORS[displayRole(role)] ?? 'gray';

/** The users page's role filter (SPEC §2: the table is titled with the role). */
export const ROLE_FILTERS = ['all', 'administrators', 'teachers', 'students'] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/** The API's `role` query for each filter; 'Administrator' also covers the legacy 'user' role. */
export const ROLE_OF_FILTER: Record<RoleFilter, Role | undefined> = {
  all: undefined,
  administrators: 'Administrator',
  teachers: 'Teacher',
  students: 'Student',
};

const STATUS_COLORS: Record<string, MantineColor> = { active: 'green', pending: 'yellow', inactive: 'red' };

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

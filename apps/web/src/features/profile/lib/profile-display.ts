import type { MantineColor } from '@mantine/core';
import { displayRole } from '@vbuilder/shared';

/** SPEC §4/§9: refetch the profile 750 ms after a new image, close the edit dialog 1 s after saving. */
export const PROFILE_REFETCH_DELAY_MS = 750;
export const EDIT_DIALOG_CLOSE_DELAY_MS = 1000;

/** A phone number shown with a leading plus (SPEC §2), or null when there is none. */
export function formatPhone(phone: string | null | undefined): string | null {
  const trimmed = phone?.trim();
  if (!trimmed) return null;
  return trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
}

type RoleStyle = { color: MantineColor; labelKey: string };

/** Each role gets its own badge colour (SPEC §2); 'user' reads as Administrator, unknown roles are grey. */
const ROLE_STYLES: Record<string, RoleStyle> = {
  'Super Administrator': { color: 'grape', labelKey: 'roles.superAdministrator' },
  Administrator: { color: 'blue', labelKey: 'roles.administrator' },
  Teacher: { color: 'teal', labelKey: 'roles.teacher' },
  Student: { color: 'pink', labelKey: 'roles.student' },
};

export function roleStyle(role: string | null | undefined): RoleStyle & { fallback: string } {
  const shown = displayRole(role);
  return { ...(ROLE_STYLES[shown] ?? { color: 'gray', labelKey: '' }), fallback: shown };
}

const STATUS_COLORS: Record<string, MantineColor> = { active: 'green', pending: 'yellow', inactive: 'red' };

export const accountStatusColor = (status: string): MantineColor => STATUS_COLORS[status] ?? 'gray';

/**
 * Tinted badge colours that keep the text above WCAG AA contrast: Mantine's light variant puts
 * shade-9 text on a mid tint (about 4.3:1 for teal and green), this uses the palest tint instead.
 */
export const tintedBadgeStyle = (color: MantineColor) => ({
  root: {
    background: `var(--mantine-color-${color}-0)`,
    color: `var(--mantine-color-${color}-9)`,
    border: `1px solid var(--mantine-color-${color}-2)`,
  },
});

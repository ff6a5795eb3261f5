import type { MantineColor } from '@mantine/core';
import { displayRole } from '@vbuilder/shared';
import { roleColor } from '../../../lib/badge-colors.ts';

/** SPEC §4/§9: refetch the profile 750 ms after a new image, close the edit dialog 1 s after saving. */
export const PROFILE_REFETCH_DELAY_MS = 750;
export const EDIT_DIALOG_CLOSE_DELAY_MS = 1000;

type RoleStyle = { color: MantineColor; labelKey: string };

/** Keys of the `profile` namespace naming each role; 'user' reads as Administrator (SPEC §3). */
const ROLE_KEYS: Record<string, string> = {
  'Super Administrator': 'roles.superAdministrator',
  Administrator: 'roles.administrator',
  Teacher: 'roles.teacher',
  Student: 'roles.student',
};

/** The role badge's colour (lib/badge-colors.ts) and label key; unknown roles are grey, shown as they are. */
export function roleStyle(role: string | null | undefined): RoleStyle & { fallback: string } {
  const shown = displayRole(role);
  return { color: roleColor(role), labelKey: ROLE_KEYS[shown] ?? '', fallback: shown };
}

import { displayRole, type Role } from '@vbuilder/shared';

/** Keys of the `users` namespace naming each role; 'user' reads as Administrator (SPEC §3). */
const ROLE_KEYS: Record<string, string> = {
  'Super Administrator': 'roles.superAdministrator',
  Administrator: 'roles.administrator',
  Teacher: 'roles.teacher',
  Student: 'roles.student',
};

/** The role's label key, or null for a role we have no words for (shown as it is). */
export const roleLabelKey = (role: string | null | undefined): string | null =>
  ROLE_KEYS[displayRole(role)] ?? null;

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

import type { Role } from '@vbuilder/shared';

/** The users page's role filter (docs/product/screens.md: the table is titled with the role). */
export const ROLE_FILTERS = ['all', 'administrators', 'teachers', 'students'] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/** The API's `role` query for each filter; 'Administrator' also covers the legacy 'user' role. */
export const ROLE_OF_FILTER: Record<RoleFilter, Role | undefined> = {
  all: undefined,
  administrators: 'Administrator',
  teachers: 'Teacher',
  students: 'Student',
};

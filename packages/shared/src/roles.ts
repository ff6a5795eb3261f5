/** The roles of docs/product/roles.md. 'user' is a legacy administrator role, displayed as 'Administrator'. */
export const ROLES = ['Super Administrator', 'Administrator', 'user', 'Teacher', 'Student'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** Roles that run an organization ('user' is shown as Administrator and acts as one). */
export const isAdministrator = (role: string | null | undefined): boolean =>
  role === 'Administrator' || role === 'user';

export const isSuperAdministrator = (role: string | null | undefined): boolean =>
  role === 'Super Administrator';

/**
 * Whether someone may delete an assessment or release its results: its author (`createdBy`) or an
 * administrator of its organization. Other teachers read, edit, mark and duplicate it. The API
 * enforces it (assessments.policy.ts); the web hides what would be refused.
 */
export const managesAssessment = (
  person: { role: string; id: string },
  assessment: { createdBy: string | null },
): boolean =>
  isAdministrator(person.role) || (assessment.createdBy !== null && assessment.createdBy === person.id);

/** The role as a person reads it: 'user' is displayed as 'Administrator', other roles pass through. */
export const displayRole = (role: string | null | undefined): string =>
  role === 'user' ? 'Administrator' : (role ?? '');

/** Roles that sign in without belonging to an organization. */
export const PLATFORM_ROLES: readonly Role[] = ['Super Administrator'];

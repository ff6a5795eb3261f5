import {
  isAdministrator,
  isSuperAdministrator,
  type Role,
  type UserProfile,
  type UserSummary,
} from '@vbuilder/shared';

/** Who is looking at the users screens: only what the rules below need. */
export type Viewer = Pick<UserProfile, 'id' | 'role' | 'organizationId'>;

/** Roles an organization member can hold, most privileged first (the legacy 'user' is never granted). */
const ORGANIZATION_ROLES: readonly Role[] = ['Administrator', 'Teacher', 'Student'];

/**
 * The roles a viewer may give a new user (the API enforces the same): Teacher → Student only;
 * Administrator (and 'user') → Administrator, Teacher, Student; the Super Administrator also
 * another Super Administrator, except when adding to a given organization.
 */
export function grantableRoles(viewer: Viewer | null, inOrganization: boolean): Role[] {
  const role = viewer?.role;
  if (isSuperAdministrator(role)) {
    return inOrganization ? [...ORGANIZATION_ROLES] : ['Super Administrator', ...ORGANIZATION_ROLES];
  }
  if (isAdministrator(role)) return [...ORGANIZATION_ROLES];
  if (role === 'Teacher') return ['Student'];
  return [];
}

export const canAddUsers = (viewer: Viewer | null) => grantableRoles(viewer, false).length > 0;

/** The CSV import adds students, so whoever may add a student may import them. */
export const canImportStudents = (viewer: Viewer | null) => grantableRoles(viewer, false).includes('Student');

/**
 * Whether the viewer may change the role or status of `target`, or delete it: the Super
 * Administrator anyone, an Administrator the members of its organization other than a Super
 * Administrator; nobody themselves. The server decides in the end (e.g. the last Administrator).
 */
export function canManageUser(
  viewer: Viewer | null,
  target: Pick<UserSummary, 'id' | 'role' | 'organizationId'>,
) {
  if (!viewer || viewer.id === target.id) return false;
  if (isSuperAdministrator(viewer.role)) return true;
  if (!isAdministrator(viewer.role)) return false;
  return (
    viewer.organizationId !== null &&
    target.organizationId === viewer.organizationId &&
    !isSuperAdministrator(target.role)
  );
}

/** Roles a managed user can be changed to (a person in an organization stays in one). */
export const assignableRoles = (viewer: Viewer | null): Role[] =>
  isSuperAdministrator(viewer?.role) || isAdministrator(viewer?.role) ? [...ORGANIZATION_ROLES] : [];

/** Whether rows get an actions menu at all (a Teacher's table has none). */
export const canManageUsers = (viewer: Viewer | null) => assignableRoles(viewer).length > 0;

import { isAdministrator, isSuperAdministrator, type UserProfile } from '@vbuilder/shared';

type Viewer = Pick<UserProfile, 'role' | 'organizationId'> | null | undefined;

/** The platform-wide list is the Super Administrator's alone (the API answers 403 to anyone else). */
export const canListOrganizations = (viewer: Viewer): boolean => isSuperAdministrator(viewer?.role);

/** Its own Administrators (and the legacy 'user' role) and the Super Administrator edit an organization. */
export const canEditOrganization = (viewer: Viewer, organizationId: string): boolean =>
  isSuperAdministrator(viewer?.role) ||
  (isAdministrator(viewer?.role) && viewer?.organizationId === organizationId);

/**
 * Who sees an organization's members under its details: everyone the API lets list them
 * (Super Administrator, Administrators, 'user', Teachers). A Student sees the details only.
 */
export const canViewMembers = (viewer: Viewer): boolean =>
  isSuperAdministrator(viewer?.role) || isAdministrator(viewer?.role) || viewer?.role === 'Teacher';

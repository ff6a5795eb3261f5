import { isAdministrator, isSuperAdministrator, ROLES, type Role } from '@vbuilder/shared';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { ADMINISTRATORS, STAFF } from '../../plugins/authorize.ts';
import type { Actor } from '../../types.d.ts';

/**
 * Who may do what to whom among users. Routes declare the coarse policy (which roles
 * may call them); these functions hold the finer rules that depend on the target.
 */

/** Roles that see their organization's members (a Student does not). */
export const MEMBER_VIEWER_ROLES = STAFF;
/** Roles that add users: a Teacher adds Students only. */
export const USER_CREATOR_ROLES = STAFF;
/** Roles that change or delete users. */
export const USER_MANAGER_ROLES = ADMINISTRATORS;

/** docs/product/messages.md's refusal for people who may not see members (the route policy answers it too). */
export const MEMBERS_REFUSAL = {
  code: 'members_forbidden',
  message: "Unauthorized to view organization's members",
} as const;

export const membersForbidden = () => new AppError(403, MEMBERS_REFUSAL.code, MEMBERS_REFUSAL.message);

export const cannotChangeSelf = () =>
  new AppError(
    403,
    'cannot_change_self',
    'You cannot change your own role or status, or delete your own account',
  );

export const lastAdministrator = () =>
  new AppError(
    409,
    'last_administrator',
    "This is the organization's last active administrator; make someone else an administrator first",
  );

export const roleNotAllowed = () => forbidden('You are not allowed to give this role', 'role_not_allowed');

/** Throws members_forbidden unless the actor may see members of an organization. */
export function assertCanViewMembers(actor: Actor): void {
  if (!MEMBER_VIEWER_ROLES.includes(actor.role)) throw membersForbidden();
}

/** Throws forbidden unless the actor may change or delete users (routes check this too). */
export function assertCanManage(actor: Actor): void {
  if (!USER_MANAGER_ROLES.includes(actor.role)) throw forbidden();
}

/** The roles this actor may give to a new or existing user. */
export function assignableRoles(actor: Actor): readonly Role[] {
  if (isSuperAdministrator(actor.role)) return ROLES;
  if (isAdministrator(actor.role)) return ROLES.filter((r) => !isSuperAdministrator(r));
  if (actor.role === 'Teacher') return ['Student'];
  return [];
}

export function assertCanAssignRole(actor: Actor, role: Role): void {
  if (!assignableRoles(actor).includes(role)) throw roleNotAllowed();
}

/**
 * The organization whose users a non-Super-Administrator works on: always their own. Naming
 * another one answers 404, as if it did not exist, so other tenants' ids are never confirmed.
 */
export function ownOrganization(actor: Actor, requested?: string): string {
  if (!actor.organizationId) throw forbidden('Your account does not belong to an organization yet');
  if (requested !== undefined && requested !== actor.organizationId) throw notFound('organization');
  return actor.organizationId;
}

/** Whether the actor may act on this user at all: a Super Administrator is out of anyone else's reach. */
export function assertCanReach(actor: Actor, target: { role: string }): void {
  if (!isSuperAdministrator(actor.role) && isSuperAdministrator(target.role)) throw notFound('user');
}

import { isAdministrator, isSuperAdministrator, type Role } from '@vbuilder/shared';
import { ADMINISTRATORS } from '../../plugins/authorize.ts';
import type { Actor } from '../../types.d.ts';

/**
 * Who may do what with certificates (docs/product/roles.md "Only administrators may create and give
 * certificates"). Routes declare the roles; these functions hold the rules that depend on the
 * certificate. A certificate the actor may not reach answers 404, like a missing one.
 */

/** Give, revoke, reissue, the template and the rules: the organization's Administrators. */
export const CERTIFICATE_MANAGERS: readonly Role[] = ADMINISTRATORS;
/** List and download: the managers and the Students who hold certificates. */
export const CERTIFICATE_READERS: readonly Role[] = [...ADMINISTRATORS, 'Student'];

/** The organization whose certificates the actor manages: null for the Super Administrator (any). */
export function managedOrganization(actor: Actor): string | null | undefined {
  if (isSuperAdministrator(actor.role)) return null;
  if (isAdministrator(actor.role) && actor.organizationId) return actor.organizationId;
  return undefined;
}

/** The holder, their organization's Administrators, and the Super Administrator. */
export function canReadCertificate(
  actor: Actor,
  certificate: { organizationId: string; studentId: string },
): boolean {
  if (certificate.studentId === actor.userId) return true;
  const organization = managedOrganization(actor);
  return organization === null || (organization !== undefined && organization === certificate.organizationId);
}

/** Give, revoke or reissue it: its organization's Administrators and the Super Administrator. */
export function canManageCertificate(actor: Actor, certificate: { organizationId: string }): boolean {
  const organization = managedOrganization(actor);
  return organization === null || (organization !== undefined && organization === certificate.organizationId);
}

import { isAdministrator, isSuperAdministrator } from '@vbuilder/shared';
import type { Actor } from '../../types.d.ts';

/**
 * Who manages an organization's LTI registrations: its Administrators, and the Super
 * Administrator for any organization. Anyone else is answered as if the organization had none
 * (404), so other tenants' ids are not confirmed.
 */
export function canManageLti(actor: Actor, organizationId: string): boolean {
  if (isSuperAdministrator(actor.role)) return true;
  return isAdministrator(actor.role) && actor.organizationId === organizationId;
}

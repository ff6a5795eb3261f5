import { isSuperAdministrator, managesAssessment, ROLES, type Role } from '@vbuilder/shared';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';

/**
 * Who may do what with assessments (docs/product/roles.md). Routes declare the coarse policy (roles);
 * these helpers decide which organization's records a call works on.
 */

/** Everyone signed in reads assessments: staff all of their organization's, a Student the assigned ones. */
export const ASSESSMENT_READERS: readonly Role[] = ROLES;
/** Who writes assessments: an organization's administrators and teachers (not the platform team). */
export const ASSESSMENT_AUTHORS: readonly Role[] = ['Administrator', 'user', 'Teacher'];
/** Who sees an organization's usage and monthly creations. */
export const USAGE_READERS: readonly Role[] = ['Super Administrator', ...ASSESSMENT_AUTHORS];

export const isStudent = (actor: Actor) => actor.role === 'Student';

/**
 * Who may delete an assessment or release its results (managesAssessment): the teacher who created
 * it, and the organization's administrators. Every teacher of the organization reads, edits, marks
 * and duplicates its assessments (colleagues share classes and cover for each other), but removing
 * one or telling its students their results is its author's call, as schools expect: a colleague's
 * click must not delete a class's exam or publish marks its author is still checking. An
 * assessment whose author has left (created_by null) is managed by the administrators. There are
 * no co-authors yet; a teacher who needs this asks an administrator.
 */
export function assertManagesAssessment(actor: Actor, assessment: { createdBy: string | null }): void {
  if (managesAssessment({ role: actor.role, id: actor.userId }, assessment)) return;
  throw forbidden(
    'Only the teacher who created this assessment, or an administrator of the organization, can delete it or release its results',
    'assessment_author_only',
  );
}

/**
 * The organization a call reads: the Super Administrator names it (?organizationId=, required);
 * everyone else works on their own, and naming another one answers 404 so ids are not confirmed.
 */
export function readableOrganization(actor: Actor, requested: string | undefined): string {
  if (isSuperAdministrator(actor.role)) {
    if (!requested) {
      throw badRequest('validation_error', 'Choose the organization (organizationId)', [
        { path: ['organizationId'], message: 'validation.organizationRequired' },
      ]);
    }
    return requested;
  }
  return ownOrganization(actor, requested);
}

/** The actor's own organization; another one named is "not found". */
export function ownOrganization(actor: Actor, requested?: string): string {
  if (!actor.organizationId) throw forbidden('Your account does not belong to an organization yet');
  if (requested !== undefined && requested !== actor.organizationId) throw notFound('organization');
  return actor.organizationId;
}

/**
 * The organization whose assessment an id-scoped read may reach: any for the Super Administrator
 * (null), otherwise the actor's own.
 */
export function reachableOrganization(actor: Actor): string | null {
  if (isSuperAdministrator(actor.role)) return null;
  if (!actor.organizationId) throw notFound('assessment');
  return actor.organizationId;
}

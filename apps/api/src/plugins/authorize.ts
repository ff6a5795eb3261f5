import type { Role } from '@vbuilder/shared';
import type { Actor } from '../types.d.ts';

/**
 * Who may call a route, declared on the route itself (config.policy):
 * - 'public': anyone, no token needed;
 * - 'authenticated': any signed-in, active user;
 * - { roles }: a signed-in user with one of these roles.
 * Organization scoping is the service's job (repositories always filter by organization).
 */
export type Policy = 'public' | 'authenticated' | { roles: readonly Role[] };

export const isAllowed = (policy: Policy, actor: Actor | undefined): boolean => {
  if (policy === 'public') return true;
  if (!actor) return false;
  if (policy === 'authenticated') return true;
  return policy.roles.includes(actor.role);
};

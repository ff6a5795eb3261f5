import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ErrorCode, Role } from '@vbuilder/shared';
import { AppError } from '../lib/errors.ts';
import type { Actor } from '../types.d.ts';

/**
 * The authorization model, in two layers.
 *
 * 1. Route policy — WHO may call a route. Declared once, on the route itself:
 *      app.get('/x', { config: { policy: ... } }, handler)
 *    - 'public': anyone, no token needed;
 *    - 'authenticated': any signed-in, active user;
 *    - { roles, refusal? }: a signed-in user with one of these roles; others get 403 with
 *      `refusal` (default code 'forbidden'), e.g. 'members_forbidden' for member lists.
 *    The auth plugin (plugins/auth.ts) enforces it in onRequest, before validation and before any
 *    handler runs, with an actor read from the database on every request. A route under /api
 *    without a policy makes the app refuse to start, so nothing is public by omission.
 *
 * 2. Organization scope — WHICH records. Not expressible per route: services decide from the
 *    actor (a Super Administrator sees every organization; everyone else only their own) and
 *    repositories take the organization id in every query. A record of another organization is
 *    answered 404, never 403, so ids of other tenants are not confirmed.
 *
 * Every declared route is also listed in `app.declaredRoutes`, which the authorization-matrix
 * test (test/authorization-matrix.test.ts) walks: each route × each role × own, foreign and
 * missing ids, so a new route is covered without anyone adding it to a list.
 */
export type Policy = 'public' | 'authenticated' | RolePolicy;

export interface RolePolicy {
  roles: readonly Role[];
  /** What other roles are answered (403); a route-specific code lets the web say why. */
  refusal?: { code: ErrorCode; message: string };
}

/** Role sets the routes share, so "who runs an organization" is written once. */
export const SUPER_ADMINISTRATOR: readonly Role[] = ['Super Administrator'];
/** The Super Administrator and an organization's administrators ('user' is the legacy Administrator). */
export const ADMINISTRATORS: readonly Role[] = ['Super Administrator', 'Administrator', 'user'];
/** Everyone who may see an organization's members: administrators and teachers. */
export const STAFF: readonly Role[] = [...ADMINISTRATORS, 'Teacher'];

export const isAllowed = (policy: Policy, actor: Actor | undefined): boolean => {
  if (policy === 'public') return true;
  if (!actor) return false;
  if (policy === 'authenticated') return true;
  return policy.roles.includes(actor.role);
};

/** The 403 a signed-in actor gets from a role policy that does not include their role. */
export const refusal = (policy: Policy): AppError =>
  typeof policy === 'object' && policy.refusal
    ? new AppError(403, policy.refusal.code, policy.refusal.message)
    : new AppError(403, 'forbidden', 'You are not allowed to do this');

/** A route as registered, with its declared policy (see `app.declaredRoutes`). */
export interface DeclaredRoute {
  method: string;
  url: string;
  policy: Policy | undefined;
  /** The zod schemas the route validates with, so tests can build plausible requests. */
  schema: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    consumes?: readonly string[];
    produces?: readonly string[];
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the auth plugin, in registration order. */
    declaredRoutes: DeclaredRoute[];
  }
}

/** Paths under /api served by plugins (docs UI assets) rather than by our modules. */
const EXEMPT_PREFIXES = ['/api/docs'];

export const needsPolicy = (url: string): boolean =>
  url.startsWith('/api') && !EXEMPT_PREFIXES.some((p) => url.startsWith(p));

/**
 * Installs the onRoute hook that refuses /api routes without a policy and records every route
 * in `app.declaredRoutes`. Called by the auth plugin before any module registers its routes.
 */
export function declareRoutes(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route: RouteOptions) => {
    const policy = route.config?.policy;
    if (needsPolicy(route.url) && !policy) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no policy (config.policy)`);
    }
    const schema = route.schema ?? {};
    for (const method of [route.method].flat()) {
      declared.push({
        method: String(method),
        url: route.url,
        policy,
        schema: {
          body: schema.body,
          querystring: schema.querystring,
          params: schema.params,
          consumes: (schema as { consumes?: readonly string[] }).consumes,
          produces: (schema as { produces?: readonly string[] }).produces,
        },
      });
    }
  });
}

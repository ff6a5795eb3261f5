import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { AccessDenied } from '../errors/access-denied.tsx';
import { mayOpen, type ScreenAccess } from './navigation.ts';

/** The access a route declares in its `handle` (app/account-routes.tsx); the deepest one counts. */
export function accessOf(handles: readonly unknown[]): ScreenAccess | undefined {
  for (const handle of [...handles].reverse()) {
    const access = (handle as { access?: ScreenAccess } | undefined)?.access;
    if (access) return access;
  }
  return undefined;
}

/**
 * The one place an /account screen is refused: a role whose side menu (docs/product/roles.md) does not give the
 * route's section sees 'You don't have access to this page' instead of the screen. The API refuses
 * the data too; this keeps a user from a screen of errors. While the user is unknown, nothing is
 * refused.
 */
export function RouteAccessGuard({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const { user } = useAuth();
  if (user && !mayOpen(accessOf(matches.map((match) => match.handle)), user.role)) {
    return <AccessDenied />;
  }
  return children;
}

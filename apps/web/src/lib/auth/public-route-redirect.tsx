import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CHANGE_PASSWORD_PATH } from './constants.ts';
import { takePostLoginPath } from './intended-path.ts';
import { shouldLeavePublicRoute } from './session-rules.ts';
import { useAuth } from './auth-provider.tsx';

/**
 * Rendered at the root of the app (docs/product/states.md): a user who must change their password goes to
 * /change-password from anywhere; any other signed-in user on a public page (not the callback
 * or change-password pages) goes to the stored destination, or /account/home.
 */
export function PublicRouteRedirect() {
  const { status, user } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (status !== 'authenticated' || !user) return;
    if (user.must_change_password) {
      if (pathname !== CHANGE_PASSWORD_PATH) void navigate(CHANGE_PASSWORD_PATH, { replace: true });
      return;
    }
    if (shouldLeavePublicRoute(pathname, user)) void navigate(takePostLoginPath(user), { replace: true });
  }, [status, user, pathname, navigate]);

  return null;
}

import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/errors/loading-screen.tsx';
import { AccountLayout } from '../../components/layout/account-layout.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { LOGIN_PATH } from '../../lib/auth/constants.ts';
import { storeIntendedPath } from '../../lib/auth/intended-path.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { useLoadingGate } from '../../lib/auth/use-loading-gate.ts';
import { LinkAccessProvider } from '../../lib/link-access.tsx';
import { mayOpenPath } from '../account-routes.tsx';

/**
 * The protected area (docs/product/screens.md): an authenticated user gets the account layout. While the session
 * loads nothing shows for 100 ms, then a spinner (for at least 200 ms); only when loading is over
 * is a visitor without a session sent to /login, with this page kept as the destination.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const { status, signingOut, user } = useAuth();
  const gate = useLoadingGate(status === 'initializing' || signingOut);
  // The same element while the user is the same: a change elsewhere in the session (the profile's
  // refresh) leaves the memoized shell alone.
  const userId = user?.id;
  const bell = useMemo(() => (userId ? <NotificationBell userId={userId} /> : null), [userId]);
  // Links inside the shell are offered only for pages the role may open.
  const role = user?.role;
  const mayOpenLink = useCallback((path: string) => mayOpenPath(path, role), [role]);

  if (gate.busy) {
    if (!gate.showSpinner) return null;
    return <LoadingScreen label={signingOut ? t('logout.signingOut') : undefined} />;
  }
  if (status !== 'authenticated') return <RedirectToLogin />;
  return (
    <LinkAccessProvider value={mayOpenLink}>
      <AccountLayout topBarActions={bell} />
    </LinkAccessProvider>
  );
}

function RedirectToLogin() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    storeIntendedPath(`${pathname}${search}${hash}`);
    void navigate(LOGIN_PATH, { replace: true });
  }, [pathname, search, hash, navigate]);

  return null;
}

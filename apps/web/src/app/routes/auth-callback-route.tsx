import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/errors/loading-screen.tsx';
import { LOGIN_PATH } from '../../lib/auth/constants.ts';
import { takePostLoginPath } from '../../lib/auth/intended-path.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/**
 * /auth/callback: the session completes the sign-in (AuthProvider); this page then sends the user
 * to the stored destination (never a public route) or /account/home (docs/product/states.md). A user who must
 * change their password is taken there by PublicRouteRedirect instead.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const { status, user } = useAuth();
  const navigate = useNavigate();
  // Once only, even when StrictMode runs effects twice: the stored path is read and cleared.
  const done = useRef(false);

  useEffect(() => {
    if (done.current || status === 'initializing') return;
    if (status === 'authenticated' && user?.must_change_password) return;
    done.current = true;
    void navigate(status === 'authenticated' ? takePostLoginPath(user) : LOGIN_PATH, { replace: true });
  }, [status, user, navigate]);

  return <LoadingScreen label={t('callback.completing')} />;
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/errors/loading-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/** /account/logout: ends the session here and at the identity provider (docs/product/states.md). */
export function Component() {
  const { t } = useTranslation('auth');
  const { logout } = useAuth();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout();
  }, [logout]);

  return <LoadingScreen label={t('logout.signingOut')} />;
}

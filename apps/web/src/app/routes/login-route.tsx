import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Alert, Button } from '@mantine/core';
import { IconAlertCircle, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/errors/loading-screen.tsx';
import { LanguagePicker } from '../../features/accounts/components/language-picker.tsx';
import { LandingPage } from '../../features/landing/components/landing-page.tsx';
import { reportError } from '../../lib/auth/report-error.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { useLoadingGate } from '../../lib/auth/use-loading-gate.ts';
import { REPLAY_ATTRIBUTE } from '../../lib/landing-contract.ts';
import { SignInCard } from '../sign-in-card.tsx';

/**
 * / and /login (docs/product/screens.md): the login screen behind a loading gate, inside the public landing page
 * (welcome, features, call to action, product links). Signing in starts from the button
 * (or at once with ?login=1), never by itself, so there is no redirect loop. A signed-in visitor is
 * sent on by PublicRouteRedirect.
 */
export function Component() {
  const { status, signingOut } = useAuth();
  const gate = useLoadingGate(status === 'initializing' || signingOut);
  const screen = gate.busy
    ? gate.showSpinner
      ? 'spinner'
      : 'nothing'
    : status === 'authenticated'
      ? 'spinner'
      : 'login';
  // The landing page is a large tree: rendered as a deferred (interruptible) update, a phone's main
  // thread is never blocked for all of it at once when the gate opens. What shows meanwhile is the
  // gate's own state a moment longer.
  const shown = useDeferredValue(screen);

  if (shown === 'nothing') return null;
  if (shown === 'spinner') return <LoadingScreen />;
  return <LoginScreen />;
}

function LoginScreen() {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const [params] = useSearchParams();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const autoStarted = useRef(false);

  const signIn = async () => {
    setPending(true);
    setFailed(false);
    try {
      await login();
      // The browser is now leaving for the identity provider; the button stays busy until then.
    } catch (error) {
      reportError(error, { area: 'auth', action: 'login' });
      setFailed(true);
      setPending(false);
    }
  };

  useEffect(() => {
    if (autoStarted.current || params.get('login') !== '1') return;
    autoStarted.current = true;
    void signIn();
    // Once per visit: the query parameter asks for one automatic start, not a loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  return (
    <LandingPage
      title={t('login.title')}
      languagePicker={
        <div {...{ [REPLAY_ATTRIBUTE]: 'language' }}>
          <LanguagePicker />
        </div>
      }
      signIn={
        <SignInCard
          alert={
            failed ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                {t('login.failed')}
              </Alert>
            ) : null
          }
          action={
            <Button
              size="md"
              fullWidth
              leftSection={<IconLogin2 size={18} aria-hidden />}
              loading={pending}
              onClick={() => void signIn()}
            >
              {t('login.signIn')}
            </Button>
          }
        />
      }
    />
  );
}

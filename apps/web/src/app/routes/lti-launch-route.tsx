import { useEffect, useRef, useState } from 'react';
import { Alert, Center, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/errors/loading-screen.tsx';
import { ltiCodeFromHash, storeLtiCode } from '../../features/accounts/lib/lti-code.ts';
import { startLogin } from '../../lib/auth/login-redirect.ts';

/**
 * /lti/launch#code=…: where an LTI launch leaves the browser (docs/product/lti.md). The one-time
 * code is kept in this tab and the usual sign-in starts, asking the provider to sign in again
 * whatever session it has: the sign-in page exchanges the code for the person the launch named,
 * and the sign-in ends on the launch's landing.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const [problem, setProblem] = useState<'noCode' | 'failed' | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = ltiCodeFromHash(window.location.hash);
    // The code leaves the address bar (and the history) at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (!code || !storeLtiCode(code)) return setProblem('noCode');
    startLogin(undefined, '/account/home', { prompt: 'login' }).catch(() => setProblem('failed'));
  }, []);

  if (!problem) return <LoadingScreen label={t('lti.opening')} />;
  return (
    <Center mih="100vh" p="md">
      <Stack maw={420}>
        <Alert color="red" variant="light" role="alert" title={t('lti.problemTitle')}>
          {problem === 'noCode' ? t('lti.noCode') : t('login.failed')}
        </Alert>
      </Stack>
    </Center>
  );
}

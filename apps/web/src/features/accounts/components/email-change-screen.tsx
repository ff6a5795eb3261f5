import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServerErrorAlert } from '../../../components/forms/server-error-alert.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { accountKeys } from '../../../lib/query-keys.ts';
import { confirmEmailChange, undoEmailChange } from '../api/accounts.ts';
import { ACCOUNT_PATHS } from '../paths.ts';
import { AccountDone } from './account-done.tsx';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { LinkProblemAlert } from './link-problem-alert.tsx';

type Step = 'confirm' | 'undo';

/**
 * The two links of an email change: `/confirm-email?token=` from the new address moves
 * the account there; `/undo-email-change?token=` from the old one brings it back and signs every
 * session out. Each link works once, so the answer is kept for the page's life.
 */
export function EmailChangeScreen({ step, token }: { step: Step; token: string | null }) {
  const { t } = useTranslation('accounts');
  const outcome = useQuery({
    queryKey: accountKeys.emailChange(step, token),
    queryFn: () => (step === 'confirm' ? confirmEmailChange(token!) : undoEmailChange(token!)),
    enabled: !!token,
    meta: { silent: true },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const title = t(`emailChange.${step}.title`);

  if (!token) return <Problem title={title} code="invalid_token" />;
  if (outcome.isPending) {
    return (
      <AuthPageLayout title={title}>
        <Center py="xl">
          <Stack align="center" gap="sm" role="status">
            <Loader />
            <Text c="gray.7">{t(`emailChange.${step}.working`)}</Text>
          </Stack>
        </Center>
      </AuthPageLayout>
    );
  }
  if (outcome.isError) {
    const code = errorCodeOf(outcome.error);
    if (code === 'invalid_token' || code === 'token_expired' || code === 'validation_error') {
      return <Problem title={title} code={code === 'validation_error' ? 'invalid_token' : code} />;
    }
    const transient = code === 'network_error' || code === 'internal_error' || code === 'rate_limited';
    return (
      <AuthPageLayout title={title}>
        <Stack>
          <ServerErrorAlert code={code} />
          {transient ? (
            <Button onClick={() => void outcome.refetch()} loading={outcome.isFetching}>
              {t('actions.retry')}
            </Button>
          ) : (
            <Button component={Link} to={ACCOUNT_PATHS.signIn} variant="light">
              {t('actions.signIn')}
            </Button>
          )}
        </Stack>
      </AuthPageLayout>
    );
  }
  return (
    <AccountDone
      title={t(`emailChange.${step}.doneTitle`)}
      message={
        <Trans
          t={t}
          i18nKey={`emailChange.${step}.done`}
          values={{ email: outcome.data.email }}
          components={{ strong: <strong /> }}
        />
      }
    >
      {step === 'undo' && (
        <Text size="sm" c="gray.7" ta="center">
          {t('emailChange.undo.next')}
        </Text>
      )}
    </AccountDone>
  );
}

function Problem({ title, code }: { title: string; code: 'invalid_token' | 'token_expired' }) {
  return (
    <AuthPageLayout title={title}>
      <LinkProblemAlert code={code} />
    </AuthPageLayout>
  );
}

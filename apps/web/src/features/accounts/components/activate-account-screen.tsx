import { Button, Center, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServerErrorAlert } from '../../../components/forms/server-error-alert.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { accountKeys } from '../../../lib/query-keys.ts';
import { activateAccount } from '../api/accounts.ts';
import { ACCOUNT_PATHS } from '../paths.ts';
import { AccountDone } from './account-done.tsx';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { LinkProblemAlert } from './link-problem-alert.tsx';
import { ResendActivation } from './resend-activation.tsx';

/** Follows the link of the activation mail (`/activate_account?token=`). */
export function ActivateAccountScreen({ token }: { token: string | null }) {
  const { t } = useTranslation('accounts');
  const activation = useQuery({
    queryKey: accountKeys.activation(token),
    queryFn: () => activateAccount(token!),
    enabled: !!token,
    // The screen shows failures itself; no toast on top.
    meta: { silent: true },
    // A token works once: the answer is kept for the page's life and the call is never repeated
    // (remounts, focus, retries would otherwise report the used token as invalid).
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  if (!token) return <LinkProblem code="invalid_token" />;

  if (activation.isPending) {
    return (
      <AuthPageLayout title={t('activate.title')}>
        <Center py="xl">
          <Stack align="center" gap="sm" role="status">
            <Loader />
            <Text c="gray.7">{t('activate.working')}</Text>
          </Stack>
        </Center>
      </AuthPageLayout>
    );
  }

  if (activation.isError) {
    const code = errorCodeOf(activation.error);
    if (code === 'invalid_token' || code === 'token_expired' || code === 'validation_error') {
      return <LinkProblem code={code === 'validation_error' ? 'invalid_token' : code} />;
    }
    // Trying again helps only when the call did not get through; a refusal (e.g. a deactivated
    // account) stays a refusal.
    const transient = code === 'network_error' || code === 'internal_error' || code === 'rate_limited';
    return (
      <AuthPageLayout title={t('activate.failedTitle')}>
        <Stack>
          <ServerErrorAlert code={code} />
          {transient ? (
            <Button onClick={() => void activation.refetch()} loading={activation.isFetching}>
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
      title={t('activate.successTitle')}
      message={
        <Trans
          t={t}
          i18nKey="activate.success"
          values={{ email: activation.data.email }}
          components={{ strong: <strong /> }}
        />
      }
    >
      <Stack gap="xs">
        <Title order={2} fz="md">
          {t('activate.nextTitle')}
        </Title>
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>{t('activate.nextSignIn')}</List.Item>
          <List.Item>{t('activate.nextOrganization')}</List.Item>
        </List>
      </Stack>
    </AccountDone>
  );
}

function LinkProblem({ code }: { code: 'invalid_token' | 'token_expired' }) {
  const { t } = useTranslation('accounts');
  return (
    <AuthPageLayout title={t('activate.failedTitle')}>
      <Stack gap="md">
        <LinkProblemAlert code={code} />
        <Stack gap={4} mt="xs">
          <Title order={2} fz="md">
            {t('activate.resendTitle')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('activate.resendHelp')}
          </Text>
        </Stack>
        <ResendActivation />
      </Stack>
    </AuthPageLayout>
  );
}

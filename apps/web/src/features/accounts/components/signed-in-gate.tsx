import type { ReactNode } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import type { UserProfile } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { AuthPageLayout } from './auth-page-layout.tsx';

/**
 * The account screens that need a session (change password, create organization) are public
 * routes, so they check it themselves: wait for it, or offer to sign in.
 */
export function SignedInGate({
  title,
  reason,
  children,
}: {
  title: string;
  /** Why signing in is needed, shown to visitors without a session. */
  reason: string;
  children: (user: UserProfile) => ReactNode;
}) {
  const { t } = useTranslation('accounts');
  const { status, user, login } = useAuth();

  if (status === 'authenticated' && user) return children(user);

  if (status === 'initializing' || status === 'authenticated') {
    return (
      <AuthPageLayout title={title}>
        <Center py="xl" role="status" aria-label={t('signedIn.loading')}>
          <Loader />
        </Center>
      </AuthPageLayout>
    );
  }

  return (
    <AuthPageLayout title={title}>
      <Stack gap="md">
        <Text>{reason}</Text>
        <Button
          size="md"
          fullWidth
          leftSection={<IconLogin2 size={18} aria-hidden />}
          onClick={() => void login()}
        >
          {t('actions.signIn')}
        </Button>
      </Stack>
    </AuthPageLayout>
  );
}

import type { ReactNode } from 'react';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACCOUNT_PATHS } from '../paths.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';

/** A finished step (account activated, password set): what happened, then on to sign in. */
export function AccountDone({
  title,
  message,
  children,
}: {
  title: string;
  message: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('accounts');
  return (
    <AuthPageLayout title={title}>
      <Stack gap="lg">
        <Stack align="center" gap="xs">
          <ThemeIcon size={56} radius="xl" variant="light" color="teal">
            <IconCircleCheck size={32} aria-hidden />
          </ThemeIcon>
          <Text ta="center" role="status">
            {message}
          </Text>
        </Stack>
        {children}
        <Button
          component={Link}
          to={ACCOUNT_PATHS.signIn}
          size="md"
          fullWidth
          leftSection={<IconLogin2 size={18} aria-hidden />}
        >
          {t('actions.signIn')}
        </Button>
      </Stack>
    </AuthPageLayout>
  );
}

import type { ReactNode } from 'react';
import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { AuthPageLayout } from './auth-page-layout.tsx';

interface Props {
  title: string;
  footer: ReactNode;
  /** The `accounts` key of the message, with <strong> around the address and a count of hours. */
  i18nKey: string;
  email: string;
  /** How long the link in the mail works. */
  hours: number;
  /** What to do if no mail comes. */
  after: ReactNode;
}

/** The "we sent you a mail" page that ends sign-up and forgot-password. */
export function CheckEmail({ title, footer, i18nKey, email, hours, after }: Props) {
  const { t } = useTranslation('accounts');
  return (
    <AuthPageLayout title={title} footer={footer}>
      <Stack gap="md">
        <Center>
          <ThemeIcon size={56} radius="xl" variant="light" color="indigo">
            <IconMailCheck size={30} aria-hidden />
          </ThemeIcon>
        </Center>
        <Text ta="center" role="status">
          <Trans
            t={t}
            i18nKey={i18nKey}
            values={{ email }}
            count={hours}
            components={{ strong: <strong /> }}
          />
        </Text>
        {after}
      </Stack>
    </AuthPageLayout>
  );
}

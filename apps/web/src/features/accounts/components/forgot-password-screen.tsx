import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { ForgotPasswordSchema, LIMITS } from '@vbuilder/shared';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgotPassword } from '../api/accounts.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { ACCOUNT_PATHS } from '../paths.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { CheckEmail } from './check-email.tsx';
import { ServerErrorAlert } from './server-error-alert.tsx';

/** Asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation('accounts');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, serverError, handleSubmit } = useAccountForm(ForgotPasswordSchema, { email: '' });

  const backToSignIn = (
    <Anchor component={Link} to={ACCOUNT_PATHS.signIn} fw={600}>
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: -2, marginInlineEnd: 4 }} />
      {t('actions.backToSignIn')}
    </Anchor>
  );

  if (sentTo) {
    return (
      <AuthPageLayout title={t('forgot.sentTitle')} footer={backToSignIn}>
        <CheckEmail
          after={
            <Stack gap="sm">
              <Text size="sm" c="gray.7" ta="center">
                {t('forgot.noEmail')}
              </Text>
              <Button variant="light" onClick={() => setSentTo(null)}>
                {t('forgot.tryAgain')}
              </Button>
            </Stack>
          }
        >
          <Trans
            t={t}
            i18nKey="forgot.sent"
            values={{ email: sentTo }}
            count={LIMITS.resetLinkHours}
            components={{ strong: <strong /> }}
          />
        </CheckEmail>
      </AuthPageLayout>
    );
  }

  return (
    <AuthPageLayout title={t('forgot.title')} description={t('forgot.description')} footer={backToSignIn}>
      <form
        noValidate
        aria-label={t('forgot.title')}
        onSubmit={handleSubmit(async (values) => {
          const input = ForgotPasswordSchema.parse(values);
          await forgotPassword(input);
          setSentTo(input.email);
        })}
      >
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            withAsterisk={false}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <ServerErrorAlert code={serverError} />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={form.submitting}
            leftSection={<IconMailForward size={18} aria-hidden />}
          >
            {t('forgot.submit')}
          </Button>
        </Stack>
      </form>
    </AuthPageLayout>
  );
}

import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { LIMITS } from '@vbuilder/shared';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signUp } from '../api/accounts.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { ACCOUNT_PATHS } from '../paths.ts';
import { SignUpFormSchema } from '../schemas.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { CheckEmail } from './check-email.tsx';
import { PasswordField } from './password-field.tsx';
import { PasswordStrength } from './password-strength.tsx';
import { ResendActivation } from './resend-activation.tsx';
import { ServerErrorAlert } from './server-error-alert.tsx';

/** Creates an account; it stays inactive until the link in the activation mail is followed. */
export function SignUpScreen() {
  const { t } = useTranslation('accounts');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, serverError, handleSubmit } = useAccountForm(SignUpFormSchema, {
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  });

  const signInFooter = (
    <>
      {t('signUp.haveAccount')}{' '}
      <Anchor component={Link} to={ACCOUNT_PATHS.signIn} fw={600}>
        {t('actions.signIn')}
      </Anchor>
    </>
  );

  if (sentTo) {
    return (
      <AuthPageLayout title={t('signUp.sentTitle')} footer={signInFooter}>
        <CheckEmail
          after={
            <>
              <Text size="sm" c="gray.7" ta="center">
                {t('signUp.nextSteps')}
              </Text>
              <Text size="sm" fw={600} mt="xs">
                {t('signUp.noEmail')}
              </Text>
              <ResendActivation email={sentTo} />
            </>
          }
        >
          <Trans
            t={t}
            i18nKey="signUp.sent"
            values={{ email: sentTo }}
            count={LIMITS.activationLinkHours}
            components={{ strong: <strong /> }}
          />
        </CheckEmail>
      </AuthPageLayout>
    );
  }

  return (
    <AuthPageLayout title={t('signUp.title')} description={t('signUp.description')} footer={signInFooter}>
      <form
        noValidate
        aria-label={t('signUp.title')}
        onSubmit={handleSubmit(async (values) => {
          const { name, email, password } = SignUpFormSchema.parse(values);
          await signUp({ name, email, password });
          setSentTo(email);
        })}
      >
        <Stack gap="md">
          <TextInput
            label={t('fields.name')}
            autoComplete="name"
            required
            withAsterisk={false}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            withAsterisk={false}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="new-password"
            required
            withAsterisk={false}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordStrength password={form.values.password} />
          <PasswordField
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            withAsterisk={false}
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <ServerErrorAlert code={serverError} />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={form.submitting}
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            {t('signUp.submit')}
          </Button>
        </Stack>
      </form>
    </AuthPageLayout>
  );
}

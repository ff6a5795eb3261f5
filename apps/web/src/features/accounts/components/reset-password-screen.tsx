import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconKey, IconLinkOff, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resetPassword } from '../api/accounts.ts';
import { errorCodeOf } from '../api/request.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { ACCOUNT_PATHS } from '../paths.ts';
import { ResetPasswordFormSchema } from '../schemas.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { PasswordField } from './password-field.tsx';
import { PasswordStrength } from './password-strength.tsx';
import { ServerErrorAlert } from './server-error-alert.tsx';

/**
 * Sets a new password from the link of the reset mail (`/resetpassword?token=`), or the first
 * password of an invited account (`&invite=1`, the same one-time link mechanism): the words differ,
 * the flow is the same.
 */
export function ResetPasswordScreen({ token, invite = false }: { token: string | null; invite?: boolean }) {
  const { t } = useTranslation('accounts');
  const [done, setDone] = useState(false);
  const [linkProblem, setLinkProblem] = useState<'invalid_token' | 'token_expired' | null>(
    token ? null : 'invalid_token',
  );
  const { form, serverError, showServerError, handleSubmit } = useAccountForm(ResetPasswordFormSchema, {
    password: '',
    confirmPassword: '',
  });

  if (done) {
    return (
      <AuthPageLayout title={t(invite ? 'reset.invite.doneTitle' : 'reset.doneTitle')}>
        <Stack gap="lg">
          <Stack align="center" gap="xs">
            <ThemeIcon size={56} radius="xl" variant="light" color="teal">
              <IconCircleCheck size={32} aria-hidden />
            </ThemeIcon>
            <Text ta="center" role="status">
              {t(invite ? 'reset.invite.done' : 'reset.done')}
            </Text>
          </Stack>
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

  if (linkProblem) {
    return (
      <AuthPageLayout title={t('reset.failedTitle')}>
        <Stack gap="md">
          <Alert
            color={linkProblem === 'token_expired' ? 'orange' : 'red'}
            variant="light"
            icon={<IconLinkOff aria-hidden />}
          >
            {t(`errors:${linkProblem}`)}
          </Alert>
          <Button component={Link} to={ACCOUNT_PATHS.forgotPassword} size="md" fullWidth>
            {t('reset.requestNewLink')}
          </Button>
        </Stack>
      </AuthPageLayout>
    );
  }

  return (
    <AuthPageLayout
      title={t(invite ? 'reset.invite.title' : 'reset.title')}
      description={t(invite ? 'reset.invite.description' : 'reset.description')}
      footer={
        <Anchor component={Link} to={ACCOUNT_PATHS.signIn} fw={600}>
          {t('actions.backToSignIn')}
        </Anchor>
      }
    >
      <form
        noValidate
        aria-label={t(invite ? 'reset.invite.title' : 'reset.title')}
        onSubmit={handleSubmit(async (values) => {
          const { password } = ResetPasswordFormSchema.parse(values);
          try {
            await resetPassword({ token: token!, password });
            setDone(true);
          } catch (error) {
            const code = errorCodeOf(error);
            if (code === 'invalid_token' || code === 'token_expired') return setLinkProblem(code);
            // A too-short token fails the server's schema on `token`, which is the link, not a field.
            if (code === 'validation_error' && !hasPasswordDetail(error))
              return setLinkProblem('invalid_token');
            showServerError(error);
          }
        })}
      >
        <Stack gap="md">
          <PasswordField
            label={t('fields.newPassword')}
            autoComplete="new-password"
            required
            withAsterisk={false}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordStrength password={form.values.password} />
          <PasswordField
            label={t('fields.confirmNewPassword')}
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
            leftSection={<IconKey size={18} aria-hidden />}
          >
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthPageLayout>
  );
}

function hasPasswordDetail(error: unknown): boolean {
  const details = (error as { details?: unknown }).details;
  return (
    Array.isArray(details) &&
    details.some(
      (d) =>
        Array.isArray((d as { path?: unknown })?.path) && (d as { path: unknown[] }).path[0] === 'password',
    )
  );
}

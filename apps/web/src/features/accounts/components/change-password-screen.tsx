import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldLock } from '@tabler/icons-react';
import type { UserProfile } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { changePassword } from '../api/accounts.ts';
import { errorCodeOf } from '../api/request.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { ACCOUNT_PATHS } from '../paths.ts';
import { ChangePasswordFormSchema } from '../schemas.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { PasswordField } from './password-field.tsx';
import { PasswordStrength } from './password-strength.tsx';
import { ServerErrorAlert } from './server-error-alert.tsx';
import { SignedInGate } from './signed-in-gate.tsx';

/**
 * Changes the signed-in user's password. Users whose profile says `must_change_password` are
 * sent here and cannot go on until they choose a new one.
 */
export function ChangePasswordScreen() {
  const { t } = useTranslation('accounts');
  return (
    <SignedInGate title={t('change.title')} reason={t('change.signInFirst')}>
      {(user) => <ChangePasswordForm user={user} />}
    </SignedInGate>
  );
}

function ChangePasswordForm({ user }: { user: UserProfile }) {
  const { t } = useTranslation('accounts');
  const { reloadProfile, logout } = useAuth();
  const navigate = useNavigate();
  const forced = user.must_change_password;
  const { form, serverError, showServerError, handleSubmit } = useAccountForm(ChangePasswordFormSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });

  const onSubmit = handleSubmit(async (values) => {
    const { currentPassword, newPassword } = ChangePasswordFormSchema.parse(values);
    try {
      await changePassword({ currentPassword, newPassword });
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'wrong_password') {
        return showServerError(error, { currentPassword: t('errors:wrong_password') });
      }
      if (code === 'password_unchanged') {
        return showServerError(error, { newPassword: t('errors:password_unchanged') });
      }
      throw error;
    }
    notifications.show({ color: 'teal', message: t('change.success') });
    // The profile's must_change_password flag is now false; reload it before leaving so the
    // redirect back here does not fire again.
    await reloadProfile();
    await navigate(ACCOUNT_PATHS.home, { replace: true });
  });

  return (
    <AuthPageLayout title={t('change.title')} description={forced ? undefined : t('change.description')}>
      <Stack gap="md">
        {forced ? (
          <Alert
            color="indigo"
            variant="light"
            icon={<IconShieldLock aria-hidden />}
            title={t('change.forcedTitle')}
          >
            {t('change.forced')}
          </Alert>
        ) : null}
        <form noValidate onSubmit={onSubmit} aria-label={t('change.title')}>
          <Stack gap="md">
            <PasswordField
              label={t('fields.currentPassword')}
              autoComplete="current-password"
              required
              withAsterisk={false}
              key={form.key('currentPassword')}
              {...form.getInputProps('currentPassword')}
            />
            <PasswordField
              label={t('fields.newPassword')}
              autoComplete="new-password"
              required
              withAsterisk={false}
              key={form.key('newPassword')}
              {...form.getInputProps('newPassword')}
            />
            <PasswordStrength password={form.values.newPassword} />
            <PasswordField
              label={t('fields.confirmNewPassword')}
              autoComplete="new-password"
              required
              withAsterisk={false}
              key={form.key('confirmPassword')}
              {...form.getInputProps('confirmPassword')}
            />
            <ServerErrorAlert code={serverError} />
            <Button type="submit" size="md" fullWidth loading={form.submitting}>
              {t('change.submit')}
            </Button>
          </Stack>
        </form>
        <Group justify="center">
          {forced ? (
            <Anchor component="button" type="button" size="sm" onClick={() => void logout()}>
              {t('actions.signOut')}
            </Anchor>
          ) : (
            <Anchor component={Link} to={ACCOUNT_PATHS.home} size="sm">
              {t('actions.cancel')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </AuthPageLayout>
  );
}

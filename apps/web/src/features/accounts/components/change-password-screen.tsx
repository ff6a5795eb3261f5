import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldLock } from '@tabler/icons-react';
import type { UserProfile } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { changePassword } from '../api/accounts.ts';
import { weakPasswordCheck } from '../password/estimator.ts';
import { usePasswordRefusal } from '../password/refusal.ts';
import { ACCOUNT_PATHS } from '../paths.ts';
import { ChangePasswordFormSchema } from '../schemas.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { FormSubmit } from './form-submit.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PasswordField } from './password-field.tsx';
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
  // The server also counts the organization's name, which the profile does not carry.
  const owner = { name: user.name, email: user.email };
  const { form, serverError, handleSubmit } = useSchemaForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    schema: ChangePasswordFormSchema,
    check: ({ newPassword }) => weakPasswordCheck('newPassword', newPassword, owner),
    codeFields: {
      wrong_password: 'currentPassword',
      password_unchanged: 'newPassword',
      weak_password: 'newPassword',
    },
  });
  const { refused, watch } = usePasswordRefusal(form.values.newPassword);

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    await watch(newPassword, () => changePassword({ currentPassword, newPassword }));
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
            <NewPasswordFields
              form={form}
              field="newPassword"
              wording="new"
              owner={owner}
              refused={refused}
            />
            <FormSubmit error={serverError} loading={form.submitting}>
              {t('change.submit')}
            </FormSubmit>
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

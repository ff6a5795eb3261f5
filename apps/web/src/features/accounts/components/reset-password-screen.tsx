import { useState } from 'react';
import { Anchor, Button, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCodeOf, fieldErrorsOf } from '../../../lib/api-errors.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { resetPassword } from '../api/accounts.ts';
import { weakPasswordCheck } from '../password/estimator.ts';
import { usePasswordRefusal } from '../password/refusal.ts';
import { ACCOUNT_PATHS } from '../paths.ts';
import { ResetPasswordFormSchema } from '../schemas.ts';
import { AccountDone } from './account-done.tsx';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { FormSubmit } from './form-submit.tsx';
import { LinkProblemAlert } from './link-problem-alert.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

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
  const { form, serverError, showServerError, handleSubmit } = useSchemaForm({
    initialValues: { password: '', confirmPassword: '' },
    schema: ResetPasswordFormSchema,
    check: ({ password }) => weakPasswordCheck('password', password),
    codeFields: { weak_password: 'password' },
  });
  // Only the server knows whose link this is: it also counts the name, email and organization.
  const { refused, watch } = usePasswordRefusal(form.values.password);

  if (done) {
    return (
      <AccountDone
        title={t(invite ? 'reset.invite.doneTitle' : 'reset.doneTitle')}
        message={t(invite ? 'reset.invite.done' : 'reset.done')}
      />
    );
  }

  if (linkProblem) {
    return (
      <AuthPageLayout title={t('reset.failedTitle')}>
        <Stack gap="md">
          <LinkProblemAlert code={linkProblem} />
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
        onSubmit={handleSubmit(async ({ password }) => {
          try {
            await watch(password, () => resetPassword({ token: token!, password }));
            setDone(true);
          } catch (error) {
            const code = errorCodeOf(error);
            if (code === 'invalid_token' || code === 'token_expired') return setLinkProblem(code);
            // A too-short token fails the server's schema on `token`, which is the link, not a field.
            if (code === 'validation_error' && !fieldErrorsOf(error, ['password']).password)
              return setLinkProblem('invalid_token');
            showServerError(error);
          }
        })}
      >
        <Stack gap="md">
          <NewPasswordFields form={form} field="password" wording="new" refused={refused} />
          <FormSubmit error={serverError} loading={form.submitting} icon={<IconKey size={18} aria-hidden />}>
            {t('reset.submit')}
          </FormSubmit>
        </Stack>
      </form>
    </AuthPageLayout>
  );
}

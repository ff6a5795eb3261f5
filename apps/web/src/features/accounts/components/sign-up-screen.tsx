import { useState } from 'react';
import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { LIMITS, matchLanguage } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { signUp } from '../api/accounts.ts';
import { weakPasswordCheck } from '../password/estimator.ts';
import { usePasswordRefusal } from '../password/refusal.ts';
import { ACCOUNT_PATHS } from '../paths.ts';
import { SignUpFormSchema } from '../schemas.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { CheckEmail } from './check-email.tsx';
import { EmailField } from './email-field.tsx';
import { FormSubmit } from './form-submit.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { ResendActivation } from './resend-activation.tsx';

/** Creates an account; it stays inactive until the link in the activation mail is followed. */
export function SignUpScreen() {
  const { t, i18n } = useTranslation('accounts');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, serverError, handleSubmit } = useSchemaForm({
    initialValues: { name: '', email: '', password: '', confirmPassword: '' },
    schema: SignUpFormSchema,
    check: ({ name, email, password }) => weakPasswordCheck('password', password, { name, email }),
    codeFields: { weak_password: 'password' },
  });
  // The name and email typed above count against the password, as they will on the server.
  const owner = { name: form.values.name, email: form.values.email };
  const { refused, watch } = usePasswordRefusal(form.values.password);

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
      <CheckEmail
        title={t('signUp.sentTitle')}
        footer={signInFooter}
        i18nKey="signUp.sent"
        email={sentTo}
        hours={LIMITS.activationLinkHours}
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
      />
    );
  }

  return (
    <AuthPageLayout title={t('signUp.title')} description={t('signUp.description')} footer={signInFooter}>
      <form
        noValidate
        aria-label={t('signUp.title')}
        onSubmit={handleSubmit(async ({ name, email, password }) => {
          // The language the page is shown in (the browser's, or the one picked): mail follows it.
          const language = matchLanguage(i18n.language);
          await watch(password, () => signUp({ name, email, password, ...(language ? { language } : {}) }));
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
          <EmailField form={form} />
          <NewPasswordFields form={form} field="password" wording="first" owner={owner} refused={refused} />
          <FormSubmit
            error={serverError}
            loading={form.submitting}
            icon={<IconUserPlus size={18} aria-hidden />}
          >
            {t('signUp.submit')}
          </FormSubmit>
        </Stack>
      </form>
    </AuthPageLayout>
  );
}

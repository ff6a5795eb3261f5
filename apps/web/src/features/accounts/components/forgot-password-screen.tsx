import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { ForgotPasswordSchema, LIMITS } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { forgotPassword } from '../api/accounts.ts';
import { ACCOUNT_PATHS } from '../paths.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { CheckEmail } from './check-email.tsx';
import { EmailField } from './email-field.tsx';
import { FormSubmit } from './form-submit.tsx';

/** Asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation('accounts');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, serverError, handleSubmit } = useSchemaForm({
    initialValues: { email: '' },
    schema: ForgotPasswordSchema,
  });

  const backToSignIn = (
    <Anchor component={Link} to={ACCOUNT_PATHS.signIn} fw={600}>
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: -2, marginInlineEnd: 4 }} />
      {t('actions.backToSignIn')}
    </Anchor>
  );

  if (sentTo) {
    return (
      <CheckEmail
        title={t('forgot.sentTitle')}
        footer={backToSignIn}
        i18nKey="forgot.sent"
        email={sentTo}
        hours={LIMITS.resetLinkHours}
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
      />
    );
  }

  return (
    <AuthPageLayout title={t('forgot.title')} description={t('forgot.description')} footer={backToSignIn}>
      <form
        noValidate
        aria-label={t('forgot.title')}
        onSubmit={handleSubmit(async (input) => {
          await forgotPassword(input);
          setSentTo(input.email);
        })}
      >
        <Stack gap="md">
          <EmailField form={form} />
          <FormSubmit
            error={serverError}
            loading={form.submitting}
            icon={<IconMailForward size={18} aria-hidden />}
          >
            {t('forgot.submit')}
          </FormSubmit>
        </Stack>
      </form>
    </AuthPageLayout>
  );
}

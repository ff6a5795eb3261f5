import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { ResendActivationSchema } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../components/forms/server-error-alert.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { resendActivation } from '../api/accounts.ts';
import { EmailField } from './email-field.tsx';

/**
 * Sends a fresh activation link. With a known email it is one button; otherwise it asks for the
 * address. The answer never says whether the account exists.
 */
export function ResendActivation({ email }: { email?: string }) {
  const { t } = useTranslation('accounts');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, serverError, handleSubmit } = useSchemaForm({
    initialValues: { email: email ?? '' },
    schema: ResendActivationSchema,
  });

  if (sentTo) {
    return (
      <Alert color="teal" variant="light" icon={<IconMailForward aria-hidden />} role="status">
        {t('resend.sent', { email: sentTo })}
      </Alert>
    );
  }

  return (
    <form
      noValidate
      aria-label={t('resend.formLabel')}
      onSubmit={handleSubmit(async ({ email: address }) => {
        await resendActivation(address);
        setSentTo(address);
      })}
    >
      <Stack gap="sm">
        {email ? null : <EmailField form={form} />}
        <ServerErrorAlert code={serverError} />
        <Button
          type="submit"
          variant={email ? 'light' : 'filled'}
          leftSection={<IconMailForward size={18} aria-hidden />}
          loading={form.submitting}
          fullWidth
        >
          {t('resend.action')}
        </Button>
      </Stack>
    </form>
  );
}

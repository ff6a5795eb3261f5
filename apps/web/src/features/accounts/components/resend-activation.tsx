import { useState } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { ResendActivationSchema } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { resendActivation } from '../api/accounts.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { ServerErrorAlert } from './server-error-alert.tsx';

/**
 * Sends a fresh activation link. With a known email it is one button; otherwise it asks for the
 * address. The answer never says whether the account exists.
 */
export function ResendActivation({ email }: { email?: string }) {
  const { t } = useTranslation('accounts');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, serverError, handleSubmit } = useAccountForm(ResendActivationSchema, { email: email ?? '' });

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
      onSubmit={handleSubmit(async (values) => {
        const { email: address } = ResendActivationSchema.parse(values);
        await resendActivation(address);
        setSentTo(address);
      })}
    >
      <Stack gap="sm">
        {email ? null : (
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            withAsterisk={false}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
        )}
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

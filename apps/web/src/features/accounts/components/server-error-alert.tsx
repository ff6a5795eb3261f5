import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A failed call, in words: `errors:<code>`, or the generic message for a code we don't know. */
export function ServerErrorAlert({ code, children }: { code: string | null; children?: ReactNode }) {
  const { t } = useTranslation('errors');
  if (!code) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
      {t(`errors:${code}`, { defaultValue: t('errors:internal_error') })}
      {children}
    </Alert>
  );
}

import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useErrorText } from '../../lib/forms/use-error-text.ts';

/** A failed call in words (`errors:<code>`, the generic message for an unknown code); nothing without a code. */
export function ServerErrorAlert({ code, children }: { code: string | null; children?: ReactNode }) {
  const errorText = useErrorText();
  if (!code) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
      {errorText(code)}
      {children}
    </Alert>
  );
}

import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { ServerErrorAlert } from '../../../components/forms/server-error-alert.tsx';

interface Props {
  /** The failed call to explain above the button, if any. */
  error: string | null;
  loading: boolean;
  icon?: ReactNode;
  children: ReactNode;
}

/** The end of an account form: what went wrong, then the full-width submit button. */
export function FormSubmit({ error, loading, icon, children }: Props) {
  return (
    <>
      <ServerErrorAlert code={error} />
      <Button type="submit" size="md" fullWidth loading={loading} leftSection={icon}>
        {children}
      </Button>
    </>
  );
}

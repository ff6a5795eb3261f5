import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A password input whose show/hide toggle is reachable by keyboard and named for screen readers. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('accounts');
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('password.show') }}
      // PasswordInput marks an error with data-invalid only; assistive technology needs aria-invalid.
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}

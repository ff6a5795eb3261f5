import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field.tsx';
import { PasswordStrength } from './password-strength.tsx';

interface Props {
  // The screens' values differ; each has the new password and its `confirmPassword`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturnType<any>;
  /** The form field of the new password. */
  field: 'password' | 'newPassword';
  /** 'first' at sign-up ("Password"), 'new' when replacing one ("New password"). */
  wording: 'first' | 'new';
}

/** A new password with its strength hint and its confirmation (sign-up, reset, change). */
export function NewPasswordFields({ form, field, wording }: Props) {
  const { t } = useTranslation('accounts');
  const password: unknown = form.values[field];
  return (
    <>
      <PasswordField
        label={t(wording === 'new' ? 'fields.newPassword' : 'fields.password')}
        autoComplete="new-password"
        required
        withAsterisk={false}
        key={form.key(field)}
        {...form.getInputProps(field)}
      />
      <PasswordStrength password={typeof password === 'string' ? password : ''} />
      <PasswordField
        label={t(wording === 'new' ? 'fields.confirmNewPassword' : 'fields.confirmPassword')}
        autoComplete="new-password"
        required
        withAsterisk={false}
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}

import type { UseFormReturnType } from '@mantine/form';
import type { PasswordOwner, WeakPasswordIssue } from '@vbuilder/shared';
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
  /** Whose password it is, as far as the screen knows: their name and email count against it. */
  owner?: PasswordOwner;
  /** The server's reasons when it refused the password now typed (usePasswordRefusal). */
  refused?: WeakPasswordIssue | null;
}

/** A new password with its strength meter and its confirmation (sign-up, reset, change). */
export function NewPasswordFields({ form, field, wording, owner, refused }: Props) {
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
        // The meter is the field's description, under it: read with the field, after its error.
        description={
          <PasswordStrength
            password={typeof password === 'string' ? password : ''}
            owner={owner}
            refused={refused}
          />
        }
        inputWrapperOrder={['label', 'input', 'error', 'description']}
      />
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

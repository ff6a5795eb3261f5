import { TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

interface Props extends Omit<TextInputProps, 'form'> {
  // Any account form with an `email` field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturnType<any>;
}

/** The email field of the account forms (every field is required, so none carries an asterisk). */
export function EmailField({ form, ...props }: Props) {
  const { t } = useTranslation('accounts');
  return (
    <TextInput
      label={t('fields.email')}
      type="email"
      autoComplete="email"
      required
      withAsterisk={false}
      {...props}
      {...form.getInputProps('email')}
    />
  );
}

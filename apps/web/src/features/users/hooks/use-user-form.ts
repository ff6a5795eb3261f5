import { useRef, useState } from 'react';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, fieldErrorsOf } from '../lib/errors.ts';

/**
 * A Mantine form whose `validate` returns validation keys (from a shared zod schema): they are
 * translated when shown, the first invalid field gets the focus, a submit never runs twice at
 * once, and a failed call becomes field errors where the server named fields, else an alert code.
 * (The account screens' pattern; features keep their own copy.)
 */
export function useUserForm<Values extends Record<string, unknown>>(
  initialValues: Values,
  validate: (values: Values) => FormErrors,
) {
  const { t } = useTranslation(['validation', 'errors']);
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const fields = Object.keys(initialValues);

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate,
    validateInputOnBlur: true,
    enhanceGetInputProps: ({ inputProps }) => {
      const error: unknown = inputProps.error;
      if (typeof error === 'string' && error.startsWith('validation.')) {
        return { error: t(`validation:${error}`, { defaultValue: t('validation:validation.invalidValue') }) };
      }
      return undefined;
    },
  });

  const focusFirstError = (errors: FormErrors) => {
    const first = fields.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  /**
   * Shows a failed call: field errors where the server named fields (or the caller mapped a code
   * to a field), else the alert.
   */
  const showServerError = (error: unknown, codeFields: Record<string, string> = {}) => {
    const code = errorCodeOf(error);
    const errors: Record<string, string> = { ...fieldErrorsOf(error, fields) };
    const mapped = codeFields[code];
    if (mapped) errors[mapped] = t(`errors:${code}`);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      requestAnimationFrame(() => focusFirstError(errors));
    }
    setServerError(mapped ? null : code);
  };

  const handleSubmit = (submit: (values: Values) => Promise<void>, codeFields?: Record<string, string>) =>
    form.onSubmit(async (values) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setServerError(null);
      try {
        await submit(values);
      } catch (error) {
        showServerError(error, codeFields);
      } finally {
        inFlight.current = false;
      }
    }, focusFirstError);

  return { form, serverError, handleSubmit };
}

export { schemaResolver };

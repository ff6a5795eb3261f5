import { useRef, useState } from 'react';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, fieldErrorsOf } from '../api/request.ts';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A Mantine form validated by a shared zod schema. Schema messages are keys of the `validation`
 * namespace and are translated when shown; the first invalid field gets the focus; a submit
 * never runs twice at once; a failed call becomes a translated alert and, where the server named
 * fields, field errors.
 */
export function useAccountForm<Values extends Record<string, unknown>>(
  schema: Schema,
  initialValues: Values,
) {
  const { t } = useTranslation('validation');
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const fields = Object.keys(initialValues);

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
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
   * Shows a failed call: field errors where the server named fields, and the alert. A screen that
   * maps the error to a field itself (`fieldErrors`) gets no alert: the field says it all.
   */
  const showServerError = (error: unknown, fieldErrors?: Record<string, string>) => {
    const errors = { ...fieldErrorsOf(error, fields), ...fieldErrors };
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      // Focus after the errors render, so the field is announced with its message.
      requestAnimationFrame(() => focusFirstError(errors));
    }
    setServerError(fieldErrors ? null : errorCodeOf(error));
  };

  const handleSubmit = (submit: (values: Values) => Promise<void>) =>
    form.onSubmit(async (values) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setServerError(null);
      try {
        await submit(values);
      } catch (error) {
        showServerError(error);
      } finally {
        inFlight.current = false;
      }
    }, focusFirstError);

  return { form, serverError, setServerError, showServerError, handleSubmit };
}

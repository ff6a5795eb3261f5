import { useRef, useState, type FormEvent } from 'react';
import { useForm, type FormErrors } from '@mantine/form';
import type { ZodType } from 'zod';
import { errorCodeOf, fieldErrorsOf } from '../api-errors.ts';
import { FORM_ERROR, schemaErrors } from './schema-errors.ts';
import { useBlurValidation } from './use-blur-validation.ts';
import { useErrorText } from './use-error-text.ts';

interface Options<Values extends Record<string, unknown>, Output> {
  initialValues: Values;
  /** The shared request schema; its messages are keys of the `validation` namespace. */
  schema: ZodType<Output>;
  /** The request the values stand for, which the schema judges (default: the values themselves). */
  toRequest?: (values: Values) => unknown;
  /** Checks the schema cannot make (a choice only some people must make), as validation keys. */
  check?: (values: Values) => FormErrors;
  /** Field paths in screen order, the first invalid one gets the focus (default: the initial values' keys). */
  fields?: readonly string[];
  /** API error codes that belong to one field, e.g. `email_taken` on the email. */
  codeFields?: Record<string, string>;
}

/**
 * A Mantine form judged by a shared zod schema on what would be sent, so the form and the API
 * agree. Messages are validation keys, translated when shown; a changed field is checked shortly
 * after it is left; the first invalid field gets the focus; a submit never runs twice at once; a
 * failed call lands on the fields the server named, and in a translated alert unless its code
 * belongs to a field.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Output>({
  initialValues,
  schema,
  toRequest = (values) => values,
  check,
  fields = Object.keys(initialValues),
  codeFields = {},
}: Options<Values, Output>) {
  const errorText = useErrorText();
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const blur = useBlurValidation();

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: (values) => ({ ...schemaErrors(schema, toRequest(values)), ...check?.(values) }),
    // 'Nothing to change' and the like stop being true as soon as a value changes.
    onValuesChange: () => {
      if (form.errors[FORM_ERROR]) form.clearFieldError(FORM_ERROR);
    },
    enhanceGetInputProps: ({ inputProps, field }) => {
      const error: unknown = inputProps.error;
      return {
        ...(typeof error === 'string' ? { error: errorText(error) } : {}),
        onBlur: () => blur.validateOnBlur(form, field),
      };
    },
  });

  const focusFirstError = (errors: FormErrors) => {
    const first = fields.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  /** A failed call: on the fields the server named or its code belongs to, else (also) as an alert. */
  const showServerError = (error: unknown) => {
    const code = errorCodeOf(error);
    const errors: Record<string, string> = { ...fieldErrorsOf(error, fields) };
    const codeField = codeFields[code];
    if (codeField) errors[codeField] = code;
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      // Focus after the errors render, so the field is announced with its message.
      requestAnimationFrame(() => focusFirstError(errors));
    }
    setServerError(codeField ? null : code);
  };

  /** Runs `submit` with the schema's output once the values are valid; a failure it throws is shown. */
  const handleSubmit = (submit: (request: Output, values: Values) => Promise<void>) => {
    const onSubmit = form.onSubmit(async (values) => {
      if (inFlight.current) return;
      const parsed = schema.safeParse(toRequest(values));
      if (!parsed.success) return;
      inFlight.current = true;
      setServerError(null);
      try {
        await submit(parsed.data, values);
      } catch (error) {
        showServerError(error);
      } finally {
        inFlight.current = false;
      }
    }, focusFirstError);
    return (event?: FormEvent<HTMLFormElement>) => {
      blur.submitted();
      return onSubmit(event);
    };
  };

  const formError = typeof form.errors[FORM_ERROR] === 'string' ? errorText(form.errors[FORM_ERROR]) : null;

  return { form, serverError, setServerError, formError, showServerError, handleSubmit };
}

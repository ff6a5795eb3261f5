import { useRef, useState, type FormEvent } from 'react';
import { useForm, type FormErrors } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { errorCodeOf, fieldErrorsOf, issuesToErrors } from '../lib/form-errors.ts';

const BLUR_VALIDATION_DELAY_MS = 200;

/** Where a schema issue without a field (a refine on the whole object) is kept among the form errors. */
export const FORM_ERROR = '$form';

interface Options<Values extends Record<string, unknown>, Output> {
  initialValues: Values;
  /** The shared request schema; its messages are keys of the `validation` namespace. */
  schema: ZodType<Output>;
  /** The request the values stand for (optional parts left out), which the schema judges. */
  toRequest: (values: Values) => unknown;
  /** Field paths in screen order: the first invalid one gets the focus. */
  fields: readonly string[];
  /** API error codes that belong to one field, e.g. `email_taken` on the administrator's email. */
  codeFields?: Record<string, string>;
}

/**
 * A Mantine form judged by a shared zod schema on what would be sent, so the dialog and the API
 * agree. Messages are validation keys, translated when shown; the first invalid field gets the
 * focus; a failed call lands on the fields the server named, else in a translated alert.
 */
export function useOrganizationForm<Values extends Record<string, unknown>, Output>({
  initialValues,
  schema,
  toRequest,
  fields,
  codeFields = {},
}: Options<Values, Output>) {
  const { t } = useTranslation(['validation', 'errors']);
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const submits = useRef(0);

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const result = schema.safeParse(toRequest(values));
      return result.success ? {} : issuesToErrors(result.error.issues, FORM_ERROR);
    },
    // 'Nothing to change' and the like stop being true as soon as a value changes.
    onValuesChange: () => {
      if (form.errors[FORM_ERROR]) form.clearFieldError(FORM_ERROR);
    },
    enhanceGetInputProps: ({ inputProps, field }) => {
      const error: unknown = inputProps.error;
      return {
        ...(typeof error === 'string' ? { error: translate(error) } : {}),
        onBlur: () => validateOnBlur(field),
      };
    },
  });

  /**
   * A field is checked when left, but only once it was changed (tabbing through an empty form
   * says nothing), and a moment later: a message appearing at once would push the buttons down
   * between the press and the release of a click on them, and the click would be lost.
   */
  const validateOnBlur = (field: string) => {
    const submitsBefore = submits.current;
    window.setTimeout(() => {
      // Left by pressing submit: the submit judged the field already, and may since carry the
      // server's word on it (an email already taken), which this check must not wipe out.
      if (submits.current !== submitsBefore) return;
      if (form.isDirty(field)) form.validateField(field);
    }, BLUR_VALIDATION_DELAY_MS);
  };

  function translate(key: string): string {
    if (key.startsWith('validation.')) {
      return t(`validation:${key}`, { defaultValue: t('validation:validation.invalidValue') });
    }
    return t(`errors:${key}`, { defaultValue: t('errors:internal_error') });
  }

  const focusFirstError = (errors: FormErrors) => {
    const first = fields.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  /** A failed call: on the fields it concerns when the server named them, otherwise as an alert. */
  const showServerError = (error: unknown) => {
    const code = errorCodeOf(error);
    const errors: Record<string, string> = { ...fieldErrorsOf(error, fields) };
    if (codeFields[code]) errors[codeFields[code]] = code;
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      // Focus after the errors render, so the field is announced with its message.
      requestAnimationFrame(() => focusFirstError(errors));
      setServerError(null);
      return;
    }
    setServerError(code);
  };

  /** Runs `submit` with the schema's output once the values are valid; never twice at once. */
  const handleSubmit = (submit: (request: Output) => Promise<void>) => {
    const onSubmit = form.onSubmit(async (values) => {
      if (inFlight.current) return;
      const parsed = schema.safeParse(toRequest(values));
      if (!parsed.success) return;
      inFlight.current = true;
      setServerError(null);
      try {
        await submit(parsed.data);
      } catch (error) {
        showServerError(error);
      } finally {
        inFlight.current = false;
      }
    }, focusFirstError);
    return (event?: FormEvent<HTMLFormElement>) => {
      submits.current += 1;
      onSubmit(event);
    };
  };

  const formError = typeof form.errors[FORM_ERROR] === 'string' ? translate(form.errors[FORM_ERROR]) : null;

  return { form, serverError, formError, handleSubmit, translate };
}

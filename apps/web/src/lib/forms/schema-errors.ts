import type { FormErrors } from '@mantine/form';
import type { ZodType } from 'zod';
import { fieldPathOf, validationKeyOf } from '../api-errors.ts';

/** Where a schema issue without a field (a refine on the whole object) is kept among the form errors. */
export const FORM_ERROR = '$form';

/**
 * Zod issues as form errors keyed by dotted path ('administrator.email'), first message per field,
 * every message a validation key. An issue about the whole object goes under FORM_ERROR.
 */
export function issuesToErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FormErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length === 0 ? FORM_ERROR : fieldPathOf(issue.path);
    errors[key] ??= validationKeyOf(issue.message);
  }
  return errors;
}

/** What a shared schema finds wrong with `value`, as form errors (none when it passes). */
export function schemaErrors(schema: ZodType, value: unknown): FormErrors {
  const result = schema.safeParse(value);
  return result.success ? {} : issuesToErrors(result.error.issues);
}

/** The API error code of anything thrown by a call; unknown failures count as internal errors. */
export function errorCodeOf(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return 'internal_error';
}

const pathOf = (path: unknown): string =>
  Array.isArray(path)
    ? path.map(String).join('.')
    : typeof path === 'string'
      ? path.replaceAll('/', '.')
      : '';

const keyOf = (message: unknown): string =>
  typeof message === 'string' && message.startsWith('validation.') ? message : 'validation.invalidValue';

/**
 * Zod issues as form errors keyed by dotted path ('administrator.email'), first message per field.
 * An issue about the whole object (empty path) goes under `rootKey`.
 */
export function issuesToErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  rootKey: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length === 0 ? rootKey : pathOf(issue.path);
    errors[key] ??= keyOf(issue.message);
  }
  return errors;
}

/**
 * Field errors from a `validation_error` answer (`details: [{ path, message }]`), limited to the
 * given fields. Messages are validation keys when the server validated with the shared schema.
 */
export function fieldErrorsOf(error: unknown, fields: readonly string[]): Record<string, string> {
  if (errorCodeOf(error) !== 'validation_error') return {};
  const details = (error as { details?: unknown }).details;
  if (!Array.isArray(details)) return {};
  const errors: Record<string, string> = {};
  for (const issue of details) {
    if (!issue || typeof issue !== 'object') continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    const field = pathOf(path);
    if (!fields.includes(field) || errors[field]) continue;
    errors[field] = keyOf(message);
  }
  return errors;
}

/**
 * Failed calls, read the same way for an `ApiError` from the shared client or anything else
 * thrown: the API's error code, and field errors from a `validation_error` answer.
 * (Same rules as the account screens; features keep their own copy as they don't import each other.)
 */

/** The API error code of anything thrown by a call; unknown failures count as internal errors. */
export function errorCodeOf(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return 'internal_error';
}

/**
 * Field errors from a `validation_error` answer (`details: [{ path, message }]`), limited to the
 * given fields. Messages are validation keys when the server validated with the shared schema.
 */
export function fieldErrorsOf(error: unknown, fields: readonly string[]): Record<string, string> {
  if (errorCodeOf(error) !== 'validation_error') return {};
  const details = (error as { details?: unknown }).details;
  if (!Array.isArray(details)) return {};
  const result: Record<string, string> = {};
  for (const issue of details) {
    if (!issue || typeof issue !== 'object') continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    const field = Array.isArray(path) ? String(path[0] ?? '') : typeof path === 'string' ? path : '';
    if (!fields.includes(field) || result[field]) continue;
    result[field] =
      typeof message === 'string' && message.startsWith('validation.') ? message : 'validation.invalidValue';
  }
  return result;
}

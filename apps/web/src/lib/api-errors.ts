/**
 * Failed calls, read the same way whatever threw them (an `ApiError` from the shared client, the
 * accounts' `RequestError`, anything else): the API's error code, and field errors from a
 * `validation_error` answer (`details: [{ path, message }]`) whose messages are keys of the
 * `validation` namespace.
 */

/** The error code a failure carries, or null when it carries none (a crash, a network type error). */
export function codeOf(error: unknown): string | null {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return null;
}

/** The API error code of anything thrown by a call; unknown failures count as internal errors. */
export const errorCodeOf = (error: unknown): string => codeOf(error) ?? 'internal_error';

/** A field path as the forms name it: ['administrator', 'email'] and 'administrator/email' → 'administrator.email'. */
export const fieldPathOf = (path: unknown): string =>
  Array.isArray(path)
    ? path.map(String).join('.')
    : typeof path === 'string'
      ? path.replaceAll('/', '.')
      : '';

/**
 * Namespaces whose keys shared schemas use as messages ('assessments.errors.titleRequired' is key
 * errors.titleRequired of the assessments namespace), besides `validation`.
 */
export const MESSAGE_NAMESPACES = [
  'validation',
  'questions',
  'assessments',
  'submissions',
  'attempts',
] as const;

const isMessageKey = (message: string) => MESSAGE_NAMESPACES.some((ns) => message.startsWith(`${ns}.`));

/** A message that is a translation key stays one; any other text becomes the generic 'not valid'. */
export const validationKeyOf = (message: unknown): string =>
  typeof message === 'string' && isMessageKey(message) ? message : 'validation.invalidValue';

/** 'assessments.errors.titleRequired' → 'assessments:errors.titleRequired' (i18next's namespace:key). */
export const i18nKeyOf = (message: string): string => {
  const dot = message.indexOf('.');
  return `${message.slice(0, dot)}:${message.slice(dot + 1)}`;
};

/**
 * Field errors from a `validation_error` answer, limited to the given field paths, first message
 * per field, in the order the server gave them.
 */
export function fieldErrorsOf(error: unknown, fields: readonly string[]): Record<string, string> {
  if (codeOf(error) !== 'validation_error') return {};
  const details = (error as { details?: unknown }).details;
  if (!Array.isArray(details)) return {};
  const errors: Record<string, string> = {};
  for (const issue of details) {
    if (!issue || typeof issue !== 'object') continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    const field = fieldPathOf(path);
    if (!fields.includes(field) || errors[field]) continue;
    errors[field] = validationKeyOf(message);
  }
  return errors;
}

import { ErrorResponseSchema, type ErrorCode } from '@vbuilder/shared';

/** A failure a client can act on; the error handler answers { code, message, details? } with statusCode. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly details?: unknown;
  /** Values the translated message interpolates (the catalog's `{{field}}`, say). */
  readonly messageValues?: Record<string, string | number>;

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    details?: unknown,
    messageValues?: Record<string, string | number>,
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
    if (messageValues) this.messageValues = messageValues;
  }
}

export const badRequest = (code: ErrorCode, message: string, details?: unknown) =>
  new AppError(400, code, message, details);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this', code: ErrorCode = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (what: string) => new AppError(404, 'not_found', `The ${what} does not exist`);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);

/**
 * The `{ status: ErrorResponseSchema }` entries of a route's response schema, for the statuses it
 * may answer with an error: `response: { 200: X, ...errorResponses(400, 401, 403, 404) }`.
 */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof ErrorResponseSchema } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as {
    [K in S[number]]: typeof ErrorResponseSchema;
  };
}

/** What most authenticated routes may answer: invalid input, no token, not allowed, not found. */
export const COMMON_ERRORS = errorResponses(400, 401, 403, 404);

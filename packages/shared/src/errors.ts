/**
 * Error codes the API answers with ({ code, message, details? }). The web translates
 * `errors.<code>` so users never see a code; the message is English for logs and API users.
 */
export const ERROR_CODES = [
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'internal_error',
  'invalid_credentials',
  'account_inactive',
  'account_not_activated',
  'email_taken',
  'invalid_token',
  'token_expired',
  'weak_password',
  'wrong_password',
  'password_unchanged',
  'already_in_organization',
  'file_too_large',
  'unsupported_file_type',
  'file_required',
  'interaction_expired',
  'members_forbidden',
  'cannot_change_self',
  'last_administrator',
  'role_not_allowed',
  'role_change_not_allowed',
  'user_in_use',
  'duplicate_in_file',
  'csv_invalid',
  'csv_header_invalid',
  'csv_empty',
  'csv_too_many_rows',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  code: ErrorCode | string;
  message: string;
  details?: unknown;
}

import { INIT_TIMEOUT_MESSAGE } from './constants.ts';

/** Why the session could not start; the error screen explains it in the user's language. */
export type AuthErrorCode = 'init_timeout' | 'callback_failed' | 'init_failed';

export class AuthError extends Error {
  readonly code: AuthErrorCode;
  constructor(code: AuthErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AuthError';
    this.code = code;
  }
}

export const initTimeoutError = () => new AuthError('init_timeout', INIT_TIMEOUT_MESSAGE);

/**
 * Rejects with `onTimeout()` when `work` takes longer than `ms`. The work itself is not stopped,
 * so callers must ignore its late result (auth-session does, by attempt number).
 */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

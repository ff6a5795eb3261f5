import type { z } from 'zod';

/**
 * A failed call, shaped like the API's `{ code, message, details? }` answer so screens handle
 * it the same way as an `ApiError` from the shared client.
 */
export class RequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/**
 * JSON call without a bearer token, for the public account pages and the sign-in interaction
 * (cookies are sent: the interaction is tied to the provider's cookie).
 */
export async function requestJson<T>(
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown },
  schema?: z.ZodType<T>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      credentials: 'include',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new RequestError(0, 'network_error', 'The server could not be reached');
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    const body = (data ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
    const code =
      typeof body.code === 'string'
        ? body.code
        : response.status === 429
          ? 'rate_limited'
          : response.status >= 500
            ? 'internal_error'
            : 'validation_error';
    throw new RequestError(
      response.status,
      code,
      typeof body.message === 'string' ? body.message : response.statusText,
      body.details,
    );
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new RequestError(response.status, 'internal_error', 'Unexpected answer');
  return parsed.data;
}

import type { ZodType } from 'zod';
import { AUTH_LIMITS, AUTH_TIMINGS, CALLBACK_PATH } from './auth/constants.ts';
import { authorizationHeaders, noteServerDate } from './auth/dpop.ts';
import { forceLogin } from './auth/login-redirect.ts';
import { reportError } from './auth/report-error.ts';
import { tokenService } from './auth/token-service.ts';
import { fileNameFromDisposition } from './content-disposition.ts';

/**
 * The one way the web talks to the API (docs/product/api.md): base /api, credentials included, the access token
 * (DPoP with a proof when it is bound to this browser's key, else Bearer) refreshed first when
 * under 30 s remain, JSON unless the body is form data. A 401 is retried with a refreshed token up
 * to twice, then the browser goes through login again. Errors arrive as ApiError with the API's
 * { code, message, details }.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** What the client needs from the session; replaced by fakes in tests. */
export interface ApiAuth {
  /** The token to send (refreshed first when less than marginMs remain), or null when signed out. */
  accessToken(marginMs: number): Promise<string | null>;
  /** A fresh token after the API refused `rejected`, or null when none can be had. */
  refreshedToken(rejected: string): Promise<string | null>;
  /** Sends the browser through login again (the callback flow). */
  forceLogin(): void;
  /** The callback page must never trigger a forced login: it is the login. */
  isOnCallbackPath(): boolean;
}

export interface RequestOptions<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  schema?: ZodType<T>;
  /** 'json' (default) parses the answer; 'blob' returns it as a Blob (downloads). */
  responseType?: 'json' | 'blob';
  /**
   * false: a 401 is thrown as it is, without refresh, retry or forced login (the profile loader
   * has its own rule for it).
   */
  handleUnauthorized?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  baseUrl?: string;
  auth: ApiAuth;
  fetch?: typeof fetch;
}

const FALLBACK_CODES: Record<number, string> = {
  400: 'validation_error',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'file_too_large',
  415: 'unsupported_file_type',
  429: 'rate_limited',
};

async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status decides.
  }
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const code =
    typeof record.code === 'string' ? record.code : (FALLBACK_CODES[response.status] ?? 'internal_error');
  const message =
    typeof record.message === 'string'
      ? record.message
      : response.statusText || `Request failed (${response.status})`;
  return new ApiError(response.status, code, message, record.details);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function createApiClient({ baseUrl = '/api', auth, fetch: fetchImpl }: ApiClientOptions) {
  const doFetch = (input: string, init: RequestInit) => (fetchImpl ?? globalThis.fetch)(input, init);

  async function send(options: RequestOptions<unknown>, token: string | null): Promise<Response> {
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    const hasBody = options.body !== undefined;
    const headers: Record<string, string> = {
      Accept: options.responseType === 'blob' ? '*/*' : 'application/json',
      ...options.headers,
    };
    // The browser sets the multipart boundary itself; JSON only when there is a JSON body.
    if (hasBody && !isForm) headers['Content-Type'] = 'application/json';
    const url = `${baseUrl}${options.path}`;
    // A DPoP-bound token goes with a proof of this browser's key, any other as Bearer.
    if (token) Object.assign(headers, await authorizationHeaders(token, url, options.method));
    try {
      const response = await doFetch(url, {
        method: options.method,
        credentials: 'include',
        headers,
        body: !hasBody ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal,
      });
      // Proofs are dated by the server's clock when this browser's is off (auth/dpop.ts).
      noteServerDate(response.headers.get('date'));
      return response;
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(
        0,
        'network_error',
        error instanceof Error ? error.message : 'Network request failed',
      );
    }
  }

  async function sendWithAuth(options: RequestOptions<unknown>): Promise<Response> {
    // No identity client (its configuration could not load) means no token, not a failed call.
    let token = await auth.accessToken(AUTH_TIMINGS.requestTokenMarginMs).catch(() => null);
    let response = await send(options, token);
    // Without a token a 401 is the answer itself (e.g. wrong password on a public form).
    if (response.status !== 401 || token === null || options.handleUnauthorized === false) return response;

    for (let attempt = 1; attempt <= AUTH_LIMITS.maxUnauthorizedRetries; attempt += 1) {
      const fresh = await auth.refreshedToken(token);
      if (!fresh) break;
      token = fresh;
      response = await send(options, token);
      if (response.status !== 401) return response;
    }
    if (!auth.isOnCallbackPath()) auth.forceLogin();
    return response;
  }

  async function request<T>(options: RequestOptions<T>): Promise<T> {
    const response = await sendWithAuth(options as RequestOptions<unknown>);
    if (!response.ok) throw await errorFrom(response);

    if (options.responseType === 'blob') return (await response.blob()) as T;
    const text = response.status === 204 ? '' : await response.text();
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        throw new ApiError(
          response.status,
          'invalid_response',
          'The server answered with something that is not JSON',
        );
      }
    }
    if (!options.schema) return data as T;
    const parsed = options.schema.safeParse(data);
    if (!parsed.success) {
      throw new ApiError(
        response.status,
        'invalid_response',
        'The server answered in an unexpected shape',
        parsed.error.issues,
      );
    }
    return parsed.data;
  }

  return {
    request,
    get: <T = unknown>(path: string, schema?: ZodType<T>, init?: Pick<RequestOptions<T>, 'signal'>) =>
      request<T>({ method: 'GET', path, schema, ...init }),
    post: <T = unknown>(path: string, body?: unknown, schema?: ZodType<T>) =>
      request<T>({ method: 'POST', path, body, schema }),
    put: <T = unknown>(path: string, body?: unknown, schema?: ZodType<T>) =>
      request<T>({ method: 'PUT', path, body, schema }),
    patch: <T = unknown>(path: string, body?: unknown, schema?: ZodType<T>) =>
      request<T>({ method: 'PATCH', path, body, schema }),
    delete: <T = unknown>(path: string, schema?: ZodType<T>) =>
      request<T>({ method: 'DELETE', path, schema }),
    upload: <T = unknown>(path: string, formData: FormData, schema?: ZodType<T>) =>
      request<T>({ method: 'POST', path, body: formData, schema }),
    /**
     * A POST answered as a stream (server-sent events): the Response once it is OK, for the caller
     * to read; the token, 401 retries and errors as any other call. Aborting `signal` closes it.
     * Without a body it is a GET (a stream to listen to, like the notifications').
     */
    openStream: async (path: string, body: unknown, signal?: AbortSignal): Promise<Response> => {
      const response = await sendWithAuth({
        method: body === undefined ? 'GET' : 'POST',
        path,
        body,
        signal,
        headers: { Accept: 'text/event-stream' },
      });
      if (!response.ok) throw await errorFrom(response);
      return response;
    },
    /** A file from the API (PDF, CSV, XLSX) as a Blob. */
    download: (path: string, init?: Pick<RequestOptions<Blob>, 'signal'>) =>
      request<Blob>({ method: 'GET', path, responseType: 'blob', ...init }),
    /** A file from the API with the name the server gives it (Content-Disposition, filename* first). */
    downloadFile: async (
      path: string,
      init?: Pick<RequestOptions<Blob>, 'signal'>,
    ): Promise<{ blob: Blob; fileName: string | null }> => {
      const response = await sendWithAuth({ method: 'GET', path, responseType: 'blob', ...init });
      if (!response.ok) throw await errorFrom(response);
      return {
        blob: await response.blob(),
        fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
      };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The session behind the page's client: the shared token service and the forced login. */
export const sessionApiAuth: ApiAuth = {
  accessToken: (marginMs) => tokenService.getAccessToken(marginMs),
  refreshedToken: async (rejected) => {
    try {
      return (await tokenService.refresh(rejected)).access_token;
    } catch {
      return null;
    }
  },
  forceLogin: () => {
    forceLogin().catch((error: unknown) => reportError(error, { area: 'auth', action: 'forced-login' }));
  },
  isOnCallbackPath: () => window.location.pathname === CALLBACK_PATH,
};

export const api = createApiClient({ auth: sessionApiAuth });

/** A site-relative API address ('/api/attempts/…') as the API client's path ('/attempts/…'). */
export function apiPathOf(url: string): string | null {
  if (!url.startsWith('/api/')) return null;
  return url.slice('/api'.length);
}

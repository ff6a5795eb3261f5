import type { FastifyRequest } from 'fastify';

/**
 * What the logs may hold: never a password or its hash, a token, a reset or activation
 * link's secret, or an answer. Bodies are never logged; the request line keeps its path and drops
 * the values of query parameters that carry secrets; headers that carry credentials are redacted;
 * an error keeps its message and codes but not the values of a failing statement (drizzle puts
 * them in the message and in `params`, and they may be a password hash or a student's answer).
 */

const SECRET_QUERY_KEYS =
  /^(token|code|id_token_hint|access_token|refresh_token|state|code_verifier|password)$/i;
const REDACTED = '[redacted]';

/** A URL with the values of secret-carrying query parameters replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const key of [...params.keys()]) if (SECRET_QUERY_KEYS.test(key)) params.set(key, REDACTED);
  return `${url.slice(0, at)}?${params.toString()}`;
}

/** A failing statement's values, as drizzle appends them to its message and stack. */
const withoutParams = (text: string) => {
  const at = text.indexOf('\nparams: ');
  if (at < 0) return text;
  // In a stack the values end where the frames begin; in a message they run to its end.
  const frames = text.indexOf('\n    at ', at);
  return `${text.slice(0, at)}\nparams: [redacted]${frames < 0 ? '' : text.slice(frames)}`;
};

/**
 * An error as the log shows it: its type, message, codes and stack, and its causes the same way
 * (a PostgreSQL error's code, detail-free), never the properties a library hangs values on.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const e = error as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: e.name,
    message: withoutParams(e.message),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
    ...(e.stack ? { stack: withoutParams(e.stack) } : {}),
    ...(e.cause !== undefined && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

/**
 * An error as text for the terminal (the server's last words, the admin CLI): its stack, or its
 * message, and its causes', each without a failing statement's values, as `serializeError`.
 */
export function formatError(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 4; depth++) {
    if (!(current instanceof Error)) {
      lines.push(String(current));
      break;
    }
    const code = (current as { code?: unknown }).code;
    const text = withoutParams(current.stack ?? `${current.name}: ${current.message}`);
    lines.push(`${depth ? 'Caused by: ' : ''}${text}${code !== undefined ? ` (code ${String(code)})` : ''}`);
    current = current.cause;
  }
  return lines.join('\n');
}

export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.dpop',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.answer',
];

/** The pieces of Fastify's logger options that keep secrets out (see the module comment). */
export const safeLogOptions = {
  redact: logRedactPaths,
  serializers: {
    err: (error: unknown) => serializeError(error),
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
    }),
  },
};

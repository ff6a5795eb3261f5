import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/**
 * Text PostgreSQL cannot store, refused before any handler runs: a NUL character (no
 * PostgreSQL text or jsonb value may hold one) and a lone UTF-16 surrogate (not a character at all:
 * jsonb refuses its escape). Without this a single such character in any field reached the
 * database and came back as a 500. Every route's JSON body, query and parameters are checked,
 * keys included; the answer names the first field that holds one.
 */

// The NUL is the point of this pattern, not a mistake.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or key) holding an unstorable character, or null. */
export function unstorablePath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorablePath(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) return [...path, key.replace(UNSTORABLE, '\uFFFD')];
      const found = unstorablePath(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export function invalidCharacters(path: string[]): AppError {
  const field = path.join('.') || 'body';
  return new AppError(
    400,
    'invalid_characters',
    `The field "${field}" contains a character that cannot be stored (such as a NUL character)`,
    [{ path, message: 'contains a character that cannot be stored' }],
    { field },
  );
}

export default fp(async function storedTextPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = unstorablePath(value);
      if (path) throw invalidCharacters(where === 'body' ? path : [where, ...path]);
    }
  });
});

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/**
 * How deeply a JSON body may nest objects and arrays. Every body the app takes is a few levels deep
 * (a question's config, an answer, a draw rule: under 10; rich text travels as an HTML string);
 * 256 leaves room for anything real while the code that walks a body (the stored-text check, zod)
 * stays far from the stack's end. Without it, 10,000 nested arrays in 20 KB answered 500 (a stack
 * overflow) on every JSON route.
 */
export const MAX_JSON_DEPTH = 256;

/**
 * Whether the JSON text opens more than `max` objects and arrays inside each other. One pass over
 * the characters, brackets inside strings not counted, no recursion; it runs before the text is
 * parsed, so nothing deeper is ever built.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

export const nestedTooDeeply = () =>
  new AppError(
    400,
    'validation_error',
    `The request nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep`,
  );

type Done = (error: Error | null, body?: unknown) => void;
type JsonParser = (request: FastifyRequest, body: string, done: Done) => void;

/**
 * Fastify's JSON parser (secure-json-parse, prototype poisoning refused) behind the depth check.
 * `emptyAsUndefined`: an empty body is no body (routes whose clients send the content type anyway).
 */
export function depthCheckedJsonParser(
  app: FastifyInstance,
  options: { emptyAsUndefined?: boolean; onConstructorPoisoning?: 'error' | 'ignore' } = {},
): JsonParser {
  const parse = app.getDefaultJsonParser('error', options.onConstructorPoisoning ?? 'error') as JsonParser;
  return (request, body, done) => {
    if (options.emptyAsUndefined && body === '') return done(null, undefined);
    if (jsonNestsDeeperThan(body, MAX_JSON_DEPTH)) return done(nestedTooDeeply());
    return parse(request, body, done);
  };
}

/** Every JSON body of the app is read through the depth check (contexts with a parser of their own use it too). */
export default fp(async function jsonBodyPlugin(app: FastifyInstance) {
  const parser = depthCheckedJsonParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parser(request, body as string, done),
  );
});

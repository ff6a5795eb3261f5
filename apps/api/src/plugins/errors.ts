import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { languageFromRequest, translatorFor } from '../i18n/index.ts';
import { AppError } from '../lib/errors.ts';

/**
 * The message shown to the caller: in English the precise one the code raised (logs and API users
 * read it); in any other language the `errors` catalog's text for the code, in the signed-in
 * user's language, else the picker's cookie, else Accept-Language.
 */
export function displayMessage(
  request: FastifyRequest,
  code: string,
  english: string,
  values: Record<string, string | number> = {},
): string {
  const language = languageFromRequest(request);
  if (language === 'en') return english;
  const t = translatorFor(language);
  return t(`errors:${code}`, { defaultValue: english, ...values });
}

/** PostgreSQL's "invalid byte sequence" / "unsupported Unicode escape", on the error or its cause. */
function databaseTextError(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (e.code === '22021' || e.code === '22P05') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * One error handler for the whole API: typed errors keep their code, validation failures become
 * 400 validation_error with the issues, anything else is logged with the request id and answered
 * as a generic 500 (no stack traces or internals reach a client). Messages are in the caller's language.
 */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const message = (code: string, english: string) => displayMessage(request, code, english);
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({
        code: error.code,
        message: displayMessage(request, error.code, error.message, error.messageValues),
        details: error.details,
      });
    }
    const unstorable = databaseTextError(error);
    if (unstorable) {
      // The safety net behind the stored-text plugin: text PostgreSQL refused is the caller's
      // mistake (400), never a 500, and the failing statement and its values are not logged.
      const english = 'The request contains a character that cannot be stored (such as a NUL character)';
      return reply
        .code(400)
        .send({ code: 'invalid_characters', message: message('invalid_characters_any', english) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').split('/').filter(Boolean),
        message: v.message,
      }));
      return reply.code(400).send({
        code: 'validation_error',
        message: message('validation_error', 'The request is not valid'),
        details,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply
        .code(500)
        .send({ code: 'internal_error', message: message('internal_error', 'Something went wrong') });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({
        code: 'rate_limited',
        message: message('rate_limited', 'Too many attempts. Please wait and try again.'),
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type...
      const code = status === 413 ? 'file_too_large' : status === 404 ? 'not_found' : 'validation_error';
      return reply.code(status).send({ code, message: message(code, error.message) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .code(500)
      .send({ code: 'internal_error', message: message('internal_error', 'Something went wrong') });
  });
});

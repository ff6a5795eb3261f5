import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { QuestionImportFieldsSchema, QuestionImportResultSchema } from '@vbuilder/shared';
import { COMMON_ERRORS, errorResponses, badRequest } from '../../lib/errors.ts';
import { multipartReadError } from '../../lib/files.ts';
import { languageFromRequest, translatorFor } from '../../i18n/index.ts';
import { ASSESSMENT_AUTHORS } from '../assessments/assessments.policy.ts';
import { assessmentsContext } from '../assessments/assessments.access.ts';
import { INTERCHANGE_LIMITS, InterchangeFileError } from '../question-interchange/index.ts';
import { runImport, targetOf } from './question-imports.service.ts';

/** The multipart field the file arrives in. */
export const QUESTION_IMPORT_FIELD = 'file';

/** Each call converts a whole file (up to 50 MB): counted per user like the other heavy uploads. */
const IMPORT_LIMIT = {
  max: 20,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `question-imports:${req.actor?.userId ?? req.ip}`,
};

/**
 * The text fields and the one file of the multipart body, whatever their order. Over the size
 * limit → 413; no file → 400 file_required; unknown field values → 400 validation_error.
 */
async function readImportRequest(req: FastifyRequest) {
  const missing = () =>
    badRequest('file_required', `Send the file as multipart field ${QUESTION_IMPORT_FIELD}`);
  if (!req.isMultipart()) throw missing();
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Uint8Array } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: INTERCHANGE_LIMITS.fileBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== QUESTION_IMPORT_FIELD) {
          part.file.resume();
          continue;
        }
        file = { name: part.filename, bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string' && part.value !== '') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw multipartReadError(req, error, INTERCHANGE_LIMITS.fileBytes);
  }
  if (!file || file.bytes.length === 0) throw missing();
  const parsed = QuestionImportFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    throw badRequest(
      'validation_error',
      'The request is not valid',
      parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
    );
  }
  return { fields: parsed.data, file };
}

/** Questions from other platforms' files: preview, then save. */
const questionImportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = assessmentsContext(app);

  app.post(
    '/question-imports',
    {
      schema: {
        tags: ['question-bank'],
        summary:
          'Import questions from a QTI, Moodle XML, GIFT or Aiken file (multipart: mode=preview|save, ' +
          'optional format, categoryId or assessmentId, then file). Preview stores nothing; save sends ' +
          'the same file again and stores what the preview showed, in one transaction. Into an ' +
          'assessment a student has started: 409 questions_locked',
        consumes: ['multipart/form-data'],
        response: { 200: QuestionImportResultSchema, ...COMMON_ERRORS, ...errorResponses(409, 413, 429) },
      },
      // Who may write the bank and the organization's assessments: its teachers and administrators.
      config: { policy: { roles: ASSESSMENT_AUTHORS }, rateLimit: IMPORT_LIMIT },
    },
    async (req, reply) => {
      const { fields, file } = await readImportRequest(req);
      const language = languageFromRequest(req);
      try {
        return await runImport(ctx, req.actor, {
          mode: fields.mode,
          format: fields.format,
          target: targetOf(fields),
          file,
          language,
        });
      } catch (error) {
        if (!(error instanceof InterchangeFileError)) throw error;
        // The file itself is at fault: its own message, with the line or element, in the reader's language.
        const t = translatorFor(language);
        const status = error.kind === 'tooLarge' ? 413 : 400;
        const code = error.kind === 'tooLarge' ? 'file_too_large' : `import_${error.kind}`;
        return reply.code(status).send({
          code,
          message: t(error.messageKey, { at: error.at }),
          details: { kind: error.kind, at: error.at },
        });
      }
    },
  );
};

export default questionImportsRoutes;

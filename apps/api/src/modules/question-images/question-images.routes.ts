import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, LIMITS } from '@vbuilder/shared';
import { createFileStore } from '../../lib/files.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { STAFF } from '../../plugins/authorize.ts';
import {
  QUESTION_IMAGE_EXTENSIONS,
  QUESTION_IMAGE_PREFIX,
  storeQuestionImage,
} from './question-images.service.ts';

/** The multipart field the image arrives in. */
export const QUESTION_IMAGE_FIELD = 'image';

export const QuestionImageUploadSchema = z.object({
  /** Where the stored image is served (relative to the site), to put in a question's imageUrl. */
  url: z.string(),
});

const CONTENT_TYPES = Object.fromEntries(
  Object.entries(QUESTION_IMAGE_EXTENSIONS).map(([mime, extension]) => [extension, mime]),
) as Record<string, string>;

// Only names we generate: a UUID and one of our extensions. Nothing else reaches the disk.
const IMAGE_NAME = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.keys(CONTENT_TYPES).join('|')})$`,
);

const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'file_too_large', `The file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB`);

const missingFile = () =>
  badRequest('file_required', `Send the image as multipart field ${QUESTION_IMAGE_FIELD}`);

/** Images teachers attach to questions: upload (staff who write questions) and serving (public). */
const questionImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this module: only its upload route accepts multipart bodies, with its own limit.
  await app.register(multipart, {
    limits: { fileSize: LIMITS.questionImageMaxBytes, files: 1, fields: 10, parts: 11 },
  });
  const files = createFileStore(app.config);

  app.post(
    '/question-images',
    {
      schema: {
        tags: ['questions'],
        summary: `Upload an image for a question (multipart, field ${QUESTION_IMAGE_FIELD}; PNG, JPEG, WebP or GIF)`,
        consumes: ['multipart/form-data'],
        response: {
          200: QuestionImageUploadSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          413: ErrorResponseSchema,
        },
      },
      // Whoever writes questions: teachers and administrators (SPEC §6), not students.
      config: { policy: { roles: STAFF } },
    },
    async (req) => {
      if (!req.isMultipart()) throw missingFile();
      let bytes: Buffer | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname === QUESTION_IMAGE_FIELD && bytes === null) {
            bytes = await part.toBuffer();
          } else {
            part.file.resume();
          }
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          throw fileTooLarge(LIMITS.questionImageMaxBytes);
        }
        if (error instanceof app.multipartErrors.FilesLimitError) {
          throw badRequest('validation_error', `Send one file in field ${QUESTION_IMAGE_FIELD}`);
        }
        throw error;
      }
      if (!bytes || bytes.length === 0) throw missingFile();
      return storeQuestionImage(files, bytes);
    },
  );

  app.get(
    `/files/${QUESTION_IMAGE_PREFIX}/:name`,
    {
      schema: {
        tags: ['questions'],
        summary:
          'A question image (public: names are random and unguessable, so <img> tags in players need no token)',
        security: [],
        params: z.object({ name: z.string() }),
      },
      config: { policy: 'public' },
    },
    async (req, reply) => {
      if (!IMAGE_NAME.test(req.params.name)) throw notFound('image');
      const bytes = await files.readFile(`${QUESTION_IMAGE_PREFIX}/${req.params.name}`);
      if (!bytes) throw notFound('image');
      const extension = req.params.name.split('.').pop()!;
      return (
        reply
          .type(CONTENT_TYPES[extension]!)
          .header('x-content-type-options', 'nosniff')
          // A stored image never changes: a new upload gets a new name.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(bytes)
      );
    },
  );
};

export default questionImagesRoutes;

import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, LIMITS } from '@vbuilder/shared';
import { createFileStore } from '../../lib/files.ts';
import { readUploadedFile, serveStoredImages } from '../../lib/stored-images.ts';
import { STAFF } from '../../plugins/authorize.ts';
import { QUESTION_IMAGE_PREFIX, storeQuestionImage } from './question-images.service.ts';

/** The multipart field the image arrives in. */
export const QUESTION_IMAGE_FIELD = 'image';

export const QuestionImageUploadSchema = z.object({
  /** Where the stored image is served (relative to the site), to put in a question's imageUrl. */
  url: z.string(),
});

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
      const bytes = await readUploadedFile(app, req, QUESTION_IMAGE_FIELD, LIMITS.questionImageMaxBytes);
      return storeQuestionImage(files, bytes);
    },
  );

  serveStoredImages(app, files, QUESTION_IMAGE_PREFIX, {
    tags: ['questions'],
    summary:
      'A question image (public: names are random and unguessable, so <img> tags in players need no token)',
  });
};

export default questionImagesRoutes;

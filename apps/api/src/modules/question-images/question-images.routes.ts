import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '@vbuilder/shared';
import { errorResponses } from '../../lib/errors.ts';
import { createFileStore, readUploadedFile } from '../../lib/files.ts';
import { serveStoredImages } from '../../lib/stored-images.ts';
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
  const files = createFileStore(app.config);

  app.post(
    '/question-images',
    {
      schema: {
        tags: ['questions'],
        summary: `Upload an image for a question (multipart, field ${QUESTION_IMAGE_FIELD}; PNG, JPEG, WebP or GIF)`,
        consumes: ['multipart/form-data'],
        response: { 200: QuestionImageUploadSchema, ...errorResponses(400, 401, 403, 413) },
      },
      // Whoever writes questions: teachers and administrators (docs/product/roles.md), not students.
      config: { policy: { roles: STAFF } },
    },
    async (req) => {
      const { bytes } = await readUploadedFile(req, {
        field: QUESTION_IMAGE_FIELD,
        maxBytes: LIMITS.questionImageMaxBytes,
        what: 'the image',
      });
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

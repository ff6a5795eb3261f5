import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, LIMITS, ProfileEnvelopeSchema, UpdateProfileSchema } from '@vbuilder/shared';
import { createFileStore } from '../../lib/files.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  fileTooLarge,
  getProfile,
  PROFILE_IMAGE_EXTENSIONS,
  PROFILE_IMAGE_PREFIX,
  replaceProfileImage,
  updateProfile,
} from './profile.service.ts';

/** The multipart field the profile image arrives in (SPEC §7). */
export const PROFILE_IMAGE_FIELD = 'profile_image';

const CONTENT_TYPES = Object.fromEntries(
  Object.entries(PROFILE_IMAGE_EXTENSIONS).map(([mime, extension]) => [extension, mime]),
) as Record<string, string>;

// Only names we generate: a UUID and one of our extensions. Nothing else reaches the disk.
const IMAGE_NAME = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.keys(CONTENT_TYPES).join('|')})$`,
);

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** The signed-in user's own profile (SPEC §7 /auth/profile) and the profile images it points at. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, not app-wide: only this module accepts multipart bodies, and with its own limit.
  await app.register(multipart, {
    limits: { fileSize: LIMITS.profileImageMaxBytes, files: 1, fields: 10, parts: 11 },
  });
  const files = createFileStore(app.config);

  app.get(
    '/auth/profile',
    {
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's profile",
        querystring: z.object({ organizationId: z.string().min(1).optional() }),
        response: { 200: ProfileEnvelopeSchema, ...errors },
      },
      config: { policy: 'authenticated' },
    },
    (req) => getProfile(app.db, req.actor, req.query.organizationId),
  );

  app.put(
    '/auth/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update name, email and phone',
        body: UpdateProfileSchema,
        response: { 200: ProfileEnvelopeSchema, ...errors, 409: ErrorResponseSchema },
      },
      config: { policy: 'authenticated' },
    },
    (req) => updateProfile(app.db, req.actor, req.body),
  );

  app.post(
    '/auth/profile/image',
    {
      schema: {
        tags: ['profile'],
        summary: `Replace the profile image (multipart, field ${PROFILE_IMAGE_FIELD}; PNG, JPEG, WebP or GIF)`,
        consumes: ['multipart/form-data'],
        response: { 200: ProfileEnvelopeSchema, ...errors, 413: ErrorResponseSchema },
      },
      config: { policy: 'authenticated' },
    },
    async (req) => {
      if (!req.isMultipart())
        throw badRequest('file_required', `Send the image as multipart field ${PROFILE_IMAGE_FIELD}`);
      let bytes: Buffer | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname === PROFILE_IMAGE_FIELD && bytes === null) {
            bytes = await part.toBuffer();
          } else {
            part.file.resume();
          }
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          throw fileTooLarge(LIMITS.profileImageMaxBytes);
        }
        if (error instanceof app.multipartErrors.FilesLimitError) {
          throw badRequest('validation_error', `Send one file in field ${PROFILE_IMAGE_FIELD}`);
        }
        throw error;
      }
      if (!bytes || bytes.length === 0) {
        throw badRequest('file_required', `Send the image as multipart field ${PROFILE_IMAGE_FIELD}`);
      }
      return replaceProfileImage(app.db, files, req.actor, bytes);
    },
  );

  app.get(
    `/files/${PROFILE_IMAGE_PREFIX}/:name`,
    {
      schema: {
        tags: ['profile'],
        summary: 'A profile image (public: names are random and unguessable, so <img> tags need no token)',
        security: [],
        params: z.object({ name: z.string() }),
      },
      config: { policy: 'public' },
    },
    async (req, reply) => {
      if (!IMAGE_NAME.test(req.params.name)) throw notFound('image');
      const bytes = await files.readFile(`${PROFILE_IMAGE_PREFIX}/${req.params.name}`);
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

export default profileRoutes;

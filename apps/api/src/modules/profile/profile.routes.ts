import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  LIMITS,
  ProfileEnvelopeSchema,
  UpdateLanguageSchema,
  UpdateProfileSchema,
} from '@vbuilder/shared';
import { errorResponses } from '../../lib/errors.ts';
import { accountsContext } from '../accounts/accounts.service.ts';
import { createFileStore, readUploadedFile } from '../../lib/files.ts';
import { serveStoredImages } from '../../lib/stored-images.ts';
import {
  getProfile,
  PROFILE_IMAGE_PREFIX,
  replaceProfileImage,
  updateLanguage,
  updateProfile,
} from './profile.service.ts';

/** The multipart field the profile image arrives in (docs/product/api.md). */
export const PROFILE_IMAGE_FIELD = 'profile_image';

const errors = errorResponses(400, 401, 403);

/** The signed-in user's own profile (docs/product/api.md /auth/profile) and the profile images it points at. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = createFileStore(app.config);
  // An email change mails a confirmation link, as the account flows do.
  const accounts = accountsContext(app);

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
        summary:
          'Update name, phone and language; a new email needs the current password and is confirmed from a link mailed to it',
        body: UpdateProfileSchema,
        response: { 200: ProfileEnvelopeSchema, ...errors, 409: ErrorResponseSchema },
      },
      // The current password can be tried here with a stolen session: counted per account.
      config: {
        policy: 'authenticated',
        rateLimit: {
          max: 20,
          timeWindow: '15 minutes',
          keyGenerator: (req) => `profile:${req.actor?.userId ?? req.ip}`,
        },
      },
    },
    (req) => updateProfile(accounts, req.actor, req.body),
  );

  app.put(
    '/auth/profile/language',
    {
      schema: {
        tags: ['profile'],
        summary: 'Save the language the user reads (the picker); mail and files follow it',
        body: UpdateLanguageSchema,
        response: { 200: ProfileEnvelopeSchema, ...errors },
      },
      config: { policy: 'authenticated' },
    },
    (req) => updateLanguage(app.db, req.actor, req.body.language),
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
      const { bytes } = await readUploadedFile(req, {
        field: PROFILE_IMAGE_FIELD,
        maxBytes: LIMITS.profileImageMaxBytes,
        what: 'the image',
      });
      return replaceProfileImage(app.db, files, req.actor, bytes);
    },
  );

  serveStoredImages(app, files, PROFILE_IMAGE_PREFIX, {
    tags: ['profile'],
    summary: 'A profile image (public: names are random and unguessable, so <img> tags need no token)',
  });
};

export default profileRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  IdParamsSchema,
  SaveSchoolSignInSchema,
  SchoolSignInSettingsSchema,
  SchoolSignInTestResultSchema,
  TestSchoolSignInSchema,
} from '@vbuilder/shared';
import { COMMON_ERRORS } from '../../lib/errors.ts';
import { ADMINISTRATORS } from '../../plugins/authorize.ts';
import {
  getSchoolSignIn,
  saveSchoolSignIn,
  schoolSignInContext,
  testSchoolSignIn,
} from './school-sign-in.service.ts';

const tags = ['organizations'];

/**
 * An organization's own OpenID provider (docs/product/school-sign-in.md): its Administrators and
 * the Super Administrator read, save and test it. The sign-in itself is brokered by the embedded
 * provider (identity/school-sign-in.routes.ts).
 */
const schoolSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = schoolSignInContext(app);
  const policy = { roles: ADMINISTRATORS };

  app.get(
    '/organizations/:id/school-sign-in',
    {
      schema: {
        tags,
        summary: "The organization's sign-in with its own provider (the client secret is never answered)",
        params: IdParamsSchema,
        response: { 200: SchoolSignInSettingsSchema, ...COMMON_ERRORS },
      },
      config: { policy },
    },
    (req) => getSchoolSignIn(ctx, req.actor, req.params.id),
  );

  app.put(
    '/organizations/:id/school-sign-in',
    {
      schema: {
        tags,
        summary: "Save the organization's provider, mail domains, role mapping and account mode",
        params: IdParamsSchema,
        body: SaveSchoolSignInSchema,
        response: { 200: SchoolSignInSettingsSchema, ...COMMON_ERRORS, 409: ErrorResponseSchema },
      },
      config: { policy },
    },
    (req) => saveSchoolSignIn(ctx, req.actor, req.params.id, req.body),
  );

  app.post(
    '/organizations/:id/school-sign-in/test',
    {
      schema: {
        tags,
        summary: "Fetch a provider's discovery document, as sign-in will",
        params: IdParamsSchema,
        body: TestSchoolSignInSchema,
        response: { 200: SchoolSignInTestResultSchema, ...COMMON_ERRORS },
      },
      config: { policy },
    },
    (req) => testSchoolSignIn(ctx, req.actor, req.params.id, req.body.issuer),
  );
};

export default schoolSignInRoutes;

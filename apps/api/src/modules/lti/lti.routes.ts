import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateLtiRegistrationLinkSchema,
  CreateLtiRegistrationSchema,
  IdParamsSchema,
  LtiRegistrationLinkSchema,
  LtiRegistrationListSchema,
  LtiRegistrationSchema,
  UpdateLtiRegistrationSchema,
} from '@vbuilder/shared';
import { languageFromRequest } from '../../i18n/index.ts';
import { AppError, COMMON_ERRORS, errorResponses } from '../../lib/errors.ts';
import { ADMINISTRATORS, STAFF, SUPER_ADMINISTRATOR } from '../../plugins/authorize.ts';
import { CLOSE_SCRIPT, launchRefusedPage, registrationPage } from './lti.pages.ts';
import {
  answerDeepLinkFor,
  completeDynamicRegistration,
  completeLaunch,
  createRegistration,
  createRegistrationLink,
  deleteRegistration,
  deepLinkChoicesFor,
  LaunchError,
  listRegistrations,
  publishedToolKeySet,
  rotateToolKeys,
  startLogin,
  updateRegistration,
  type LtiContext,
} from './lti.service.ts';
import { platformKeySets } from './lti.verify.ts';

const tags = ['lti'];
const admins = { policy: { roles: ADMINISTRATORS } };
const RegistrationParamsSchema = IdParamsSchema.extend({ registrationId: z.uuid() });
const DeepLinkChoicesSchema = z.object({
  id: z.uuid(),
  acceptMultiple: z.boolean(),
  assessments: z.array(
    z.object({ id: z.uuid(), title: z.string(), totalMarks: z.number(), status: z.string() }),
  ),
});
const JwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
const LoginSchema = z
  .object({
    iss: z.string().max(2000),
    login_hint: z.string().max(2000),
    target_link_uri: z.string().max(2000),
    lti_message_hint: z.string().max(8000),
    client_id: z.string().max(255),
    lti_deployment_id: z.string().max(255),
  })
  .partial();
const LaunchSchema = z.object({ id_token: z.string().max(64_000), state: z.string().max(200) }).partial();
const DynamicRegistrationQuerySchema = z
  .object({ openid_configuration: z.string().max(2000), registration_token: z.string().max(8000) })
  .partial();

/** The pages a platform's frame shows: framing allowed (they hold no action), no caching. */
function framedHtml(reply: FastifyReply, status: number, html: string) {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string')
    reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
  reply.removeHeader('x-frame-options');
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

export interface LtiRoutesOptions {
  /** The least time between two fetches of one platform's key set (ms); jose's 30 s by default. */
  keySetCooldownMs?: number;
}

/**
 * LTI 1.3 (docs/product/lti.md): the tool's public endpoints (login initiation, launch, key set,
 * dynamic registration) and the Administrators' registrations of their organization.
 */
const ltiRoutes: FastifyPluginAsyncZod<LtiRoutesOptions> = async (app, options) => {
  const ctx: LtiContext = {
    db: app.db,
    config: app.config,
    now: () => app.clock.now(),
    keySets: platformKeySets(options.keySetCooldownMs),
  };

  // Platforms post forms (login initiation, the launch's form_post): flat fields, read as strings.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const params = new URLSearchParams(body as string);
    const fields: Record<string, string> = {};
    for (const [key, value] of params) if (!(key in fields)) fields[key] = value;
    done(null, fields);
  });

  const refuse = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof LaunchError)) throw error;
    request.log.info({ reason: error.reason }, 'LTI launch refused');
    return framedHtml(reply, 401, launchRefusedPage(languageFromRequest(request), error.reason));
  };

  app.get(
    '/lti/jwks',
    {
      schema: {
        tags,
        summary: "The tool's public signing keys (JWKS)",
        security: [],
        response: { 200: JwksSchema },
      },
      config: { policy: 'public' },
    },
    async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(await publishedToolKeySet(ctx)),
  );

  app.get('/lti/close.js', { schema: { tags, hide: true }, config: { policy: 'public' } }, (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(CLOSE_SCRIPT),
  );

  const login = async (request: FastifyRequest, reply: FastifyReply, params: z.infer<typeof LoginSchema>) => {
    try {
      const { redirect } = await startLogin(ctx, params);
      return reply.header('cache-control', 'no-store').redirect(redirect, 302);
    } catch (error) {
      return refuse(request, reply, error);
    }
  };
  const loginSchema = {
    tags,
    summary: 'LTI third-party initiated login (the platform sends the browser here)',
    security: [],
  };
  app.get(
    '/lti/login',
    { schema: { ...loginSchema, querystring: LoginSchema }, config: { policy: 'public' } },
    (request, reply) => login(request, reply, request.query),
  );
  app.post(
    '/lti/login',
    {
      schema: { ...loginSchema, body: LoginSchema, consumes: ['application/x-www-form-urlencoded'] },
      config: { policy: 'public' },
    },
    (request, reply) => login(request, reply, request.body ?? {}),
  );

  app.post(
    '/lti/launch',
    {
      schema: {
        tags,
        summary: "LTI launch: the platform's signed id_token and the state, form-posted by the browser",
        security: [],
        body: LaunchSchema,
        consumes: ['application/x-www-form-urlencoded'],
      },
      config: { policy: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      try {
        const result = await completeLaunch(ctx, request.body ?? {});
        return reply.header('cache-control', 'no-store').redirect(result.redirect, 303);
      } catch (error) {
        return refuse(request, reply, error);
      }
    },
  );

  app.get(
    '/lti/register/:token',
    {
      schema: {
        tags,
        summary: 'LTI Dynamic Registration: the platform opens the link an Administrator gave it',
        security: [],
        params: z.object({ token: z.string().min(1).max(100) }),
        querystring: DynamicRegistrationQuerySchema,
      },
      config: { policy: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const language = languageFromRequest(request);
      try {
        const registration = await completeDynamicRegistration(ctx, request.params.token, request.query);
        const platform = registration.productFamily ?? registration.issuer ?? '';
        return framedHtml(reply, 200, registrationPage(language, { ok: true, platform }));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const reason =
          typeof error.details === 'object' && error.details && 'reason' in error.details
            ? String(error.details.reason)
            : error.code;
        return framedHtml(reply, error.statusCode, registrationPage(language, { ok: false, reason }));
      }
    },
  );

  app.get(
    '/lti/deep-links/:id',
    {
      schema: {
        tags,
        summary: 'A deep linking request from a platform: the assessments the instructor may link',
        params: IdParamsSchema,
        response: { 200: DeepLinkChoicesSchema, ...COMMON_ERRORS, ...errorResponses(409) },
      },
      config: { policy: { roles: STAFF } },
    },
    (request) => deepLinkChoicesFor(ctx, request.actor, request.params.id),
  );

  app.post(
    '/lti/deep-links/:id/response',
    {
      schema: {
        tags,
        summary:
          "Answer a deep linking request: the signed response to form-post to the platform's return URL",
        params: IdParamsSchema,
        body: z.object({ assessmentIds: z.array(z.uuid()).min(1).max(50) }),
        response: {
          200: z.object({ returnUrl: z.string(), jwt: z.string() }),
          ...COMMON_ERRORS,
          ...errorResponses(409),
        },
      },
      config: { policy: { roles: STAFF } },
    },
    (request) => answerDeepLinkFor(ctx, request.actor, request.params.id, request.body.assessmentIds),
  );

  app.post(
    '/lti/tool-keys/rotate',
    {
      schema: {
        tags,
        summary: "Rotate the tool's signing key (Super Administrator); the old key stays published an hour",
        response: { 200: z.object({ kid: z.string() }), ...COMMON_ERRORS },
      },
      config: { policy: { roles: SUPER_ADMINISTRATOR } },
    },
    (request) => rotateToolKeys(ctx, request.actor),
  );

  app.get(
    '/organizations/:id/lti/registrations',
    {
      schema: {
        tags,
        summary: "The organization's LTI platforms and the tool's addresses to give them (Administrators)",
        params: IdParamsSchema,
        response: { 200: LtiRegistrationListSchema, ...COMMON_ERRORS },
      },
      config: admins,
    },
    (request) => listRegistrations(ctx, request.actor, request.params.id),
  );

  app.post(
    '/organizations/:id/lti/registrations',
    {
      schema: {
        tags,
        summary: 'Register a learning platform by hand (Administrators)',
        params: IdParamsSchema,
        body: CreateLtiRegistrationSchema,
        response: { 201: LtiRegistrationSchema, ...COMMON_ERRORS, ...errorResponses(409) },
      },
      config: admins,
    },
    async (request, reply) =>
      reply.code(201).send(await createRegistration(ctx, request.actor, request.params.id, request.body)),
  );

  app.post(
    '/organizations/:id/lti/registration-links',
    {
      schema: {
        tags,
        summary: 'A one-time Dynamic Registration link to paste into the platform (Administrators)',
        params: IdParamsSchema,
        body: CreateLtiRegistrationLinkSchema,
        response: { 201: LtiRegistrationLinkSchema, ...COMMON_ERRORS },
      },
      config: admins,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createRegistrationLink(ctx, request.actor, request.params.id, request.body.name)),
  );

  app.patch(
    '/organizations/:id/lti/registrations/:registrationId',
    {
      schema: {
        tags,
        summary: 'Rename, disable or correct a platform registration (Administrators)',
        params: RegistrationParamsSchema,
        body: UpdateLtiRegistrationSchema,
        response: { 200: LtiRegistrationSchema, ...COMMON_ERRORS },
      },
      config: admins,
    },
    (request) =>
      updateRegistration(ctx, request.actor, request.params.id, request.params.registrationId, request.body),
  );

  app.delete(
    '/organizations/:id/lti/registrations/:registrationId',
    {
      schema: {
        tags,
        summary: 'Remove a platform registration and its people links (Administrators)',
        params: RegistrationParamsSchema,
        response: { 204: z.null(), ...COMMON_ERRORS },
      },
      config: admins,
    },
    async (request, reply) => {
      await deleteRegistration(ctx, request.actor, request.params.id, request.params.registrationId);
      return reply.code(204).send(null);
    },
  );
};

export default ltiRoutes;

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { z } from 'zod';
import { ErrorResponseSchema, SignInSchema } from '@vbuilder/shared';
import { publicUrl } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { depthCheckedJsonParser } from '../plugins/json-body.ts';
import { takeLaunchCode } from '../modules/lti/lti.service.ts';
import { authenticate, findActiveUser, recordLogin, tellOwnerOfFailedSignIns } from './account.ts';
import { deviceCookie, deviceOf } from './device-cookie.ts';
import { FAILURES_BEFORE_MAIL, createSignInThrottle, type SignInAttempt } from './sign-in-throttle.ts';

const ParamsSchema = z.object({ uid: z.string().min(1).max(100) });

export const InteractionDetailsSchema = z.object({
  uid: z.string(),
  prompt: z.enum(['login', 'consent']),
  loginHint: z.string().optional(),
  clientId: z.string(),
  /** Present when the server finished the interaction itself (a consent prompt): go there. */
  redirectTo: z.string().optional(),
});

const RedirectSchema = z.object({ redirectTo: z.string() });

const interactionExpired = () =>
  new AppError(404, 'interaction_expired', 'This sign-in request has expired or does not exist');

/**
 * The JSON side of the sign-in page (/signin/:uid, a SPA route). The provider scopes its
 * interaction cookie to /signin/<uid>, so these endpoints live under that path, not under /api.
 */
const interactionRoutes: FastifyPluginAsyncZod<{ provider: Provider; deviceKey: string }> = async (
  app,
  { provider, deviceKey },
) => {
  // Only failed attempts count: a class signing in together behind one school address is never
  // slowed down, while guessing is, more with every failure (sign-in-throttle.ts).
  const throttle = createSignInThrottle(app.limiter);
  const baseUrl = publicUrl(app.config);
  const secureCookies = baseUrl.startsWith('https:');

  const load = async (uid: string, request: FastifyRequest, reply: FastifyReply) => {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      throw interactionExpired();
    }
    // The cookie names the interaction; a mismatching path means a stale tab or a forged link.
    if (interaction.uid !== uid) throw interactionExpired();
    return interaction;
  };

  const finish = (
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ) => provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });

  // The abort call has no body; a client that still sends a JSON content type must not get a 400.
  // Otherwise the app's JSON parser, with its depth check.
  const parseJson = depthCheckedJsonParser(app, {
    emptyAsUndefined: true,
    onConstructorPoisoning: 'ignore',
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parseJson(request, body as string, done),
  );

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/signin/:uid/details',
    {
      schema: {
        tags: ['identity'],
        params: ParamsSchema,
        response: { 200: InteractionDetailsSchema, 404: ErrorResponseSchema },
      },
      config: { policy: 'public' },
    },
    async (request, reply) => {
      const interaction = await load(request.params.uid, request, reply);
      const clientId = String(interaction.params.client_id ?? '');
      const loginHint =
        typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
      if (interaction.prompt.name === 'consent') {
        // First-party client: consent is implied. Finish it here so the page only has to redirect.
        const redirectTo = await provider.interactionResult(request.raw, reply.raw, { consent: {} });
        return { uid: interaction.uid, prompt: 'consent' as const, clientId, redirectTo };
      }
      return {
        uid: interaction.uid,
        prompt: 'login' as const,
        clientId,
        ...(loginHint ? { loginHint } : {}),
      };
    },
  );

  app.post(
    '/signin/:uid/login',
    {
      schema: {
        tags: ['identity'],
        params: ParamsSchema,
        body: SignInSchema,
        response: { 200: RedirectSchema },
      },
      config: { policy: 'public' },
    },
    async (request, reply) => {
      const attempt: SignInAttempt = {
        email: request.body.email,
        address: request.ip,
        deviceId: deviceOf(request.headers.cookie, request.body.email, deviceKey),
      };
      const wait = await throttle.waitSeconds(attempt);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError(429, 'rate_limited', 'Too many sign-in attempts. Please wait and try again.');
      }

      await load(request.params.uid, request, reply);

      let user;
      try {
        user = await authenticate(app.db, request.body.email, request.body.password);
      } catch (err) {
        if (err instanceof AppError && err.code === 'invalid_credentials') {
          const { accountFailures } = await throttle.recordFailure(attempt);
          if (accountFailures === FAILURES_BEFORE_MAIL) {
            // Once a window; best effort: a mail server down must not turn a wrong password into a 500.
            const deps = { db: app.db, mailer: app.mailer, baseUrl };
            await tellOwnerOfFailedSignIns(deps, request.body.email, accountFailures).catch(
              (mailError: unknown) =>
                request.log.warn({ err: mailError }, 'could not tell the owner about failed sign-ins'),
            );
          }
        }
        throw err;
      }

      await throttle.recordSuccess(attempt);
      await recordLogin(app.db, user.id, app.clock.now());
      const redirectTo = await finish(request, reply, { login: { accountId: user.id }, consent: {} });
      // Added to what the provider may have set on the raw reply (a Fastify header would replace it).
      const cookies = reply.raw.getHeader('set-cookie') ?? [];
      reply.raw.setHeader('set-cookie', [
        ...(Array.isArray(cookies) ? cookies : [String(cookies)]),
        deviceCookie(user.email, deviceKey, { deviceId: attempt.deviceId, secure: secureCookies }),
      ]);
      return { redirectTo };
    },
  );

  // An LTI launch's one-time code (docs/product/lti.md "Signing in from a launch"): the launch
  // verified the platform's id token and found or made the person; the SPA, at this sign-in page,
  // hands the code over and the provider signs that person in, as a password would.
  app.post(
    '/signin/:uid/lti',
    {
      schema: {
        tags: ['identity'],
        params: ParamsSchema,
        body: z.object({ code: z.string().min(1).max(100) }),
        response: { 200: RedirectSchema.extend({ landing: z.string() }) },
      },
      config: { policy: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await load(request.params.uid, request, reply);
      const taken = await takeLaunchCode(app.db, request.body.code, app.clock.now());
      const user = taken ? await findActiveUser(app.db, taken.userId) : null;
      if (!taken || !user)
        throw new AppError(400, 'lti_launch_refused', 'This launch has expired or was already used');
      await recordLogin(app.db, user.id, app.clock.now());
      const redirectTo = await finish(request, reply, { login: { accountId: user.id }, consent: {} });
      return { redirectTo, landing: taken.landing };
    },
  );

  app.post(
    '/signin/:uid/abort',
    {
      schema: { tags: ['identity'], params: ParamsSchema, response: { 200: RedirectSchema } },
      config: { policy: 'public' },
    },
    async (request, reply) => {
      await load(request.params.uid, request, reply);
      const redirectTo = await finish(request, reply, {
        error: 'access_denied',
        error_description: 'The user cancelled the sign-in',
      });
      return { redirectTo };
    },
  );
};

export default interactionRoutes;

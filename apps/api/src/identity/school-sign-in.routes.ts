import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  SchoolSignInLookupResultSchema,
  SchoolSignInLookupSchema,
} from '@vbuilder/shared';
import { publicUrl } from '../config.ts';
import { languageFromHeaders } from '../i18n/index.ts';
import { AppError } from '../lib/errors.ts';
import {
  beginSchoolSignIn,
  completeSchoolSignIn,
  lookupSchoolSignIn,
  type PendingSchoolSignIn,
} from '../modules/school-sign-in/school-sign-in.broker.ts';
import { CALLBACK_PATH } from '../modules/school-sign-in/school-sign-in.service.ts';
import { recordLogin } from './account.ts';
import { errorPage } from './pages.ts';

/**
 * The embedded provider brokering a school's own provider (docs/product/school-sign-in.md): the
 * sign-in page asks whether an email's domain belongs to a school (GET /signin/:uid/school), starts
 * there (POST, which answers the upstream authorization URL), and the school's provider returns to
 * CALLBACK_PATH, the one redirect URI every school registers. The state, nonce and PKCE verifier
 * travel in a signed HttpOnly cookie scoped to that path; the callback then finishes the embedded
 * provider's interaction as the account, so the SPA receives its usual code.
 */

const PENDING_COOKIE = 'vb_school_sign_in';
const ParamsSchema = z.object({ uid: z.string().min(1).max(100) });
const RedirectSchema = z.object({ redirectTo: z.string() });

const sign = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64url');

function readPending(cookieHeader: string | undefined, key: string): PendingSchoolSignIn | null {
  const value = cookieHeader ? parseCookie(cookieHeader)[PENDING_COOKIE] : undefined;
  if (!value) return null;
  const [body, given] = value.split('.');
  if (!body || !given) return null;
  const expected = Buffer.from(sign(key, body));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PendingSchoolSignIn;
  } catch {
    return null;
  }
}

const schoolSignInBrokerRoutes: FastifyPluginAsyncZod<{ provider: Provider; cookieKey: string }> = async (
  app,
  { provider, cookieKey },
) => {
  const baseUrl = publicUrl(app.config);
  const redirectUri = `${baseUrl}${CALLBACK_PATH}`;
  const secure = baseUrl.startsWith('https:');

  const pendingCookie = (value: string, maxAge: number) =>
    stringifySetCookie({
      name: PENDING_COOKIE,
      value,
      path: CALLBACK_PATH,
      maxAge,
      httpOnly: true,
      // The school's provider sends the browser back with a top-level GET: Lax lets the cookie through.
      sameSite: 'lax',
      secure,
    });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const loadInteraction = async (uid: string, request: FastifyRequest, reply: FastifyReply) => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === uid) return interaction;
    } catch {
      // answered below
    }
    throw new AppError(404, 'interaction_expired', 'This sign-in request has expired or does not exist');
  };

  app.get(
    '/signin/:uid/school',
    {
      schema: {
        tags: ['identity'],
        params: ParamsSchema,
        querystring: SchoolSignInLookupSchema,
        response: { 200: SchoolSignInLookupResultSchema, 404: ErrorResponseSchema },
      },
      config: { policy: 'public' },
    },
    async (request) => {
      const found = await lookupSchoolSignIn(app.db, request.query.email);
      if (!found) {
        throw new AppError(404, 'school_sign_in_not_found', 'No school signs in with this email address');
      }
      return { organizationName: found.organizationName };
    },
  );

  app.post(
    '/signin/:uid/school',
    {
      schema: {
        tags: ['identity'],
        params: ParamsSchema,
        body: SchoolSignInLookupSchema,
        response: { 200: RedirectSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
      config: { policy: 'public' },
    },
    async (request, reply) => {
      const interaction = await loadInteraction(request.params.uid, request, reply);
      const { url, pending } = await beginSchoolSignIn(app.db, {
        uid: interaction.uid,
        email: request.body.email,
        redirectUri,
        now: app.clock.now().getTime(),
      });
      const body = Buffer.from(JSON.stringify(pending)).toString('base64url');
      reply.header('set-cookie', pendingCookie(`${body}.${sign(cookieKey, body)}`, 600));
      return { redirectTo: url };
    },
  );

  app.get(CALLBACK_PATH, { schema: { hide: true }, config: { policy: 'public' } }, async (request, reply) => {
    const pending = readPending(request.headers.cookie, cookieKey);
    const language = languageFromHeaders(request.headers);
    reply.header('set-cookie', pendingCookie('', 0));
    const interaction = pending ? await provider.Interaction.find(pending.uid) : undefined;
    if (!pending || !interaction) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(
          errorPage(
            {
              error: 'invalid_request',
              error_description: 'The sign-in request has expired or was not started here',
            },
            baseUrl,
            language,
          ),
        );
    }
    const backToSignIn = (code: string) =>
      reply.redirect(
        `${baseUrl}/signin/${encodeURIComponent(pending.uid)}?${new URLSearchParams({ error: code })}`,
        303,
      );

    let user;
    try {
      user = await completeSchoolSignIn(app.db, pending, new URL(request.url, redirectUri), app.clock.now());
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      request.log.info({ code: err.code, reason: err.message }, 'school sign-in refused');
      return backToSignIn(err.code);
    }
    await recordLogin(app.db, user.id, app.clock.now());
    interaction.result = { login: { accountId: user.id }, consent: {} };
    await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
    return reply.redirect(interaction.returnTo, 303);
  });
};

export default schoolSignInBrokerRoutes;

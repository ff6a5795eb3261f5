import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActivateResponseSchema,
  ChangePasswordSchema,
  CreateOrganizationSchema,
  ForgotPasswordSchema,
  MessageResponseSchema,
  OrganizationSchema,
  ResendActivationSchema,
  ResetPasswordSchema,
  SignUpSchema,
  TokenSchema,
} from '@vbuilder/shared';
import { confirmEmailChange, undoEmailChange } from './email-change.service.ts';
import {
  accountsContext,
  activateAccount,
  changePassword,
  createOwnOrganization,
  forgotPassword,
  resendActivation,
  resetPassword,
  signUp,
} from './accounts.service.ts';

const WINDOW = '15 minutes';
/** Requests that send mail: few per address, so nobody floods a mailbox or probes many addresses. */
const MAILING_LIMIT = { max: 10, timeWindow: WINDOW };
/** Requests that use a link: links are unguessable, so this only caps hashing work per address. */
const LINK_LIMIT = { max: 30, timeWindow: WINDOW };
/** Guessing the current password with a stolen session: counted per account, not per address. */
const CHANGE_PASSWORD_LIMIT = {
  max: 10,
  timeWindow: WINDOW,
  keyGenerator: (req: FastifyRequest) => `user:${req.actor?.userId ?? req.ip}`,
};

const tags = ['accounts'];

/**
 * Account flows behind the public routes (docs/product/screens.md) (sign-up, activation, forgotten and reset password)
 * and the two steps a new user takes once signed in (change password, create organization).
 */
const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = accountsContext(app);

  app.post(
    '/accounts/sign-up',
    {
      schema: {
        tags,
        security: [],
        summary: 'Create an administrator account, pending until activated by mail',
        body: SignUpSchema,
        response: { 201: MessageResponseSchema },
      },
      config: { policy: 'public', rateLimit: MAILING_LIMIT },
    },
    async (req, reply) => reply.code(201).send(await signUp(ctx, req.body)),
  );

  app.post(
    '/accounts/activate',
    {
      schema: {
        tags,
        security: [],
        summary: 'Activate an account with the token of its activation link',
        body: TokenSchema,
        response: { 200: ActivateResponseSchema },
      },
      config: { policy: 'public', rateLimit: LINK_LIMIT },
    },
    (req) => activateAccount(ctx, req.body.token),
  );

  app.post(
    '/accounts/confirm-email',
    {
      schema: {
        tags,
        security: [],
        summary:
          'Move an account to its new email with the link mailed there (the old address is told, with a way back)',
        body: TokenSchema,
        response: { 200: ActivateResponseSchema },
      },
      config: { policy: 'public', rateLimit: LINK_LIMIT },
    },
    (req) => confirmEmailChange(ctx, req.body.token),
  );

  app.post(
    '/accounts/undo-email-change',
    {
      schema: {
        tags,
        security: [],
        summary:
          'Return an account to its previous email (link mailed there, 7 days) and sign every session out',
        body: TokenSchema,
        response: { 200: ActivateResponseSchema },
      },
      config: { policy: 'public', rateLimit: LINK_LIMIT },
    },
    (req) => undoEmailChange(ctx, req.body.token),
  );

  app.post(
    '/accounts/resend-activation',
    {
      schema: {
        tags,
        security: [],
        summary: 'Send a new activation link if the account is pending (always 202)',
        body: ResendActivationSchema,
        response: { 202: MessageResponseSchema },
      },
      config: { policy: 'public', rateLimit: MAILING_LIMIT },
    },
    async (req, reply) => reply.code(202).send(await resendActivation(ctx, req.body.email)),
  );

  app.post(
    '/accounts/forgot-password',
    {
      schema: {
        tags,
        security: [],
        summary: 'Send a password reset link if the account exists (always 202)',
        body: ForgotPasswordSchema,
        response: { 202: MessageResponseSchema },
      },
      config: { policy: 'public', rateLimit: MAILING_LIMIT },
    },
    async (req, reply) => reply.code(202).send(await forgotPassword(ctx, req.body.email)),
  );

  app.post(
    '/accounts/reset-password',
    {
      schema: {
        tags,
        security: [],
        summary: 'Set a new password with the token of a reset or invitation link',
        body: ResetPasswordSchema,
        response: { 200: MessageResponseSchema },
      },
      config: { policy: 'public', rateLimit: LINK_LIMIT },
    },
    (req) => resetPassword(ctx, req.body),
  );

  app.post(
    '/accounts/change-password',
    {
      schema: {
        tags,
        summary: "Change the caller's password (clears must_change_password)",
        body: ChangePasswordSchema,
        response: { 200: MessageResponseSchema },
      },
      config: { policy: 'authenticated', rateLimit: CHANGE_PASSWORD_LIMIT },
    },
    (req) => changePassword(ctx, req.actor, req.body),
  );

  app.post(
    '/accounts/organization',
    {
      schema: {
        tags,
        summary: 'Create an organization for a user without one and make them its Administrator',
        body: CreateOrganizationSchema,
        response: { 201: OrganizationSchema },
      },
      config: { policy: 'authenticated' },
    },
    async (req, reply) => reply.code(201).send(await createOwnOrganization(ctx, req.actor, req.body)),
  );
};

export default accountsRoutes;

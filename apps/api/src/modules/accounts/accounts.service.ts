import type { FastifyInstance } from 'fastify';
import {
  FALLBACK_LANGUAGE,
  isSuperAdministrator,
  type ActivateResponse,
  type ChangePasswordInput,
  type CreateOrganizationInput,
  type Organization,
  type ResetPasswordInput,
  type SignUpInput,
} from '@vbuilder/shared';
import { publicUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { endSessionsOf } from '../../identity/sessions.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Actor } from '../../types.d.ts';
import type { Mailer } from '../mail/mailer.ts';
import { emitNotification } from '../notifications/notifications.service.ts';
import { newOrganization, toOrganization } from '../organizations/organizations.service.ts';
import { findUserByEmail, findUserById, retireAccountTokens, updateUser } from '../users/users.repository.ts';
import { checkAccountToken, consumeAccountToken, issueAccountToken } from '../users/users.tokens.ts';
import {
  activationLink,
  activationMail,
  resetLink,
  resetPasswordMail,
  signUpAttemptMail,
} from './accounts.mails.ts';
import { insertOrganization, insertUserIfEmailFree, joinOrganization } from './accounts.repository.ts';
import { assertStrongPassword, passwordOwnerOf } from './password-policy.ts';

/** What the account flows need from the app: the database, time, mail and the site's address for links. */
export interface AccountsContext {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  baseUrl: string;
  /** The notifications' job queue (an accepted invitation tells the inviter). */
  jobs: JobQueue;
}

export const accountsContext = (app: FastifyInstance): AccountsContext => ({
  db: app.db,
  clock: app.clock,
  mailer: app.mailer,
  baseUrl: publicUrl(app.config),
  jobs: app.jobs,
});

/** The role a person who signs up gets: they will run the organization they create next. */
const SIGN_UP_ROLE = 'Administrator';

const accountInactive = () => new AppError(403, 'account_inactive', 'This account has been deactivated');

export const SIGN_UP_MESSAGE =
  'Thank you for signing up. We have sent you an email with a link to activate your account.';
export const RESEND_ACTIVATION_MESSAGE =
  'If an account with this email is waiting for activation, we have sent it a new activation link.';
export const FORGOT_PASSWORD_MESSAGE =
  'If an account with this email exists, we have sent it a link to choose a new password.';

/**
 * Signs up a new administrator account, pending until the mailbox is confirmed. An email that
 * already has an account gets the same answer (no account enumeration) and its owner a mail:
 * a fresh activation link if still pending, otherwise a notice with a reset link.
 */
export async function signUp(ctx: AccountsContext, input: SignUpInput): Promise<{ message: string }> {
  // Judged on the request alone, so the answer says nothing about whether the email has an account.
  await assertStrongPassword(input.password, { name: input.name, email: input.email }, 'password');
  // Hash on every path so that the answer takes as long for a taken email as for a new one.
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();

  const created = await ctx.db.transaction(async (tx) => {
    const user = await insertUserIfEmailFree(tx, {
      email: input.email,
      name: input.name,
      role: SIGN_UP_ROLE,
      organizationId: null,
      language: input.language ?? FALLBACK_LANGUAGE,
      status: 'pending',
      passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    if (!user) return null;
    const token = await issueAccountToken(tx, { userId: user.id, purpose: 'activate', now });
    return { user, token };
  });

  if (created) {
    await ctx.mailer.send(
      activationMail(created.user, activationLink(ctx.baseUrl, created.token, created.user.language)),
    );
    return { message: SIGN_UP_MESSAGE };
  }

  const existing = await findUserByEmail(ctx.db, input.email);
  if (!existing) return { message: SIGN_UP_MESSAGE };

  if (existing.status === 'pending') {
    // Nobody has proved this mailbox yet, so the latest sign-up's name and password win, and
    // earlier activation links are retired: the link a person receives activates the password
    // they just chose, never one someone else set up for their address beforehand.
    const token = await ctx.db.transaction(async (tx) => {
      await updateUser(tx, existing.id, {
        name: input.name,
        passwordHash,
        ...(input.language ? { language: input.language } : {}),
      });
      await retireAccountTokens(tx, existing.id, ['activate'], now);
      return issueAccountToken(tx, { userId: existing.id, purpose: 'activate', now });
    });
    await ctx.mailer.send(
      activationMail(
        { email: existing.email, name: input.name, language: input.language ?? existing.language },
        activationLink(ctx.baseUrl, token, input.language ?? existing.language),
      ),
    );
  } else if (existing.status === 'inactive') {
    await ctx.mailer.send(signUpAttemptMail(existing, null));
  } else {
    const token = await issueAccountToken(ctx.db, { userId: existing.id, purpose: 'reset', now });
    await ctx.mailer.send(signUpAttemptMail(existing, resetLink(ctx.baseUrl, token, existing.language)));
  }
  return { message: SIGN_UP_MESSAGE };
}

/** Activates the account an activation link was sent to; the link is spent in the same transaction. */
export async function activateAccount(ctx: AccountsContext, token: string): Promise<ActivateResponse> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { userId } = await consumeAccountToken(tx, { token, purposes: ['activate'], now });
    const user = await findUserById(tx, userId);
    if (!user) throw badRequest('invalid_token', 'This link is not valid');
    if (user.status === 'inactive') throw accountInactive();
    if (user.status !== 'active') await updateUser(tx, user.id, { status: 'active' });
    return { message: 'Your account is now active. You can sign in.', email: user.email };
  });
}

/** Sends a fresh activation link when the account is waiting for activation; silent otherwise. */
export async function resendActivation(ctx: AccountsContext, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx.db, email);
  if (user?.status === 'pending') {
    const token = await issueAccountToken(ctx.db, {
      userId: user.id,
      purpose: 'activate',
      now: ctx.clock.now(),
    });
    await ctx.mailer.send(activationMail(user, activationLink(ctx.baseUrl, token, user.language)));
  }
  return { message: RESEND_ACTIVATION_MESSAGE };
}

/** Sends a password reset link to an existing account that is not deactivated; silent otherwise. */
export async function forgotPassword(ctx: AccountsContext, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx.db, email);
  if (user && user.status !== 'inactive') {
    const token = await issueAccountToken(ctx.db, {
      userId: user.id,
      purpose: 'reset',
      now: ctx.clock.now(),
    });
    await ctx.mailer.send(resetPasswordMail(user, resetLink(ctx.baseUrl, token, user.language)));
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

/**
 * Sets a new password from a reset (or invitation) link. The link proves the mailbox, so it
 * also activates a pending or invited account and clears must_change_password.
 */
export async function resetPassword(
  ctx: AccountsContext,
  input: ResetPasswordInput,
): Promise<{ message: string }> {
  const purposes = ['reset', 'invite'] as const;
  // Refuse a bad link before paying for a password hash.
  const link = await checkAccountToken(ctx.db, { token: input.token, purposes, now: ctx.clock.now() });
  const owner = await findUserById(ctx.db, link.userId);
  if (owner) await assertStrongPassword(input.password, await passwordOwnerOf(ctx.db, owner), 'password');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { userId, purpose } = await consumeAccountToken(tx, { token: input.token, purposes, now });
    const user = await findUserById(tx, userId);
    if (!user) throw badRequest('invalid_token', 'This link is not valid');
    if (user.status === 'inactive') throw accountInactive();
    await updateUser(tx, user.id, { passwordHash, mustChangePassword: false, status: 'active' });
    await retireAccountTokens(tx, user.id, ['activate'], now);
    // Whoever knew the old password is out: every session ends with it.
    await endSessionsOf(tx, user.id, null, now);
    // The first password set from an invitation is its acceptance: the inviter is told.
    if (purpose === 'invite' && user.status === 'pending') {
      await emitNotification(
        ctx.jobs,
        { kind: 'invitation_accepted', userId: user.id },
        { tx, key: user.id },
      );
    }
  });
  return { message: 'Your password has been changed. You can now sign in with it.' };
}

/** Changes the caller's password after checking the current one; clears must_change_password. */
export async function changePassword(
  ctx: AccountsContext,
  actor: Actor,
  input: ChangePasswordInput,
): Promise<{ message: string }> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw badRequest('wrong_password', 'The current password is incorrect');
  }
  if (input.newPassword.normalize('NFKC') === input.currentPassword.normalize('NFKC')) {
    throw badRequest('password_unchanged', 'The new password must be different from the current one', [
      { path: ['newPassword'], message: 'validation.passwordUnchanged' },
    ]);
  }
  await assertStrongPassword(input.newPassword, await passwordOwnerOf(ctx.db, user), 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, mustChangePassword: false });
    // A reset link mailed before the change must not undo it.
    await retireAccountTokens(tx, user.id, ['reset'], ctx.clock.now());
    // Every other session ends with the old password; this one goes on.
    await endSessionsOf(tx, user.id, actor.sessionId, ctx.clock.now());
  });
  return { message: 'Your password has been changed.' };
}

/**
 * Creates an organization for a signed-in user who has none and makes them its Administrator,
 * both in one transaction. Super administrators run the platform and never join one.
 */
export async function createOwnOrganization(
  ctx: AccountsContext,
  actor: Actor,
  input: CreateOrganizationInput,
): Promise<Organization> {
  if (isSuperAdministrator(actor.role)) {
    throw forbidden('A super administrator does not belong to an organization');
  }
  const alreadyIn = () =>
    conflict('already_in_organization', 'Your account already belongs to an organization');
  if (actor.organizationId) throw alreadyIn();
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await insertOrganization(tx, newOrganization(input, now));
    const joined = await joinOrganization(tx, actor.userId, row.id, 'Administrator');
    if (!joined) throw alreadyIn();
    return toOrganization(row);
  });
}

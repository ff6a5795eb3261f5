import type { UserRow } from '../../db/schema/index.ts';
import { endSessionsOf } from '../../identity/sessions.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { findUserByEmail, findUserById, retireAccountTokens, updateUser } from '../users/users.repository.ts';
import { consumeAccountToken, issueAccountToken } from '../users/users.tokens.ts';
import { emailChangedMail, emailConfirmMail } from './accounts.mails.ts';
import type { AccountsContext } from './accounts.service.ts';

/**
 * Changing the address an account signs in and resets its password with. With a
 * stolen session alone it must not be possible to take the account over through "forgot
 * password", so: the current password is asked for, the new address must be confirmed from a link
 * mailed to it (until then the old one stays), and once it changes the old address is told, with
 * a link that undoes the change within 7 days and signs every session out.
 */

const emailTaken = () => conflict('email_taken', 'An account with this email already exists');

export const confirmEmailLink = (baseUrl: string, token: string, language: string | null) =>
  `${baseUrl}/confirm-email?${new URLSearchParams({ token, lng: language ?? 'en' })}`;
export const undoEmailLink = (baseUrl: string, token: string, language: string | null) =>
  `${baseUrl}/undo-email-change?${new URLSearchParams({ token, lng: language ?? 'en' })}`;

/**
 * Whether `user` may move to `newEmail` (normalized, different from the current one): the current
 * password is right and nobody holds the address. Checked before anything of the request is saved.
 */
export async function checkEmailChange(
  ctx: Pick<AccountsContext, 'db'>,
  user: UserRow,
  newEmail: string,
  currentPassword: string | undefined,
): Promise<void> {
  if (!currentPassword) {
    throw badRequest('validation_error', 'Enter your current password to change your email', [
      { path: ['currentPassword'], message: 'validation.currentPasswordRequired' },
    ]);
  }
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    throw badRequest('wrong_password', 'The current password is incorrect', [
      { path: ['currentPassword'], message: 'validation.currentPasswordWrong' },
    ]);
  }
  const holder = await findUserByEmail(ctx.db, newEmail);
  if (holder && holder.id !== user.id) throw emailTaken();
}

/** Mails the link that confirms the change to the new address; nothing about the account changes yet. */
export async function requestEmailChange(
  ctx: AccountsContext,
  user: UserRow,
  newEmail: string,
): Promise<void> {
  const now = ctx.clock.now();
  const token = await ctx.db.transaction(async (tx) => {
    // Only the latest request counts: an earlier link to another address stops working.
    await retireAccountTokens(tx, user.id, ['email_change'], now);
    return issueAccountToken(tx, {
      userId: user.id,
      purpose: 'email_change',
      now,
      data: { email: newEmail },
    });
  });
  await ctx.mailer.send(
    emailConfirmMail({ ...user, email: newEmail }, confirmEmailLink(ctx.baseUrl, token, user.language)),
  );
}

/** POST /accounts/confirm-email: the new address proved; the account moves to it, the old one is told. */
export async function confirmEmailChange(
  ctx: AccountsContext,
  token: string,
): Promise<{ message: string; email: string }> {
  const now = ctx.clock.now();
  const { user, previous, undoToken } = await ctx.db.transaction(async (tx) => {
    const { userId, data } = await consumeAccountToken(tx, { token, purposes: ['email_change'], now });
    const current = await findUserById(tx, userId);
    if (!current || !data) throw badRequest('invalid_token', 'This link is not valid');
    const holder = await findUserByEmail(tx, data.email);
    if (holder && holder.id !== userId) throw emailTaken();
    const updated = (await updateUser(tx, userId, { email: data.email }))!;
    // A reset link mailed to the old address must not reach the account any more.
    await retireAccountTokens(tx, userId, ['reset', 'email_undo'], now);
    const undo = await issueAccountToken(tx, {
      userId,
      purpose: 'email_undo',
      now,
      data: { email: current.email },
    });
    return { user: updated, previous: current, undoToken: undo };
  });
  await ctx.mailer.send(
    emailChangedMail(previous, {
      newEmail: user.email,
      undoLink: undoEmailLink(ctx.baseUrl, undoToken, user.language),
    }),
  );
  return { message: 'Your email address has been changed.', email: user.email };
}

/**
 * POST /accounts/undo-email-change: from the old address, within 7 days. The account returns to
 * it and every session is signed out (whoever changed it is out); the owner then signs in, or
 * chooses a new password through "forgot password", with their own address.
 */
export async function undoEmailChange(
  ctx: AccountsContext,
  token: string,
): Promise<{ message: string; email: string }> {
  const now = ctx.clock.now();
  const email = await ctx.db.transaction(async (tx) => {
    const { userId, data } = await consumeAccountToken(tx, { token, purposes: ['email_undo'], now });
    if (!data) throw badRequest('invalid_token', 'This link is not valid');
    const holder = await findUserByEmail(tx, data.email);
    if (holder && holder.id !== userId) throw emailTaken();
    await updateUser(tx, userId, { email: data.email });
    await retireAccountTokens(tx, userId, ['reset', 'email_change'], now);
    await endSessionsOf(tx, userId, null, now);
    return data.email;
  });
  return { message: 'Your email address is back and every session has been signed out.', email };
}

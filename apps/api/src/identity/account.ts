import type { Account } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../lib/passwords.ts';
import { failedSignInsMail } from '../modules/accounts/accounts.mails.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import { findUserByEmail, findUserById, updateUser } from '../modules/users/users.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which claims each scope releases. role and organization_id ride on `openid` so every ID token
 * carries them (docs/security.md); the API still reads both from the database, never from a token.
 */
export const SCOPE_CLAIMS = {
  openid: ['sub', 'role', 'organization_id'],
  email: ['email'],
  profile: ['name'],
} as const;

export const userClaims = (user: UserRow) => ({
  sub: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  organization_id: user.organizationId,
});

/** An account the provider may issue tokens for: only active users. */
export async function findActiveUser(db: Db, id: string): Promise<UserRow | null> {
  // Subjects come from tokens and cookies; a non-uuid would make PostgreSQL throw, not miss.
  if (!UUID.test(id)) return null;
  const user = await findUserById(db, id);
  return user && user.status === 'active' ? user : null;
}

/**
 * oidc-provider's findAccount. Answering "no account" for a deactivated or unactivated user ends
 * everything tied to them at the next use: refresh grants fail (invalid_grant), an existing
 * provider session counts as signed out, and no new code is issued.
 */
export const findAccount =
  (db: Db) =>
  async (_ctx: unknown, id: string): Promise<Account | undefined> => {
    const user = await findActiveUser(db, id);
    if (!user) return undefined;
    return { accountId: user.id, claims: () => userClaims(user) };
  };

/**
 * Checks an email and password. Unknown emails are compared against a dummy hash so that both
 * failures cost the same hashing time and give the same answer. The account's state is revealed
 * only to someone who knew its password.
 */
export async function authenticate(db: Db, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  const hash = user?.passwordHash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(password, hash);
  if (!user || !user.passwordHash || !matches) {
    throw new AppError(401, 'invalid_credentials', 'The email or password is incorrect');
  }
  if (user.status === 'pending') {
    throw new AppError(403, 'account_not_activated', 'The account is not activated yet');
  }
  if (user.status !== 'active') {
    throw new AppError(403, 'account_inactive', 'The account has been deactivated');
  }
  // A hash of an older scheme or parameters is replaced now that the password is known.
  if (needsRehash(user.passwordHash)) {
    return (await updateUser(db, user.id, { passwordHash: await hashPassword(password) })) ?? user;
  }
  return user;
}

/** The login status and last login, kept on the user row. */
export const recordLogin = (db: Db, userId: string, now: Date) =>
  updateUser(db, userId, { lastLoginAt: now, loginStatus: 'logged_in' });

export const recordLogout = (db: Db, userId: string) => updateUser(db, userId, { loginStatus: 'logged_out' });

/**
 * Tells an active account's owner that someone keeps failing to sign in to it, with a
 * link to choose a new password on the page in their language. Nothing is said about unknown or
 * inactive accounts.
 */
export async function tellOwnerOfFailedSignIns(
  deps: { db: Db; mailer: Mailer; baseUrl: string },
  email: string,
  failures: number,
): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.status !== 'active') return;
  const forgotLink = `${deps.baseUrl}/forgotpassword?${new URLSearchParams({ lng: user.language ?? 'en' })}`;
  await deps.mailer.send(failedSignInsMail(user, { failures, forgotLink }));
}

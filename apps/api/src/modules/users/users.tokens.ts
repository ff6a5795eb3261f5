import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  findAccountTokenByHash,
  insertAccountToken,
  markAccountTokenUsed,
  retireAccountTokens,
} from './users.repository.ts';

/**
 * What a one-time link in a mail is for. Invitations set a first password like a reset does; an
 * email change is confirmed from the new address, and can be undone from the old one.
 */
export type AccountTokenPurpose = 'activate' | 'reset' | 'invite' | 'email_change' | 'email_undo';

const LIFETIME_HOURS: Record<AccountTokenPurpose, number> = {
  activate: LIMITS.activationLinkHours,
  reset: LIMITS.resetLinkHours,
  invite: LIMITS.activationLinkHours,
  email_change: LIMITS.emailChangeLinkHours,
  email_undo: LIMITS.emailChangeUndoDays * 24,
};

/** What an email change's links carry: the address the account moves to, or returns to. */
export interface AccountTokenData {
  email: string;
}

/** Only this hash is stored, so a copy of the database does not hold usable links. */
export const hashAccountToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Creates a one-time link token for a user and returns it in the clear (to be mailed, never stored). */
export async function issueAccountToken(
  db: DbOrTx,
  input: { userId: string; purpose: AccountTokenPurpose; now: Date; data?: AccountTokenData },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertAccountToken(db, {
    userId: input.userId,
    purpose: input.purpose,
    data: input.data ?? null,
    tokenHash: hashAccountToken(token),
    expiresAt: new Date(input.now.getTime() + LIFETIME_HOURS[input.purpose] * 3_600_000),
    createdAt: input.now,
  });
  return token;
}

/**
 * Checks a token without using it: exists, is for one of these purposes, unused, unexpired.
 * Lets a route refuse a bad link before doing expensive work (hashing a new password).
 * Throws 400 invalid_token (unknown, used or wrong purpose) or token_expired.
 */
export async function checkAccountToken(
  db: DbOrTx,
  input: { token: string; purposes: readonly AccountTokenPurpose[]; now: Date },
) {
  const row = await findAccountTokenByHash(db, hashAccountToken(input.token));
  const purpose = row?.purpose as AccountTokenPurpose | undefined;
  if (!row || row.usedAt || !purpose || !input.purposes.includes(purpose)) {
    throw badRequest('invalid_token', 'This link is not valid');
  }
  if (row.expiresAt.getTime() <= input.now.getTime()) {
    throw badRequest('token_expired', 'This link has expired');
  }
  return { id: row.id, userId: row.userId, purpose, data: (row.data as AccountTokenData | null) ?? null };
}

/**
 * Uses a token: checks it as checkAccountToken does, then marks it and the user's other
 * outstanding links of the same purposes used. Call it inside the transaction that applies the
 * token's effect, so the link is spent exactly when the effect happens (and stays valid if the
 * effect fails and rolls back).
 */
export async function consumeAccountToken(
  tx: DbOrTx,
  input: { token: string; purposes: readonly AccountTokenPurpose[]; now: Date },
): Promise<{ userId: string; purpose: AccountTokenPurpose; data: AccountTokenData | null }> {
  const { id, userId, purpose, data } = await checkAccountToken(tx, input);
  // Conditional update: of two concurrent uses of one link, exactly one wins.
  if (!(await markAccountTokenUsed(tx, id, input.now))) {
    throw badRequest('invalid_token', 'This link is not valid');
  }
  await retireAccountTokens(tx, userId, input.purposes, input.now);
  return { userId, purpose, data };
}

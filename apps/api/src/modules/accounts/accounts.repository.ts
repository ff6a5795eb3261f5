import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountTokens, users, type UserRow } from '../../db/schema/index.ts';

export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type NewAccountToken = typeof accountTokens.$inferInsert;
export type NewUserRow = typeof users.$inferInsert;

export async function insertAccountToken(db: DbOrTx, values: NewAccountToken): Promise<AccountTokenRow> {
  const [row] = await db.insert(accountTokens).values(values).returning();
  return row!;
}

export async function findAccountTokenByHash(db: DbOrTx, tokenHash: string): Promise<AccountTokenRow | null> {
  const [row] = await db.select().from(accountTokens).where(eq(accountTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** Marks a token used only if nobody used it first; false when a concurrent request won. */
export async function markAccountTokenUsed(db: DbOrTx, id: string, usedAt: Date): Promise<boolean> {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return rows.length === 1;
}

/** Retires a user's outstanding links of these purposes (older mails stop working once one is used). */
export async function retireAccountTokens(
  db: DbOrTx,
  userId: string,
  purposes: readonly string[],
  usedAt: Date,
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt })
    .where(
      and(
        eq(accountTokens.userId, userId),
        inArray(accountTokens.purpose, [...purposes]),
        isNull(accountTokens.usedAt),
      ),
    );
}

/** Inserts a user unless the email is taken (concurrent sign-ups); null when it was. */
export async function insertUserIfEmailFree(db: DbOrTx, values: NewUserRow): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.trim().toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

// One insert for organizations, wherever they are created from (sign-up, Super Administrator, CLI).
export { insertOrganization } from '../organizations/organizations.repository.ts';

/**
 * Puts a user who has no organization into one with the given role; null if the user already
 * had one by then (a concurrent request), so the caller can roll back.
 */
export async function joinOrganization(
  db: DbOrTx,
  userId: string,
  organizationId: string,
  role: string,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ organizationId, role, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.organizationId)))
    .returning();
  return row ?? null;
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';

export type NewUserRow = typeof users.$inferInsert;

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

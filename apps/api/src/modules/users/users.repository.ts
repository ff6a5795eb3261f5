import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserInOrganization(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)))
    .limit(1);
  return row ?? null;
}

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.trim().toLowerCase() })
    .returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<NewUser>): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function countUsersByRole(db: DbOrTx, organizationId: string | null) {
  const rows = await db
    .select({ role: users.role, count: sql<number>`count(*)::int` })
    .from(users)
    .where(organizationId ? eq(users.organizationId, organizationId) : undefined)
    .groupBy(users.role);
  return rows;
}

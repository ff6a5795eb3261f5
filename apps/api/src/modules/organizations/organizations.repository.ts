import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { organizations, type OrganizationRow } from '../../db/schema/index.ts';

export type NewOrganization = typeof organizations.$inferInsert;

export async function insertOrganization(db: DbOrTx, values: NewOrganization): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  return row!;
}

export async function findOrganizationById(db: DbOrTx, id: string): Promise<OrganizationRow | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row ?? null;
}

export async function countOrganizations(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(organizations);
  return row?.count ?? 0;
}

import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { organizations, users, type OrganizationRow, type UserRow } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/text.ts';
import { ADMINISTRATOR_ROLES } from '../users/users.repository.ts';

export type NewOrganization = typeof organizations.$inferInsert;
export type OrganizationChanges = Partial<
  Pick<NewOrganization, 'name' | 'type' | 'email' | 'phone' | 'address' | 'postalCode'>
>;

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

export async function updateOrganization(
  db: DbOrTx,
  id: string,
  values: OrganizationChanges & { updatedAt: Date },
): Promise<OrganizationRow | null> {
  const [row] = await db.update(organizations).set(values).where(eq(organizations.id, id)).returning();
  return row ?? null;
}

export interface OrganizationListOptions {
  search?: string | undefined;
  sort: 'name' | 'createdAt' | 'userCount';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/**
 * One page of every organization with its number of users (the Super Administrator's list).
 * Search matches name or email; id breaks ties so pages never repeat or skip a row.
 */
export async function listOrganizations(db: DbOrTx, options: OrganizationListOptions) {
  const memberCounts = db
    .select({ organizationId: users.organizationId, count: sql<number>`count(*)::int`.as('member_count') })
    .from(users)
    .groupBy(users.organizationId)
    .as('member_counts');
  const userCount = sql<number>`coalesce(${memberCounts.count}, 0)::int`;

  const where = options.search
    ? or(
        ilike(organizations.name, containsPattern(options.search)),
        ilike(organizations.email, containsPattern(options.search)),
      )
    : undefined;
  const direction = options.order === 'desc' ? desc : asc;
  const sortKey: Record<OrganizationListOptions['sort'], SQL> = {
    name: sql`lower(${organizations.name})`,
    createdAt: sql`${organizations.createdAt}`,
    userCount,
  };

  const [rows, [total]] = await Promise.all([
    db
      .select({ organization: organizations, userCount })
      .from(organizations)
      .leftJoin(memberCounts, eq(memberCounts.organizationId, organizations.id))
      .where(where)
      .orderBy(direction(sortKey[options.sort]), asc(organizations.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(organizations)
      .where(where),
  ]);
  return { rows, total: total?.count ?? 0 };
}

/** The organization's administrators, whatever their status, by name. */
export async function listOrganizationAdministrators(db: DbOrTx, organizationId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), inArray(users.role, ADMINISTRATOR_ROLES)))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

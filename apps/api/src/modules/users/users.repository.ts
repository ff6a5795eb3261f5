import { and, asc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountTokens, endedSessions, organizations, users, type UserRow } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/text.ts';

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

/** What the auth hook needs of a caller, and nothing more (never the password hash). */
const actorColumns = {
  id: users.id,
  organizationId: users.organizationId,
  role: users.role,
  status: users.status,
  language: users.language,
};
export type ActorRow = Pick<UserRow, keyof typeof actorColumns>;

/**
 * The caller behind a token: by id (our provider) or by email (an external issuer), and whether
 * the token's session (`sid`) has been ended since (sign-out, password change): read in the same
 * statement, so checking it costs no extra round trip on every request.
 */
export async function findActorRow(
  db: DbOrTx,
  by: { id: string } | { email: string },
  sid: string | null = null,
): Promise<(ActorRow & { sessionEnded: boolean }) | null> {
  const where = 'id' in by ? eq(users.id, by.id) : eq(users.email, by.email.trim().toLowerCase());
  const sessionEnded = sid
    ? sql<boolean>`exists (select 1 from ${endedSessions} where ${endedSessions.sid} = ${sid})`
    : sql<boolean>`false`;
  const [row] = await db
    .select({ ...actorColumns, sessionEnded })
    .from(users)
    .where(where)
    .limit(1);
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

/** Roles that run an organization ('user' is the legacy name of Administrator). */
export const ADMINISTRATOR_ROLES = ['Administrator', 'user'];

/** A user with the name of their organization, as the users tables show them. */
export type UserWithOrganization = UserRow & { organizationName: string | null };

const withOrganization = {
  user: users,
  organizationName: organizations.name,
};

const flatten = (r: { user: UserRow; organizationName: string | null }): UserWithOrganization => ({
  ...r.user,
  organizationName: r.organizationName,
});

/** One user with their organization's name; with organizationId, only if they belong to it. */
export async function findUserWithOrganization(
  db: DbOrTx,
  id: string,
  organizationId?: string,
): Promise<UserWithOrganization | null> {
  const [row] = await db
    .select(withOrganization)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.id, id), organizationId ? eq(users.organizationId, organizationId) : undefined))
    .limit(1);
  return row ? flatten(row) : null;
}

export interface UserListFilter {
  /** Undefined lists every organization (and users without one): the Super Administrator's view. */
  organizationId?: string;
  search?: string | undefined;
  /** 'Administrator' also matches the legacy 'user' role, which is displayed as Administrator. */
  role?: string | undefined;
  status?: string | undefined;
}

export interface UserListOrder {
  sort: 'name' | 'email' | 'role' | 'status' | 'createdAt' | 'lastLoginAt';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

function listConditions(filter: UserListFilter): SQL | undefined {
  const search = filter.search?.trim();
  return and(
    filter.organizationId ? eq(users.organizationId, filter.organizationId) : undefined,
    search
      ? or(ilike(users.name, containsPattern(search)), ilike(users.email, containsPattern(search)))
      : undefined,
    filter.role === 'Administrator'
      ? inArray(users.role, ADMINISTRATOR_ROLES)
      : filter.role
        ? eq(users.role, filter.role)
        : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
  );
}

const SORT_COLUMNS = {
  name: sql`lower(${users.name})`,
  email: users.email,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
} as const;

/** One page of users, sorted on the server with the id as tie-break so pages never overlap. */
export async function listUsers(
  db: DbOrTx,
  filter: UserListFilter,
  order: UserListOrder,
): Promise<{ rows: UserWithOrganization[]; total: number }> {
  const where = listConditions(filter);
  const column = SORT_COLUMNS[order.sort];
  // Never-logged-in users go last whichever way the column is sorted.
  const direction = order.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  // One after the other: in a transaction both would queue on one connection anyway.
  const rows = await db
    .select(withOrganization)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(where)
    .orderBy(sql`${column} ${direction}`, asc(users.id))
    .limit(order.pageSize)
    .offset((order.page - 1) * order.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return { rows: rows.map(flatten), total: count?.total ?? 0 };
}

/** Inserts users whose email is free, skipping taken ones (also concurrent inserts); returns those inserted. */
export async function insertUsersIfEmailsFree(db: DbOrTx, values: NewUser[]): Promise<UserRow[]> {
  if (!values.length) return [];
  return db
    .insert(users)
    .values(values.map((v) => ({ ...v, email: v.email.trim().toLowerCase() })))
    .onConflictDoNothing({ target: users.email })
    .returning();
}

/** The ones among these (lower-case) emails that already have an account. */
export async function findTakenEmails(db: DbOrTx, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return new Set(rows.map((r) => r.email));
}

export async function deleteUser(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length === 1;
}

/**
 * The organization people are added to or listed in: its id and name, null when there is none.
 * Organizations build on users (their members and first administrator), so users read the one
 * column they show here rather than import the organizations module.
 */
export async function findOrganizationName(
  db: DbOrTx,
  id: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Locks an organization's row until the transaction ends, so that two requests checking "is
 * another administrator left?" for the same organization run one after the other.
 */
export async function lockOrganization(db: DbOrTx, organizationId: string): Promise<void> {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
}

/** Active administrators of an organization other than this user. */
export async function countOtherActiveAdministrators(
  db: DbOrTx,
  organizationId: string,
  exceptUserId: string,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        inArray(users.role, ADMINISTRATOR_ROLES),
        eq(users.status, 'active'),
        ne(users.id, exceptUserId),
      ),
    );
  return row?.count ?? 0;
}

// One-time links of an account (users.tokens.ts): they go with the user (account_tokens cascade).
export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type NewAccountToken = typeof accountTokens.$inferInsert;

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

import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  organizations,
  schoolSignIn,
  schoolSignInDomains,
  schoolSignInLinks,
  type SchoolSignInRow,
} from '../../db/schema/index.ts';

export async function findSchoolSignIn(db: DbOrTx, organizationId: string): Promise<SchoolSignInRow | null> {
  const [row] = await db
    .select()
    .from(schoolSignIn)
    .where(eq(schoolSignIn.organizationId, organizationId))
    .limit(1);
  return row ?? null;
}

export async function listDomains(db: DbOrTx, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: schoolSignInDomains.domain })
    .from(schoolSignInDomains)
    .where(eq(schoolSignInDomains.organizationId, organizationId))
    .orderBy(schoolSignInDomains.domain);
  return rows.map((r) => r.domain);
}

/** Which of these domains another organization already owns. */
export async function domainsOwnedElsewhere(
  db: DbOrTx,
  organizationId: string,
  domains: string[],
): Promise<string[]> {
  if (!domains.length) return [];
  const rows = await db
    .select({ domain: schoolSignInDomains.domain })
    .from(schoolSignInDomains)
    .where(
      and(
        inArray(schoolSignInDomains.domain, domains),
        ne(schoolSignInDomains.organizationId, organizationId),
      ),
    );
  return rows.map((r) => r.domain);
}

export async function saveSchoolSignIn(
  db: DbOrTx,
  values: typeof schoolSignIn.$inferInsert,
  domains: string[],
): Promise<SchoolSignInRow> {
  const [row] = await db
    .insert(schoolSignIn)
    .values(values)
    .onConflictDoUpdate({ target: schoolSignIn.organizationId, set: values })
    .returning();
  await db.delete(schoolSignInDomains).where(eq(schoolSignInDomains.organizationId, values.organizationId));
  if (domains.length) {
    await db
      .insert(schoolSignInDomains)
      .values(domains.map((domain) => ({ domain, organizationId: values.organizationId })));
  }
  return row!;
}

/** The enabled provider a mail domain leads to, with its organization's name. */
export async function findByDomain(db: DbOrTx, domain: string) {
  const [row] = await db
    .select({ settings: schoolSignIn, organizationName: organizations.name })
    .from(schoolSignInDomains)
    .innerJoin(schoolSignIn, eq(schoolSignIn.organizationId, schoolSignInDomains.organizationId))
    .innerJoin(organizations, eq(organizations.id, schoolSignInDomains.organizationId))
    .where(and(eq(schoolSignInDomains.domain, domain), eq(schoolSignIn.enabled, true)))
    .limit(1);
  return row ?? null;
}

export async function findLink(db: DbOrTx, issuer: string, subject: string) {
  const [row] = await db
    .select()
    .from(schoolSignInLinks)
    .where(and(eq(schoolSignInLinks.issuer, issuer), eq(schoolSignInLinks.subject, subject)))
    .limit(1);
  return row ?? null;
}

export async function insertLink(db: DbOrTx, values: typeof schoolSignInLinks.$inferInsert) {
  await db.insert(schoolSignInLinks).values(values).onConflictDoNothing();
}

import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  assessments,
  ltiDeepLinkSessions,
  ltiLaunchCodes,
  ltiLoginStates,
  ltiNonces,
  ltiPlatformUsers,
  ltiRegistrations,
  ltiResourceLinks,
  type LtiRegistrationRow,
} from '../../db/schema/index.ts';

export type NewLtiRegistration = typeof ltiRegistrations.$inferInsert;

export async function listRegistrations(db: DbOrTx, organizationId: string) {
  return db
    .select()
    .from(ltiRegistrations)
    .where(eq(ltiRegistrations.organizationId, organizationId))
    .orderBy(asc(ltiRegistrations.createdAt), asc(ltiRegistrations.id));
}

export async function findRegistration(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(ltiRegistrations)
    .where(and(eq(ltiRegistrations.organizationId, organizationId), eq(ltiRegistrations.id, id)));
  return row ?? null;
}

export async function findRegistrationById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(ltiRegistrations).where(eq(ltiRegistrations.id, id));
  return row ?? null;
}

/** Active registrations of a platform: one issuer may have several client ids. */
export async function findActiveRegistrationsByIssuer(db: DbOrTx, issuer: string) {
  return db
    .select()
    .from(ltiRegistrations)
    .where(and(eq(ltiRegistrations.issuer, issuer), eq(ltiRegistrations.status, 'active')));
}

export async function findRegistrationByLinkHash(db: DbOrTx, linkTokenHash: string) {
  const [row] = await db
    .select()
    .from(ltiRegistrations)
    .where(eq(ltiRegistrations.linkTokenHash, linkTokenHash));
  return row ?? null;
}

/** Inserts a registration; null when the platform (issuer, client id) is already registered. */
export async function insertRegistration(
  db: DbOrTx,
  values: NewLtiRegistration,
): Promise<LtiRegistrationRow | null> {
  const [row] = await db.insert(ltiRegistrations).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateRegistration(
  db: DbOrTx,
  id: string,
  values: Partial<NewLtiRegistration>,
): Promise<LtiRegistrationRow | null> {
  const [row] = await db.update(ltiRegistrations).set(values).where(eq(ltiRegistrations.id, id)).returning();
  return row ?? null;
}

export async function deleteRegistration(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(ltiRegistrations)
    .where(eq(ltiRegistrations.id, id))
    .returning({ id: ltiRegistrations.id });
  return rows.length > 0;
}

export async function insertLoginState(db: DbOrTx, values: typeof ltiLoginStates.$inferInsert, now: Date) {
  await db.delete(ltiLoginStates).where(lt(ltiLoginStates.expiresAt, now));
  await db.insert(ltiLoginStates).values(values);
}

/** Takes a login state: deleted as it is read, so a state is honoured once. */
export async function takeLoginState(db: DbOrTx, stateHash: string) {
  const [row] = await db.delete(ltiLoginStates).where(eq(ltiLoginStates.stateHash, stateHash)).returning();
  return row ?? null;
}

/** Records a nonce as used; false when it was used before (a replay). */
export async function useNonce(
  db: DbOrTx,
  registrationId: string,
  nonce: string,
  expiresAt: Date,
  now: Date,
) {
  await db.delete(ltiNonces).where(lt(ltiNonces.expiresAt, now));
  const rows = await db
    .insert(ltiNonces)
    .values({ registrationId, nonce, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: ltiNonces.nonce });
  return rows.length > 0;
}

/**
 * Serializes the launches of one platform person (till the transaction ends), so two first
 * launches at once (a double click) make one account, the second finding the first's.
 */
export async function lockPlatformPerson(tx: DbOrTx, registrationId: string, sub: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lti:${registrationId}:${sub}`}))`);
}

export async function findPlatformUser(db: DbOrTx, registrationId: string, sub: string) {
  const [row] = await db
    .select()
    .from(ltiPlatformUsers)
    .where(and(eq(ltiPlatformUsers.registrationId, registrationId), eq(ltiPlatformUsers.sub, sub)));
  return row ?? null;
}

export async function insertPlatformUser(db: DbOrTx, values: typeof ltiPlatformUsers.$inferInsert) {
  await db.insert(ltiPlatformUsers).values(values);
}

export async function findResourceLink(db: DbOrTx, registrationId: string, resourceLinkId: string) {
  const [row] = await db
    .select()
    .from(ltiResourceLinks)
    .where(
      and(
        eq(ltiResourceLinks.registrationId, registrationId),
        eq(ltiResourceLinks.resourceLinkId, resourceLinkId),
      ),
    );
  return row ?? null;
}

export async function insertResourceLink(db: DbOrTx, values: typeof ltiResourceLinks.$inferInsert) {
  await db.insert(ltiResourceLinks).values(values).onConflictDoNothing();
}

/** The assessment if it belongs to the organization. */
export async function findAssessmentInOrganization(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(
      and(
        eq(assessments.organizationId, organizationId),
        eq(assessments.id, id),
        isNull(assessments.deletedAt),
      ),
    );
  return row ?? null;
}

export async function insertLaunchCode(db: DbOrTx, values: typeof ltiLaunchCodes.$inferInsert, now: Date) {
  await db.delete(ltiLaunchCodes).where(lt(ltiLaunchCodes.expiresAt, now));
  await db.insert(ltiLaunchCodes).values(values);
}

/** Takes a launch code (deleted as it is read): its user and landing, or null if unknown or expired. */
export async function takeLaunchCode(db: DbOrTx, codeHash: string, now: Date) {
  const [row] = await db.delete(ltiLaunchCodes).where(eq(ltiLaunchCodes.codeHash, codeHash)).returning();
  return row && row.expiresAt > now ? row : null;
}

export async function insertDeepLinkSession(db: DbOrTx, values: typeof ltiDeepLinkSessions.$inferInsert) {
  const [row] = await db.insert(ltiDeepLinkSessions).values(values).returning();
  return row!;
}

export async function findDeepLinkSession(db: DbOrTx, id: string) {
  const [row] = await db.select().from(ltiDeepLinkSessions).where(eq(ltiDeepLinkSessions.id, id));
  return row ?? null;
}

/** Marks a deep linking session answered; false when it already was (a second answer). */
export async function useDeepLinkSession(db: DbOrTx, id: string, now: Date) {
  const rows = await db
    .update(ltiDeepLinkSessions)
    .set({ usedAt: now })
    .where(and(eq(ltiDeepLinkSessions.id, id), isNull(ltiDeepLinkSessions.usedAt)))
    .returning({ id: ltiDeepLinkSessions.id });
  return rows.length > 0;
}

/** The organization's assessments an instructor may link (not deleted), newest first. */
export async function listLinkableAssessments(db: DbOrTx, organizationId: string) {
  return db
    .select({
      id: assessments.id,
      title: assessments.title,
      totalMarks: assessments.totalMarks,
      status: assessments.status,
    })
    .from(assessments)
    .where(and(eq(assessments.organizationId, organizationId), isNull(assessments.deletedAt)))
    .orderBy(desc(assessments.createdAt))
    .limit(500);
}

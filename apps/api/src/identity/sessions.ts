import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { endedSessions, oidcPayloads } from '../db/schema/index.ts';
import { revokeGrants } from './adapter.ts';
import { TTL } from './ttl.ts';

/**
 * Sessions that end when they should. An access token is a JWT the API verifies
 * without asking the provider, so ending a provider session alone would leave its tokens working
 * until they expire (15 minutes). An ended session's id (`sid`, the provider session's uid) is
 * therefore kept in ended_sessions until its last token has expired, and the API refuses a token
 * whose sid is there — read with the caller's account in the same statement, so it costs no extra
 * round trip (users.repository findActorRow, the autosave statement).
 */

/** Marks sessions ended now; their rows outlive the longest-lived access token issued under them. */
export async function markSessionsEnded(db: DbOrTx, sids: string[], now = new Date()): Promise<void> {
  if (!sids.length) return;
  const expiresAt = new Date(now.getTime() + TTL.accessToken * 1000);
  await db
    .insert(endedSessions)
    .values([...new Set(sids)].map((sid) => ({ sid, endedAt: now, expiresAt })))
    .onConflictDoUpdate({ target: endedSessions.sid, set: { expiresAt } });
  // Rows past their time are of no use any more; sweeping here keeps the table small.
  await db.delete(endedSessions).where(lt(endedSessions.expiresAt, now));
}

/**
 * Ends every session of an account but `keep` (the caller's own, after a password change; none
 * after a reset): their refresh tokens and grants are revoked, their provider sessions deleted,
 * and their access tokens refused from now on. Returns the ended session ids.
 */
export async function endSessionsOf(
  db: DbOrTx,
  accountId: string,
  keep: string | null,
  now = new Date(),
): Promise<string[]> {
  const rows = await db
    .select({
      type: oidcPayloads.type,
      id: oidcPayloads.id,
      uid: oidcPayloads.uid,
      payload: oidcPayloads.payload,
    })
    .from(oidcPayloads)
    .where(
      and(
        inArray(oidcPayloads.type, ['Session', 'RefreshToken', 'AccessToken', 'AuthorizationCode']),
        sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`,
      ),
    );
  const sids = new Set<string>();
  const grantIds = new Set<string>();
  const sessionRows: string[] = [];
  for (const row of rows) {
    const payload = row.payload as {
      uid?: string;
      sessionUid?: string;
      grantId?: string;
      authorizations?: Record<string, { grantId?: string }>;
    };
    const sid = row.type === 'Session' ? (row.uid ?? payload.uid) : payload.sessionUid;
    if (!sid || sid === keep) continue;
    sids.add(sid);
    if (row.type === 'Session') {
      sessionRows.push(row.id);
      for (const auth of Object.values(payload.authorizations ?? {}))
        if (auth.grantId) grantIds.add(auth.grantId);
    } else if (payload.grantId) {
      grantIds.add(payload.grantId);
    }
  }
  await revokeGrants(db, [...grantIds]);
  if (sessionRows.length) {
    await db
      .delete(oidcPayloads)
      .where(or(...sessionRows.map((id) => and(eq(oidcPayloads.type, 'Session'), eq(oidcPayloads.id, id)))));
  }
  await markSessionsEnded(db, [...sids], now);
  return [...sids];
}

import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { oidcPayloads } from '../db/schema/index.ts';

/** How often one process deletes expired rows, at most. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes rows whose time is up. The adapter never returns them anyway; this only keeps the
 * table small. Exported so tests and admin commands can call it directly.
 */
export async function sweepExpiredPayloads(db: Db, now = new Date()): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, now));
}

/** Deletes grants and everything issued under them (codes, refresh tokens), whatever the model. */
export async function revokeGrants(db: Db, grantIds: string[]): Promise<void> {
  if (!grantIds.length) return;
  await db
    .delete(oidcPayloads)
    .where(
      or(
        inArray(oidcPayloads.grantId, grantIds),
        and(eq(oidcPayloads.type, 'Grant'), inArray(oidcPayloads.id, grantIds)),
      ),
    );
}

/**
 * Ends everything the provider holds for one account at once (deactivation, deletion): its
 * sessions, grants and every token or code issued to it or under its grants, so nothing can be
 * refreshed or resumed even if the account is reactivated later. Returns the revoked grant ids.
 */
export async function revokeUserSessions(db: Db, userId: string): Promise<string[]> {
  const ofAccount = sql`${oidcPayloads.payload}->>'accountId' = ${userId}`;
  const rows = await db
    .select({ id: oidcPayloads.id, type: oidcPayloads.type, grantId: oidcPayloads.grantId })
    .from(oidcPayloads)
    .where(ofAccount);
  const grantIds = [
    ...new Set(rows.flatMap((r) => (r.type === 'Grant' ? [r.id] : r.grantId ? [r.grantId] : []))),
  ];
  await revokeGrants(db, grantIds);
  await db.delete(oidcPayloads).where(ofAccount);
  return grantIds;
}

/**
 * oidc-provider's storage on the oidc_payloads table: one row per model instance, keyed by
 * (model name, id), so sessions, grants, codes and refresh tokens outlive a restart and are shared
 * by every API process on the same database.
 *
 * Time is the wall clock (not app.clock) because oidc-provider itself reads Date.now() to stamp
 * and check iat/exp; the adapter must agree with it.
 */
export function createOidcAdapter(db: Db, onSweepError: (err: unknown) => void = () => {}): AdapterFactory {
  let lastSweep = 0;

  const maybeSweep = async () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    try {
      await sweepExpiredPayloads(db, new Date(now));
    } catch (err) {
      onSweepError(err);
    }
  };

  return (name: string): Adapter => {
    const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()));

    const toPayload = (row: { payload: unknown; consumedAt: Date | null } | undefined) => {
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      // oidc-provider only checks that `consumed` is truthy; it stores an epoch in its own adapters.
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    };

    const findWhere = async (condition: ReturnType<typeof eq>) => {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, name), condition, notExpired()))
        .limit(1);
      return toPayload(row);
    };

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        };
        await db
          .insert(oidcPayloads)
          .values({ id, type: name, ...values })
          .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: values });
        await maybeSweep();
      },

      find: (id) => findWhere(eq(oidcPayloads.id, id)),
      findByUid: (uid) => findWhere(eq(oidcPayloads.uid, uid)),
      findByUserCode: (userCode) => findWhere(eq(oidcPayloads.userCode, userCode)),

      async consume(id) {
        await db
          .update(oidcPayloads)
          .set({ consumedAt: new Date() })
          .where(and(eq(oidcPayloads.type, name), eq(oidcPayloads.id, id)));
      },

      async destroy(id) {
        await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, name), eq(oidcPayloads.id, id)));
      },

      async revokeByGrantId(grantId) {
        await db
          .delete(oidcPayloads)
          .where(and(eq(oidcPayloads.type, name), eq(oidcPayloads.grantId, grantId)));
      },
    };
  };
}

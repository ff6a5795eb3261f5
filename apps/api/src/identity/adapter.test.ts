import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { oidcPayloads } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/build-test-app.ts';
import { createOidcAdapter, revokeGrants, sweepExpiredPayloads } from './adapter.ts';

describe('oidc adapter on oidc_payloads', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const adapter = (name: string) => createOidcAdapter(database.db)(name);

  it('stores, updates and finds by id, uid and user code, per model', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'b' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'b' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'b' });
    // Same id in another model is another record.
    expect(await adapter('Interaction').find('s1')).toBeUndefined();

    const devices = adapter('DeviceCode');
    await devices.upsert('d1', { userCode: 'ABCD' }, 60);
    expect(await devices.findByUserCode('ABCD')).toEqual({ userCode: 'ABCD' });
  });

  it('never returns expired records and sweeps them away', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('old', { grantId: 'g0' }, 60);
    await database.db
      .update(oidcPayloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcPayloads.id, 'old'));
    expect(await codes.find('old')).toBeUndefined();
    await sweepExpiredPayloads(database.db);
    const rows = await database.db.select().from(oidcPayloads).where(eq(oidcPayloads.id, 'old'));
    expect(rows).toHaveLength(0);
  });

  it('marks consumed records and destroys them', async () => {
    const tokens = adapter('RefreshToken');
    await tokens.upsert('r1', { grantId: 'g1' }, 60);
    await tokens.consume('r1');
    expect(await tokens.find('r1')).toMatchObject({ grantId: 'g1', consumed: expect.any(Number) });
    await tokens.destroy('r1');
    expect(await tokens.find('r1')).toBeUndefined();
  });

  it('revokes by grant within a model, and whole grants across models', async () => {
    const rts = adapter('RefreshToken');
    const codes = adapter('AuthorizationCode');
    const grants = adapter('Grant');
    await rts.upsert('r2', { grantId: 'g2' }, 60);
    await codes.upsert('c2', { grantId: 'g2' }, 60);
    await grants.upsert('g2', { accountId: 'x' }, 60);
    await rts.revokeByGrantId('g2');
    expect(await rts.find('r2')).toBeUndefined();
    expect(await codes.find('c2')).toBeDefined();

    await revokeGrants(database.db, ['g2']);
    expect(await codes.find('c2')).toBeUndefined();
    expect(await grants.find('g2')).toBeUndefined();
  });
});

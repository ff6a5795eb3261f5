import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Role } from '@vbuilder/shared';
import type { UserRow } from '../db/schema/index.ts';
import { importSigningKey, loadIdentitySecrets } from '../identity/keys.ts';
import { accessTokenClaims, apiAudience, embeddedIssuer } from '../identity/tokens.ts';
import { hashPassword } from '../lib/passwords.ts';
import { insertUser } from '../modules/users/users.repository.ts';
import { organizations } from '../db/schema/index.ts';

/**
 * Mints an access token exactly as the embedded provider would (same key, issuer, audience and
 * claims) so API tests need not walk the browser flow each time. The real authorization-code
 * flow is tested in identity/*.test.ts and the Playwright journeys.
 */
export async function tokenFor(
  app: FastifyInstance,
  user: UserRow,
  ttlSeconds = 900,
  /** Claims to add, e.g. `{ cnf: { jkt } }` for a token bound to a DPoP key (test/dpop.ts). */
  extraClaims: Record<string, unknown> = {},
): Promise<string> {
  const { key, kid, alg } = await importSigningKey(await loadIdentitySecrets(app.db));
  return new SignJWT({
    ...accessTokenClaims(user, app.config.OIDC_CLIENT_ID),
    client_id: app.config.OIDC_CLIENT_ID,
    sid: randomUUID(),
    ...extraClaims,
  })
    .setProtectedHeader({ alg, kid, typ: 'at+jwt' })
    .setIssuer(embeddedIssuer(app.config))
    .setAudience(apiAudience(app.config))
    .setSubject(user.id)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
/** Creates an organization for tests. */
export async function makeOrganization(app: FastifyInstance, name = `Org ${++counter}`) {
  const [org] = await app.db
    .insert(organizations)
    .values({ name, type: 'school', email: `org${counter}@example.test` })
    .returning();
  return org!;
}

/** Creates an active user with a known password (hashing only when a password is asked for). */
export async function makeUser(
  app: FastifyInstance,
  role: Role,
  organizationId: string | null,
  overrides: Partial<Parameters<typeof insertUser>[1]> & { password?: string } = {},
): Promise<UserRow> {
  const { password, ...rest } = overrides;
  const n = ++counter;
  return insertUser(app.db, {
    email: `user${n}-${randomUUID().slice(0, 6)}@example.test`,
    name: `Test ${role} ${n}`,
    role,
    organizationId,
    status: 'active',
    passwordHash: password ? await hashPassword(password) : null,
    ...rest,
  });
}

/** A signed-in user of the given role: the row and its bearer headers. */
export async function signInAs(app: FastifyInstance, role: Role, organizationId: string | null) {
  const user = await makeUser(app, role, organizationId);
  return { user, headers: bearer(await tokenFor(app, user)) };
}

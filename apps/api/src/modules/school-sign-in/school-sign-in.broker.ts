import * as client from 'openid-client';
import { emailDomainOf, LIMITS } from '@vbuilder/shared';
import type { Db } from '../../db/client.ts';
import type { SchoolSignInRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  findUserByEmail,
  findUserById,
  insertUsersIfEmailsFree,
  updateUser,
} from '../users/users.repository.ts';
import {
  findByDomain,
  findLink,
  findSchoolSignIn,
  insertLink,
  listDomains,
} from './school-sign-in.repository.ts';
import { discoveryOptions } from './school-sign-in.service.ts';

/**
 * The embedded provider's side of a school's own OpenID provider (docs/product/school-sign-in.md):
 * the upstream authorization request (code flow, PKCE S256, state, nonce) and, back from it, the
 * checks on the ID token and the account it signs in. openid-client verifies the token's
 * signature, issuer, audience, expiry and nonce; the rules of this file add the verified email, the
 * organization's mail domains and the account mode.
 */

/** What the browser carries (signed, in a cookie) between the start and the callback. */
export interface PendingSchoolSignIn {
  /** The embedded provider's interaction this sign-in finishes. */
  uid: string;
  organizationId: string;
  state: string;
  nonce: string;
  verifier: string;
  /** Epoch ms after which the callback is refused. */
  expiresAt: number;
}

/** Long enough to sign in at the school, short enough that a stale tab is not honoured. */
export const PENDING_TTL_MS = 10 * 60 * 1000;
const CONFIG_TTL_MS = 5 * 60 * 1000;

const failed = (why: string) =>
  new AppError(400, 'school_sign_in_failed', `The school's sign-in could not be completed: ${why}`);

// Discovery answers (endpoints, key set address) are kept a few minutes per provider and client;
// openid-client caches the key set itself and refetches it when a token names an unknown key.
const configs = new Map<string, { config: client.Configuration; until: number }>();

async function configFor(row: SchoolSignInRow, now: number): Promise<client.Configuration> {
  const key = JSON.stringify([row.issuer, row.clientId, row.clientSecret]);
  const cached = configs.get(key);
  if (cached && cached.until > now) return cached.config;
  const config = await client.discovery(
    new URL(row.issuer),
    row.clientId,
    row.clientSecret ?? undefined,
    row.clientSecret ? client.ClientSecretPost(row.clientSecret) : client.None(),
    discoveryOptions(row.issuer),
  );
  configs.set(key, { config, until: now + CONFIG_TTL_MS });
  return config;
}

/** The sign-in page's question: the organization whose provider this email's domain signs in at. */
export async function lookupSchoolSignIn(db: Db, email: string) {
  const domain = emailDomainOf(email);
  const found = domain ? await findByDomain(db, domain) : null;
  return found ? { organizationName: found.organizationName, settings: found.settings } : null;
}

const notFound = () =>
  new AppError(404, 'school_sign_in_not_found', 'No school signs in with this email address');

/** Builds the upstream authorization request for the interaction `uid`. */
export async function beginSchoolSignIn(
  db: Db,
  input: { uid: string; email: string; redirectUri: string; now: number },
): Promise<{ url: string; pending: PendingSchoolSignIn }> {
  const found = await lookupSchoolSignIn(db, input.email);
  if (!found) throw notFound();
  let config: client.Configuration;
  try {
    config = await configFor(found.settings, input.now);
  } catch (err) {
    throw failed(err instanceof Error ? err.message : 'discovery failed');
  }
  const pending: PendingSchoolSignIn = {
    uid: input.uid,
    organizationId: found.settings.organizationId,
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    expiresAt: input.now + PENDING_TTL_MS,
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
    login_hint: input.email,
  });
  return { url: url.href, pending };
}

const TRUE_VALUES: unknown[] = [true, 'true', 1, '1'];

/**
 * The provider vouches for the address: OpenID Connect's `email_verified`, or Microsoft Entra's
 * optional claim `xms_edov` (the email's domain is verified as owned by the tenant), which Entra
 * sends instead (docs/product/school-sign-in.md, worked example).
 */
export const emailVerified = (claims: Record<string, unknown>) =>
  claims.email_verified === true ||
  (claims.email_verified === undefined && TRUE_VALUES.includes(claims.xms_edov));

/** The role a new account gets: the first mapping whose value the claim holds, else the default. */
export function mappedRole(
  row: Pick<SchoolSignInRow, 'roleClaim' | 'roleMappings' | 'defaultRole'>,
  claims: Record<string, unknown>,
) {
  if (row.roleClaim) {
    const raw = claims[row.roleClaim];
    const values = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]).map(String);
    const match = row.roleMappings.find((m) => values.includes(m.value));
    if (match) return match.role;
  }
  return row.defaultRole;
}

/**
 * Back from the school's provider: exchanges the code, checks the ID token and the email, and
 * finds or creates the account. Nothing is written unless every check passed.
 */
export async function completeSchoolSignIn(
  db: Db,
  pending: PendingSchoolSignIn,
  currentUrl: URL,
  now: Date,
): Promise<UserRow> {
  if (pending.expiresAt < now.getTime()) throw failed('the sign-in took too long');
  const row = await findSchoolSignIn(db, pending.organizationId);
  if (!row || !row.enabled) throw notFound();

  let claims: client.IDToken;
  try {
    const config = await configFor(row, now.getTime());
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
  } catch (err) {
    throw failed(err instanceof Error ? err.message : 'the answer could not be verified');
  }

  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || !emailVerified(claims)) {
    throw new AppError(403, 'school_email_not_verified', 'The school did not confirm this email address');
  }
  const domain = emailDomainOf(email);
  if (!domain || !(await listDomains(db, row.organizationId)).includes(domain)) {
    throw new AppError(
      403,
      'school_domain_not_allowed',
      `Sign-in with ${domain ?? 'this address'} is not allowed here`,
    );
  }

  return db.transaction(async (tx) => {
    const link = await findLink(tx, row.issuer, claims.sub);
    let user = link ? await findUserById(tx, link.userId) : await findUserByEmail(tx, email);
    if (user && user.organizationId !== row.organizationId) {
      throw new AppError(
        403,
        'school_account_other_organization',
        'This account belongs to another organization',
      );
    }
    if (user?.status === 'inactive') {
      throw new AppError(403, 'account_inactive', 'The account has been deactivated');
    }
    if (!user) {
      if (row.mode !== 'just_in_time') {
        throw new AppError(
          403,
          'school_account_not_invited',
          'No account of this organization has this email',
        );
      }
      const name =
        typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email.split('@')[0]!;
      // A second tab signing the same person in at the same moment may have created them: refused
      // here (nothing written), the next attempt finds the account.
      const [created] = await insertUsersIfEmailsFree(tx, [
        {
          organizationId: row.organizationId,
          email,
          name: name.slice(0, LIMITS.nameMax),
          role: mappedRole(row, claims),
          status: 'active',
          passwordHash: null,
        },
      ]);
      if (!created) throw failed('the account was being created at the same time');
      user = created;
      await recordAudit(
        tx,
        null,
        {
          action: 'user.created',
          targetType: 'user',
          targetId: user.id,
          organizationId: row.organizationId,
          details: { via: 'school_sign_in', issuer: row.issuer, role: user.role },
        },
        now,
      );
    } else if (user.status === 'pending') {
      // Invited and not yet activated: the school has just confirmed the address.
      user = (await updateUser(tx, user.id, { status: 'active' })) ?? user;
    }
    if (!link) {
      await insertLink(tx, {
        issuer: row.issuer,
        subject: claims.sub,
        userId: user.id,
        organizationId: row.organizationId,
      });
      await recordAudit(
        tx,
        null,
        {
          action: 'user.school_sign_in_linked',
          targetType: 'user',
          targetId: user.id,
          organizationId: row.organizationId,
          details: { issuer: row.issuer },
        },
        now,
      );
    }
    return user;
  });
}

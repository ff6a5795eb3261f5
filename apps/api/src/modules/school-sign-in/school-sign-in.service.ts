import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import {
  isSuperAdministrator,
  type SaveSchoolSignInSchema,
  type SchoolSignInSettings,
  type SchoolSignInTestResult,
} from '@vbuilder/shared';
import type { z } from 'zod';
import { publicUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findOrganizationById } from '../organizations/organizations.repository.ts';
import {
  domainsOwnedElsewhere,
  findSchoolSignIn,
  listDomains,
  saveSchoolSignIn as saveRow,
} from './school-sign-in.repository.ts';

type SaveInput = z.output<typeof SaveSchoolSignInSchema>;

/** The path the school's provider sends people back to: the redirect URI an Administrator registers there. */
export const CALLBACK_PATH = '/signin/school/callback';

export interface SchoolSignInContext {
  db: Db;
  clock: Clock;
  baseUrl: string;
  /** OIDC_ISSUER is set: the whole installation signs in elsewhere, nothing is brokered. */
  externalIssuer: boolean;
}

export const schoolSignInContext = (app: FastifyInstance): SchoolSignInContext => ({
  db: app.db,
  clock: app.clock,
  baseUrl: publicUrl(app.config),
  externalIssuer: Boolean(app.config.OIDC_ISSUER),
});

export const callbackUrl = (baseUrl: string) => `${baseUrl}${CALLBACK_PATH}`;

/**
 * The organization's Administrators and the Super Administrator; anyone else, and another
 * organization's id, is answered like a missing organization or refused.
 */
async function assertManages(ctx: SchoolSignInContext, actor: Actor, organizationId: string) {
  if (!isSuperAdministrator(actor.role) && actor.organizationId !== organizationId) {
    throw notFound('organization');
  }
  if (!isSuperAdministrator(actor.role) && actor.role !== 'Administrator' && actor.role !== 'user') {
    throw forbidden();
  }
  if (!(await findOrganizationById(ctx.db, organizationId))) throw notFound('organization');
}

/** GET /api/organizations/:id/school-sign-in: the settings without the client secret. */
export async function getSchoolSignIn(
  ctx: SchoolSignInContext,
  actor: Actor,
  organizationId: string,
): Promise<SchoolSignInSettings> {
  await assertManages(ctx, actor, organizationId);
  const [row, emailDomains] = await Promise.all([
    findSchoolSignIn(ctx.db, organizationId),
    listDomains(ctx.db, organizationId),
  ]);
  return {
    configured: Boolean(row),
    enabled: row?.enabled ?? false,
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    clientSecretSet: Boolean(row?.clientSecret),
    emailDomains,
    roleClaim: row?.roleClaim ?? null,
    roleMappings: (row?.roleMappings ?? []) as SchoolSignInSettings['roleMappings'],
    defaultRole: (row?.defaultRole ?? 'Student') as SchoolSignInSettings['defaultRole'],
    mode: (row?.mode ?? 'invitation') as SchoolSignInSettings['mode'],
    callbackUrl: callbackUrl(ctx.baseUrl),
    available: !ctx.externalIssuer,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * PUT: saves the settings and the organization's mail domains in one transaction. A domain another
 * organization owns is refused (409 email_domain_taken) and nothing changes. The audit records
 * what changed, never the secret (only whether it was replaced).
 */
export async function saveSchoolSignIn(
  ctx: SchoolSignInContext,
  actor: Actor,
  organizationId: string,
  input: SaveInput,
): Promise<SchoolSignInSettings> {
  await assertManages(ctx, actor, organizationId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const taken = await domainsOwnedElsewhere(tx, organizationId, input.emailDomains);
    if (taken.length) {
      throw new AppError(
        409,
        'email_domain_taken',
        `Another organization signs in with ${taken.join(', ')}`,
        {
          domains: taken,
        },
      );
    }
    const existing = await findSchoolSignIn(tx, organizationId);
    await saveRow(
      tx,
      {
        organizationId,
        enabled: input.enabled,
        issuer: input.issuer,
        clientId: input.clientId,
        clientSecret: input.clientSecret ?? existing?.clientSecret ?? null,
        roleClaim: input.roleClaim,
        roleMappings: input.roleMappings,
        defaultRole: input.defaultRole,
        mode: input.mode,
        updatedAt: now,
      },
      input.emailDomains,
    );
    await recordAudit(
      tx,
      actor,
      {
        action: 'organization.school_sign_in_updated',
        targetType: 'organization',
        targetId: organizationId,
        organizationId,
        details: {
          enabled: input.enabled,
          issuer: input.issuer,
          clientId: input.clientId,
          clientSecretReplaced: input.clientSecret !== undefined,
          emailDomains: input.emailDomains,
          roleClaim: input.roleClaim,
          roleMappings: input.roleMappings,
          defaultRole: input.defaultRole,
          mode: input.mode,
        },
      },
      now,
    );
  });
  return getSchoolSignIn(ctx, actor, organizationId);
}

/** Discovery options: plain HTTP only for a loopback issuer (the schema admits no other). */
export const discoveryOptions = (issuer: string): client.DiscoveryRequestOptions => ({
  timeout: 10,
  ...(issuer.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : {}),
});

/**
 * POST .../test: fetches the provider's discovery document, as sign-in will, and says what it
 * found. A provider that does not answer is a result (ok: false), not an error of ours.
 */
export async function testSchoolSignIn(
  ctx: SchoolSignInContext,
  actor: Actor,
  organizationId: string,
  issuer: string,
): Promise<SchoolSignInTestResult> {
  await assertManages(ctx, actor, organizationId);
  try {
    const config = await client.discovery(
      new URL(issuer),
      'vbuilder',
      undefined,
      undefined,
      discoveryOptions(issuer),
    );
    const metadata = config.serverMetadata();
    if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
      return {
        ok: false,
        issuer: metadata.issuer,
        detail: 'The discovery document lacks an endpoint or its key set',
      };
    }
    return {
      ok: true,
      issuer: metadata.issuer,
      authorizationEndpoint: metadata.authorization_endpoint,
      tokenEndpoint: metadata.token_endpoint,
    };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message.slice(0, 300) : 'Discovery failed' };
  }
}

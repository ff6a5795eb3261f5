import { randomBytes } from 'node:crypto';
import type { CreateLtiRegistration, LtiRegistration, UpdateLtiRegistration } from '@vbuilder/shared';
import { publicUrl } from '../../config.ts';
import type { LtiRegistrationRow } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findOrganizationById } from '../organizations/organizations.repository.ts';
import { answerDeepLink, deepLinkChoices } from './lti.deep-linking.ts';
import { sha256, toolEndpoints, type LtiContext } from './lti.launch.ts';
import { rotateToolKey, toolKeySet } from './lti.keys.ts';
import { canManageLti } from './lti.policy.ts';
import { platformUrlAllowed, registerWithPlatform, registrationFailed } from './lti.registration.ts';
import * as repo from './lti.repository.ts';

export { completeLaunch, startLogin, takeLaunchCode, toolEndpoints, type LtiContext } from './lti.launch.ts';
export { LaunchError } from './lti.verify.ts';

/** The instructor's deep linking choices (Deep Linking 2.0): their session only. */
export const deepLinkChoicesFor = (ctx: LtiContext, actor: Actor, id: string) =>
  deepLinkChoices(ctx.db, actor, id, ctx.now());

/** The signed LtiDeepLinkingResponse for the chosen assessments, to form-post to the platform. */
export const answerDeepLinkFor = (ctx: LtiContext, actor: Actor, id: string, assessmentIds: string[]) =>
  answerDeepLink(ctx.db, actor, id, assessmentIds, toolEndpoints(ctx.config).launchUrl, ctx.now());

const LINK_TTL_MS = 7 * 24 * 3600_000;

export function toRegistration(row: LtiRegistrationRow): LtiRegistration {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    status: row.status as LtiRegistration['status'],
    issuer: row.issuer,
    clientId: row.clientId,
    deploymentIds: row.deploymentIds,
    jwksUrl: row.jwksUrl,
    authLoginUrl: row.authLoginUrl,
    tokenUrl: row.tokenUrl,
    productFamily: row.productFamily,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The organization, if the actor manages its registrations; otherwise (or missing) 404. */
async function checkAccess(ctx: LtiContext, actor: Actor, organizationId: string) {
  if (!canManageLti(actor, organizationId) || !(await findOrganizationById(ctx.db, organizationId)))
    throw notFound('organization');
}

async function registrationOf(ctx: LtiContext, actor: Actor, organizationId: string, id: string) {
  await checkAccess(ctx, actor, organizationId);
  const row = await repo.findRegistration(ctx.db, organizationId, id);
  if (!row) throw notFound('registration');
  return row;
}

function checkUrls(ctx: LtiContext, urls: (string | null | undefined)[]) {
  for (const url of urls)
    if (url && !platformUrlAllowed(ctx.config, url))
      throw badRequest('validation_error', `Platform addresses must use https: ${url}`);
}

const exists = () =>
  new AppError(409, 'lti_registration_exists', 'This platform and client id are already registered');

export async function listRegistrations(ctx: LtiContext, actor: Actor, organizationId: string) {
  await checkAccess(ctx, actor, organizationId);
  const rows = await repo.listRegistrations(ctx.db, organizationId);
  return { tool: toolEndpoints(ctx.config), registrations: rows.map(toRegistration) };
}

/** Manual registration: the platform's values typed in by an Administrator. */
export async function createRegistration(
  ctx: LtiContext,
  actor: Actor,
  organizationId: string,
  input: CreateLtiRegistration,
) {
  await checkAccess(ctx, actor, organizationId);
  checkUrls(ctx, [input.issuer, input.jwksUrl, input.authLoginUrl, input.tokenUrl]);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertRegistration(tx, {
      organizationId,
      name: input.name,
      status: 'active',
      issuer: input.issuer,
      clientId: input.clientId,
      deploymentIds: [...new Set(input.deploymentIds)],
      jwksUrl: input.jwksUrl,
      authLoginUrl: input.authLoginUrl,
      tokenUrl: input.tokenUrl ?? null,
      createdBy: actor.userId,
    });
    if (!row) throw exists();
    await recordAudit(tx, actor, {
      action: 'lti.registration_created',
      targetType: 'lti_registration',
      targetId: row.id,
      organizationId,
      details: { issuer: row.issuer, clientId: row.clientId },
    });
    return toRegistration(row);
  });
}

/** A one-time Dynamic Registration link (valid 7 days) for the Administrator to paste into the platform. */
export async function createRegistrationLink(
  ctx: LtiContext,
  actor: Actor,
  organizationId: string,
  name: string,
) {
  await checkAccess(ctx, actor, organizationId);
  const linkToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now().getTime() + LINK_TTL_MS);
  return ctx.db.transaction(async (tx) => {
    const row = (await repo.insertRegistration(tx, {
      organizationId,
      name,
      status: 'pending',
      linkTokenHash: sha256(linkToken),
      linkExpiresAt: expiresAt,
      createdBy: actor.userId,
    }))!;
    await recordAudit(tx, actor, {
      action: 'lti.registration_link_created',
      targetType: 'lti_registration',
      targetId: row.id,
      organizationId,
    });
    return {
      registration: toRegistration(row),
      url: `${publicUrl(ctx.config)}/api/lti/register/${linkToken}`,
      expiresAt: expiresAt.toISOString(),
    };
  });
}

/**
 * Dynamic Registration, started by the platform opening the link with its openid_configuration
 * and registration_token: the tool registers itself and the pending registration becomes active.
 */
export async function completeDynamicRegistration(
  ctx: LtiContext,
  linkToken: string,
  params: { openid_configuration?: string; registration_token?: string },
) {
  const invalidLink = () =>
    new AppError(
      404,
      'lti_registration_link_invalid',
      'This registration link was used, has expired or does not exist',
    );
  const pending = await repo.findRegistrationByLinkHash(ctx.db, sha256(linkToken));
  if (
    !pending ||
    pending.status !== 'pending' ||
    !pending.linkExpiresAt ||
    pending.linkExpiresAt <= ctx.now()
  )
    throw invalidLink();
  if (!params.openid_configuration) throw registrationFailed('openid_configuration is missing');
  const platform = await registerWithPlatform(
    ctx.config,
    toolEndpoints(ctx.config),
    params.openid_configuration,
    params.registration_token,
  );
  return ctx.db.transaction(async (tx) => {
    // The link is spent by this update: a second use (or a racing one) finds it no longer pending.
    const current = await repo.findRegistrationByLinkHash(tx, sha256(linkToken));
    if (!current || current.status !== 'pending') throw invalidLink();
    let row: LtiRegistrationRow | null;
    try {
      row = await repo.updateRegistration(tx, current.id, {
        ...platform,
        status: 'active',
        linkTokenHash: null,
        linkExpiresAt: null,
        updatedAt: ctx.now(),
      });
    } catch {
      throw exists();
    }
    await recordAudit(tx, null, {
      action: 'lti.registration_completed',
      targetType: 'lti_registration',
      targetId: current.id,
      organizationId: current.organizationId,
      details: {
        issuer: platform.issuer,
        clientId: platform.clientId,
        productFamily: platform.productFamily,
      },
    });
    return toRegistration(row!);
  });
}

export async function updateRegistration(
  ctx: LtiContext,
  actor: Actor,
  organizationId: string,
  id: string,
  input: UpdateLtiRegistration,
) {
  const row = await registrationOf(ctx, actor, organizationId, id);
  if (
    row.status === 'pending' &&
    (input.status || input.deploymentIds || input.jwksUrl || input.authLoginUrl)
  )
    throw badRequest('validation_error', 'A registration waiting for its platform can only be renamed');
  checkUrls(ctx, [input.jwksUrl, input.authLoginUrl, input.tokenUrl]);
  return ctx.db.transaction(async (tx) => {
    const updated = await repo.updateRegistration(tx, row.id, {
      ...input,
      ...(input.deploymentIds ? { deploymentIds: [...new Set(input.deploymentIds)] } : {}),
      updatedAt: ctx.now(),
    });
    await recordAudit(tx, actor, {
      action: 'lti.registration_updated',
      targetType: 'lti_registration',
      targetId: row.id,
      organizationId,
      details: { changed: Object.keys(input) },
    });
    return toRegistration(updated!);
  });
}

export async function deleteRegistration(ctx: LtiContext, actor: Actor, organizationId: string, id: string) {
  const row = await registrationOf(ctx, actor, organizationId, id);
  await ctx.db.transaction(async (tx) => {
    await repo.deleteRegistration(tx, row.id);
    await recordAudit(tx, actor, {
      action: 'lti.registration_deleted',
      targetType: 'lti_registration',
      targetId: row.id,
      organizationId,
      details: { issuer: row.issuer, clientId: row.clientId },
    });
  });
}

export const publishedToolKeySet = (ctx: LtiContext) => toolKeySet(ctx.db, ctx.now());

/** A new tool signing key (Super Administrator); the old one stays published for an hour. */
export async function rotateToolKeys(ctx: LtiContext, actor: Actor) {
  return ctx.db.transaction(async (tx) => {
    const kid = await rotateToolKey(tx, ctx.now());
    await recordAudit(tx, actor, {
      action: 'lti.tool_key_rotated',
      targetType: 'lti_tool_key',
      targetId: kid,
      organizationId: null,
    });
    return { kid };
  });
}

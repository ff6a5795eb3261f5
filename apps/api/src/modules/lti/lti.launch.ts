import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@vbuilder/shared';
import { publicUrl, type Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { LtiRegistrationRow } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findTakenEmails, findUserById, insertUser, updateUser } from '../users/users.repository.ts';
import { LTI_CLAIM } from './lti.claims.ts';
import * as repo from './lti.repository.ts';
import { openDeepLinkSession } from './lti.deep-linking.ts';
import { mapLisRoles } from './lti.roles.ts';
import { LaunchError, verifyLaunchToken, type PlatformKeySets, type VerifiedLaunch } from './lti.verify.ts';

export interface LtiContext {
  db: Db;
  config: Config;
  now: () => Date;
  keySets: PlatformKeySets;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const token = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** The tool's endpoints, as a platform is told them (manual registration, Dynamic Registration). */
export function toolEndpoints(config: Config) {
  const base = publicUrl(config);
  return {
    loginUrl: `${base}/api/lti/login`,
    launchUrl: `${base}/api/lti/launch`,
    jwksUrl: `${base}/api/lti/jwks`,
  };
}

const STATE_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 2 * 60_000;

export interface LoginParams {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
}

/**
 * Third-party initiated login (LTI Core 1.3 §4.1, Security Framework §5.1.1.1–2): the platform
 * names itself (iss, client_id), the person (login_hint) and where to land (target_link_uri, which
 * must be this tool). The tool keeps a fresh state and nonce server-side, keyed by the state's
 * hash (no third-party cookie needed), and answers with the platform's authorization URL.
 */
export async function startLogin(
  ctx: LtiContext,
  params: LoginParams,
): Promise<{ redirect: string; state: string }> {
  if (!params.iss || !params.login_hint || !params.target_link_uri) throw new LaunchError('malformed');
  const candidates = (await repo.findActiveRegistrationsByIssuer(ctx.db, params.iss)).filter(
    (r) => !params.client_id || r.clientId === params.client_id,
  );
  // One issuer with several client ids must say which (client_id is then required to tell them apart).
  if (candidates.length !== 1) throw new LaunchError('registration_unknown');
  const registration = candidates[0]!;
  if (params.lti_deployment_id && !registration.deploymentIds.includes(params.lti_deployment_id))
    throw new LaunchError('deployment_unknown');
  if (!isToolUrl(ctx.config, params.target_link_uri)) throw new LaunchError('target_not_tool');

  const state = token();
  const nonce = token();
  const now = ctx.now();
  await repo.insertLoginState(
    ctx.db,
    {
      stateHash: sha256(state),
      registrationId: registration.id,
      nonce,
      deploymentId: params.lti_deployment_id ?? null,
      targetLinkUri: params.target_link_uri,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    },
    now,
  );
  const auth = new URL(registration.authLoginUrl!);
  const query: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: registration.clientId!,
    redirect_uri: toolEndpoints(ctx.config).launchUrl,
    login_hint: params.login_hint,
    state,
    nonce,
  };
  if (params.lti_message_hint) query.lti_message_hint = params.lti_message_hint;
  for (const [k, v] of Object.entries(query)) auth.searchParams.set(k, v);
  return { redirect: auth.toString(), state };
}

function isToolUrl(config: Config, url: string): boolean {
  try {
    return new URL(url).origin === new URL(publicUrl(config)).origin;
  } catch {
    return false;
  }
}

const ROLE_RANK: Record<string, number> = { Student: 0, Teacher: 1, Administrator: 2, user: 2 };

/**
 * The person of a launch: found by (registration, sub) — never by email — or created in the
 * registration's organization with the role the LIS roles map to. A later launch raises the role
 * (a Student who now teaches becomes a Teacher) but never lowers it: roles are per organization,
 * while a platform's are per course, and one person can teach one course and take another.
 */
async function personOf(tx: DbOrTx, registration: LtiRegistrationRow, launch: VerifiedLaunch, role: Role) {
  const link = await repo.findPlatformUser(tx, registration.id, launch.sub);
  if (link) {
    const user = await findUserById(tx, link.userId);
    if (!user || user.status !== 'active' || user.organizationId !== registration.organizationId)
      throw new LaunchError('account_unusable');
    if ((ROLE_RANK[role] ?? 0) > (ROLE_RANK[user.role] ?? 0) && user.role !== 'Super Administrator')
      return updateUser(tx, user.id, { role });
    return user;
  }
  const claims = launch.claims;
  const name =
    [claims.name, [claims.given_name, claims.family_name].filter(Boolean).join(' ')]
      .map((v) => (typeof v === 'string' ? v.trim() : ''))
      .find((v) => v.length > 0) ?? launch.sub;
  // The platform's address is used when nobody has it, never to find an account; otherwise (or
  // without one) a reserved .invalid address (RFC 6761) stands in, unique per person.
  const claimed = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const usable = claimed && /^[^\s@]+@[^\s@]+$/.test(claimed) && !(await findTakenEmails(tx, [claimed])).size;
  const user = await insertUser(tx, {
    organizationId: registration.organizationId,
    email: usable ? claimed : `lti-${randomUUID()}@lti.invalid`,
    name: name.slice(0, 200),
    role,
    status: 'active',
  });
  await repo.insertPlatformUser(tx, { registrationId: registration.id, sub: launch.sub, userId: user.id });
  await recordAudit(tx, null, {
    action: 'user.created',
    targetType: 'user',
    targetId: user.id,
    organizationId: registration.organizationId,
    details: { via: 'lti', registrationId: registration.id, role },
  });
  return user;
}

/** The assessment a resource link opens: recorded before, or named by the launch URL (?assessment=). */
async function assessmentOf(tx: DbOrTx, registration: LtiRegistrationRow, launch: VerifiedLaunch) {
  if (!launch.resourceLinkId) return null;
  const known = await repo.findResourceLink(tx, registration.id, launch.resourceLinkId);
  if (known) return known.assessmentId;
  const custom = launch.claims[LTI_CLAIM.custom] as Record<string, unknown> | undefined;
  let named = typeof custom?.assessment_id === 'string' ? custom.assessment_id : null;
  if (!named && launch.targetLinkUri) {
    try {
      named = new URL(launch.targetLinkUri).searchParams.get('assessment');
    } catch {
      named = null;
    }
  }
  if (!named || !/^[0-9a-f-]{36}$/i.test(named)) return null;
  const assessment = await repo.findAssessmentInOrganization(tx, registration.organizationId, named);
  if (!assessment) return null;
  await repo.insertResourceLink(tx, {
    registrationId: registration.id,
    resourceLinkId: launch.resourceLinkId,
    assessmentId: assessment.id,
  });
  return assessment.id;
}

/** Where the SPA takes the person: a learner to the assessment (taking it, or their result), staff to its submissions. */
function landingOf(userId: string, role: Role, assessmentId: string | null): string {
  if (!assessmentId) return '/account';
  return role === 'Student'
    ? `/account/user/${userId}/quiz/${assessmentId}`
    : `/account/questions/${userId}/quiz/${assessmentId}/submissions`;
}

export interface LaunchResult {
  userId: string;
  registrationId: string;
  role: Role;
  assessmentId: string | null;
  landing: string;
  /** The SPA address with the one-time code (in the fragment, so it reaches no server log). */
  redirect: string;
}

/**
 * The launch (Security Framework §5.1.1.3 and LTI Core §5.1.3): the state is taken once, the
 * id token verified against the registration the state was made for, its nonce recorded once,
 * the person found or created, and a one-time code made for the SPA to sign in with.
 */
/** Two URLs as the same address (scheme and host case, default port and percent-encoding aside). */
function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

export async function completeLaunch(
  ctx: LtiContext,
  form: { id_token?: string; state?: string },
): Promise<LaunchResult> {
  if (!form.state || !form.id_token) throw new LaunchError('malformed');
  const now = ctx.now();
  const state = await repo.takeLoginState(ctx.db, sha256(form.state));
  if (!state || state.expiresAt <= now) throw new LaunchError('state_unknown');
  const registration = await repo.findRegistrationById(ctx.db, state.registrationId);
  if (!registration || registration.status !== 'active') throw new LaunchError('registration_unknown');

  const launch = await verifyLaunchToken(form.id_token, registration, state.nonce, ctx.keySets, now);
  if (state.deploymentId && state.deploymentId !== launch.deploymentId)
    throw new LaunchError('deployment_unknown');
  // LTI Core 1.3 §5.3.3: the token's target_link_uri is the one its login initiation named (the
  // claim is required in a resource link launch, optional in a deep linking request).
  if (launch.targetLinkUri !== null && !sameUrl(launch.targetLinkUri, state.targetLinkUri))
    throw new LaunchError('target_mismatch');
  const role = mapLisRoles(launch.roles);

  return ctx.db.transaction(async (tx) => {
    const exp = typeof launch.claims.exp === 'number' ? launch.claims.exp * 1000 : now.getTime();
    const expiresAt = new Date(Math.max(exp, now.getTime()) + 60_000);
    if (!(await repo.useNonce(tx, registration.id, launch.claims.nonce as string, expiresAt, now)))
      throw new LaunchError('nonce_replayed');
    await repo.lockPlatformPerson(tx, registration.id, launch.sub);
    const user = await personOf(tx, registration, launch, role);
    if (!user) throw new LaunchError('account_unusable');
    let assessmentId: string | null = null;
    let landing: string;
    if (launch.messageType === 'LtiDeepLinkingRequest') {
      // The picker (an SPA screen) reads and answers the session through /api/lti/deep-links/:id.
      const sessionId = await openDeepLinkSession(tx, registration, launch, user.id, role !== 'Student', now);
      landing = `/lti/deep-link/${sessionId}`;
    } else {
      assessmentId = await assessmentOf(tx, registration, launch);
      landing = landingOf(user.id, role, assessmentId);
    }
    const code = token();
    await repo.insertLaunchCode(
      tx,
      { codeHash: sha256(code), userId: user.id, landing, expiresAt: new Date(now.getTime() + CODE_TTL_MS) },
      now,
    );
    return {
      userId: user.id,
      registrationId: registration.id,
      role,
      assessmentId,
      landing,
      redirect: `${publicUrl(ctx.config)}/lti/launch#code=${code}`,
    };
  });
}

/** Exchanges a launch's one-time code: the account to sign in and where to go, or null. */
export async function takeLaunchCode(db: DbOrTx, code: string, now: Date) {
  const row = await repo.takeLaunchCode(db, sha256(code), now);
  return row ? { userId: row.userId, landing: row.landing } : null;
}

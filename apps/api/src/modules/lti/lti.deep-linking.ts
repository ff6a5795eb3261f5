import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { DbOrTx } from '../../db/client.ts';
import type { LtiRegistrationRow } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { LTI_CLAIM, LTI_VERSION } from './lti.claims.ts';
import { toolSigningKey } from './lti.keys.ts';
import * as repo from './lti.repository.ts';
import { LaunchError, type VerifiedLaunch } from './lti.verify.ts';

/**
 * Deep Linking 2.0 (tool side): an instructor's LtiDeepLinkingRequest opens a session (where to
 * answer, what the platform accepts, its opaque data); the instructor picks assessments and the
 * tool answers with a signed LtiDeepLinkingResponse of ltiResourceLink items, each with a line
 * item (maximum score, label) so the platform makes the gradebook column (§4.5, §3.1).
 */
const SESSION_TTL_MS = 60 * 60_000;
const CONTENT_ITEMS = 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items';
const DATA = 'https://purl.imsglobal.org/spec/lti-dl/claim/data';

interface DeepLinkingSettings {
  deep_link_return_url?: unknown;
  accept_types?: unknown;
  accept_multiple?: unknown;
  data?: unknown;
}

/** Opens the session of a deep linking launch; returns its id. Students never deep link. */
export async function openDeepLinkSession(
  tx: DbOrTx,
  registration: LtiRegistrationRow,
  launch: VerifiedLaunch,
  userId: string,
  isStaff: boolean,
  now: Date,
): Promise<string> {
  if (!isStaff) throw new LaunchError('message_type_unsupported');
  const settings = launch.claims[LTI_CLAIM.deepLinkingSettings] as DeepLinkingSettings | undefined;
  const returnUrl = settings?.deep_link_return_url;
  if (typeof returnUrl !== 'string' || !/^https?:\/\//.test(returnUrl)) throw new LaunchError('malformed');
  const accepts = Array.isArray(settings?.accept_types) ? settings.accept_types : [];
  if (!accepts.includes('ltiResourceLink')) throw new LaunchError('message_type_unsupported');
  const session = await repo.insertDeepLinkSession(tx, {
    registrationId: registration.id,
    userId,
    deploymentId: launch.deploymentId,
    returnUrl,
    data: typeof settings?.data === 'string' ? settings.data : null,
    acceptMultiple: settings?.accept_multiple !== false,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return session.id;
}

async function sessionFor(db: DbOrTx, actor: Actor, id: string, now: Date) {
  const session = await repo.findDeepLinkSession(db, id);
  // Only the instructor the platform sent; anyone else is told there is none.
  if (!session || session.userId !== actor.userId) throw notFound('deep linking request');
  if (session.usedAt || session.expiresAt <= now)
    throw new AppError(409, 'lti_launch_refused', 'This deep linking request was answered or has expired');
  const registration = await repo.findRegistrationById(db, session.registrationId);
  if (!registration || registration.status !== 'active') throw notFound('deep linking request');
  return { session, registration };
}

/** What the picker shows: the organization's assessments and whether several may be chosen. */
export async function deepLinkChoices(db: DbOrTx, actor: Actor, id: string, now: Date) {
  const { session, registration } = await sessionFor(db, actor, id, now);
  const assessments = await repo.listLinkableAssessments(db, registration.organizationId);
  return { id: session.id, acceptMultiple: session.acceptMultiple, assessments };
}

/**
 * The signed answer for the chosen assessments, for the browser to form-post (field `JWT`) to
 * the platform's return URL. The session is spent by it.
 */
export async function answerDeepLink(
  db: DbOrTx,
  actor: Actor,
  id: string,
  assessmentIds: string[],
  launchUrl: string,
  now: Date,
) {
  const { session, registration } = await sessionFor(db, actor, id, now);
  const chosen = [...new Set(assessmentIds)];
  if (!session.acceptMultiple && chosen.length > 1)
    throw badRequest('validation_error', 'The platform accepts one assessment here');
  const available = new Map(
    (await repo.listLinkableAssessments(db, registration.organizationId)).map((a) => [a.id, a]),
  );
  const items = chosen.map((assessmentId) => {
    const assessment = available.get(assessmentId);
    if (!assessment) throw notFound('assessment');
    return {
      type: 'ltiResourceLink',
      title: assessment.title,
      url: `${launchUrl}?assessment=${assessment.id}`,
      custom: { assessment_id: assessment.id },
      ...(assessment.totalMarks > 0
        ? {
            lineItem: {
              scoreMaximum: assessment.totalMarks,
              label: assessment.title,
              resourceId: assessment.id,
            },
          }
        : {}),
    };
  });
  if (!(await repo.useDeepLinkSession(db, session.id, now)))
    throw new AppError(409, 'lti_launch_refused', 'This deep linking request was answered or has expired');
  const { key, kid } = await toolSigningKey(db);
  const iat = Math.floor(now.getTime() / 1000);
  const jwt = await new SignJWT({
    nonce: randomBytes(16).toString('base64url'),
    [LTI_CLAIM.messageType]: 'LtiDeepLinkingResponse',
    [LTI_CLAIM.version]: LTI_VERSION,
    [LTI_CLAIM.deploymentId]: session.deploymentId,
    [CONTENT_ITEMS]: items,
    ...(session.data !== null ? { [DATA]: session.data } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(registration.clientId!)
    .setAudience(registration.issuer!)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .sign(key);
  return { returnUrl: session.returnUrl, jwt };
}

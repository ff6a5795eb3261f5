import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { LtiRegistrationRow } from '../../db/schema/index.ts';
import { LTI_CLAIM, LTI_VERSION, MESSAGE_TYPES, type LtiMessageType } from './lti.claims.ts';

/**
 * Why a launch was refused, in the words of the check that failed (LTI Core 1.3 §5.1.3 and
 * Security Framework 1.0 §5.1.3: signature, iss, aud/azp, exp/iat, nonce, deployment, message).
 */
export type LaunchRefusal =
  | 'state_unknown'
  | 'registration_unknown'
  | 'target_not_tool'
  | 'target_mismatch'
  | 'malformed'
  | 'unsigned'
  | 'signature_invalid'
  | 'key_unknown'
  | 'key_set_unreachable'
  | 'issuer_mismatch'
  | 'audience_mismatch'
  | 'azp_mismatch'
  | 'expired'
  | 'issued_in_future'
  | 'nonce_mismatch'
  | 'nonce_replayed'
  | 'deployment_unknown'
  | 'message_type_unsupported'
  | 'version_unsupported'
  | 'resource_link_missing'
  | 'subject_missing'
  | 'account_unusable';

export class LaunchError extends Error {
  readonly reason: LaunchRefusal;
  constructor(reason: LaunchRefusal) {
    super(`LTI launch refused: ${reason}`);
    this.reason = reason;
  }
}

export interface VerifiedLaunch {
  claims: JWTPayload;
  sub: string;
  messageType: LtiMessageType;
  deploymentId: string;
  roles: string[];
  resourceLinkId: string | null;
  targetLinkUri: string | null;
}

/** The asymmetric algorithms a platform may sign with (Security Framework §6.1: RS256 at least). */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'];

/**
 * The platforms' key sets, one remote set per URL (jose fetches it, caches it, and refetches when
 * a token names a kid it does not hold: a platform's rotation is followed without a restart).
 * `cooldownMs`: the least time between two fetches of one set (jose's default 30 s).
 */
export function platformKeySets(cooldownMs = 30_000) {
  const sets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  return (url: string) => {
    let set = sets.get(url);
    if (!set) {
      set = createRemoteJWKSet(new URL(url), {
        cooldownDuration: cooldownMs,
        cacheMaxAge: 10 * 60_000,
        timeoutDuration: 10_000,
      });
      sets.set(url, set);
    }
    return set;
  };
}
export type PlatformKeySets = ReturnType<typeof platformKeySets>;

const refusalOf = (error: unknown): LaunchRefusal => {
  if (error instanceof joseErrors.JWTExpired) return 'expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'issuer_mismatch';
    if (error.claim === 'aud') return 'audience_mismatch';
    if (error.claim === 'iat' || error.claim === 'nbf')
      return error.reason === 'check_failed' ? 'issued_in_future' : 'expired';
    return 'malformed';
  }
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'key_unknown';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'signature_invalid';
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'unsigned';
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid)
    return 'key_set_unreachable';
  if (error instanceof joseErrors.JOSEError) return 'malformed';
  // A fetch that failed (refused connection, DNS): the platform's key set could not be read.
  return 'key_set_unreachable';
};

/** The header's alg, read without trusting it: only to say "unsigned" rather than "malformed". */
function headerAlg(token: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
      alg?: unknown;
    };
    return typeof header.alg === 'string' ? header.alg : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies a launch's id token for a registration: signature from the platform's key set, iss,
 * aud (the client id; with several audiences, azp must be the client id), exp and iat (a token
 * at most 10 minutes old, 30 s of clock skew), the nonce the login asked for, a deployment the
 * registration knows, and the message (type and version 1.3.0). The nonce's single use is the
 * caller's (it is recorded in the same transaction as the launch).
 */
export async function verifyLaunchToken(
  token: string,
  registration: LtiRegistrationRow,
  expectedNonce: string,
  keySets: PlatformKeySets,
  now: Date,
): Promise<VerifiedLaunch> {
  if (!registration.issuer || !registration.clientId || !registration.jwksUrl)
    throw new LaunchError('registration_unknown');
  const alg = headerAlg(token);
  if (alg === undefined) throw new LaunchError('malformed');
  if (alg.toLowerCase() === 'none' || !ALGORITHMS.includes(alg)) throw new LaunchError('unsigned');

  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, keySets(registration.jwksUrl), {
      algorithms: ALGORITHMS,
      issuer: registration.issuer,
      audience: registration.clientId,
      requiredClaims: ['exp', 'iat', 'nonce'],
      maxTokenAge: '10m',
      clockTolerance: 30,
      currentDate: now,
    }));
  } catch (error) {
    throw new LaunchError(refusalOf(error));
  }

  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== registration.clientId)
    throw new LaunchError('azp_mismatch');
  if (claims.azp !== undefined && claims.azp !== registration.clientId) throw new LaunchError('azp_mismatch');
  if (claims.nonce !== expectedNonce) throw new LaunchError('nonce_mismatch');

  const deploymentId = claims[LTI_CLAIM.deploymentId];
  if (typeof deploymentId !== 'string' || !registration.deploymentIds.includes(deploymentId))
    throw new LaunchError('deployment_unknown');
  const messageType = claims[LTI_CLAIM.messageType];
  if (!MESSAGE_TYPES.includes(messageType as LtiMessageType))
    throw new LaunchError('message_type_unsupported');
  if (claims[LTI_CLAIM.version] !== LTI_VERSION) throw new LaunchError('version_unsupported');

  const roles = claims[LTI_CLAIM.roles];
  if (!Array.isArray(roles) || !roles.every((r) => typeof r === 'string')) throw new LaunchError('malformed');
  // Anonymous launches (no sub, LTI Core §5.3.6) are not for an assessment tool: results need a person.
  if (typeof claims.sub !== 'string' || !claims.sub) throw new LaunchError('subject_missing');

  let resourceLinkId: string | null = null;
  if (messageType === 'LtiResourceLinkRequest') {
    const link = claims[LTI_CLAIM.resourceLink] as { id?: unknown } | undefined;
    if (!link || typeof link.id !== 'string' || !link.id) throw new LaunchError('resource_link_missing');
    resourceLinkId = link.id;
  }
  const target = claims[LTI_CLAIM.targetLinkUri];
  return {
    claims,
    sub: claims.sub,
    messageType: messageType as LtiMessageType,
    deploymentId,
    roles: roles as string[],
    resourceLinkId,
    targetLinkUri: typeof target === 'string' ? target : null,
  };
}

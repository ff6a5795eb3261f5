import { z } from 'zod';
import { publicUrl, type Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { PLATFORM_CONFIGURATION, TOOL_CONFIGURATION, TOOL_SCOPES } from './lti.claims.ts';

/**
 * The tool's side of LTI Dynamic Registration 1.0 (§3): read the platform's OpenID configuration
 * (§3.3–3.4), post the tool's registration to its registration endpoint with the registration
 * token (§3.5), read back the client id and deployment (§3.6). Network and answers are checked;
 * whatever goes wrong becomes `lti_registration_failed` with the reason, and nothing is saved.
 */

export const registrationFailed = (reason: string) =>
  new AppError(400, 'lti_registration_failed', `Dynamic registration failed: ${reason}`, { reason });

/** Platform URLs must be https in production; http is for loopback tests and development. */
export function platformUrlAllowed(config: Config, value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && config.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}

const PlatformConfigurationSchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  registration_endpoint: z.string(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
  [PLATFORM_CONFIGURATION]: z
    .object({ product_family_code: z.string().optional(), version: z.string().optional() })
    .loose()
    .optional(),
});

const RegistrationResponseSchema = z.object({
  client_id: z.string().min(1),
  [TOOL_CONFIGURATION]: z
    .object({ deployment_id: z.string().min(1).optional() })
    .loose()
    .optional(),
});

async function fetchJson(url: string, init: RequestInit, what: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(10_000) });
  } catch {
    throw registrationFailed(`${what} could not be reached`);
  }
  const text = await res.text();
  if (!res.ok) throw registrationFailed(`${what} answered ${res.status}`);
  if (text.length > 256 * 1024) throw registrationFailed(`${what} answered too much`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw registrationFailed(`${what} did not answer JSON`);
  }
}

export interface PlatformRegistration {
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  jwksUrl: string;
  authLoginUrl: string;
  tokenUrl: string;
  productFamily: string | null;
}

/** The client registration the tool posts (OpenID Connect Registration with LTI's tool configuration). */
export function toolRegistrationRequest(
  config: Config,
  endpoints: { loginUrl: string; launchUrl: string; jwksUrl: string },
) {
  const base = publicUrl(config);
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: endpoints.loginUrl,
    redirect_uris: [endpoints.launchUrl],
    client_name: 'vbuilder',
    jwks_uri: endpoints.jwksUrl,
    logo_uri: `${base}/favicon.svg`,
    token_endpoint_auth_method: 'private_key_jwt',
    scope: TOOL_SCOPES.join(' '),
    [TOOL_CONFIGURATION]: {
      domain: new URL(base).host,
      target_link_uri: endpoints.launchUrl,
      claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
      // Only what works today: resource link launches (deep linking comes with its own session).
      messages: [{ type: 'LtiResourceLinkRequest' }],
    },
  };
}

export async function registerWithPlatform(
  config: Config,
  endpoints: { loginUrl: string; launchUrl: string; jwksUrl: string },
  openidConfigurationUrl: string,
  registrationToken: string | undefined,
): Promise<PlatformRegistration> {
  if (!platformUrlAllowed(config, openidConfigurationUrl))
    throw registrationFailed('openid_configuration URL not allowed');
  const parsed = PlatformConfigurationSchema.safeParse(
    await fetchJson(
      openidConfigurationUrl,
      { headers: { accept: 'application/json' } },
      'the platform configuration',
    ),
  );
  if (!parsed.success) throw registrationFailed('the platform configuration lacks required members');
  const platform = parsed.data;
  for (const url of [
    platform.issuer,
    platform.authorization_endpoint,
    platform.token_endpoint,
    platform.jwks_uri,
    platform.registration_endpoint,
  ])
    if (!platformUrlAllowed(config, url)) throw registrationFailed(`platform URL not allowed: ${url}`);
  if (
    platform.token_endpoint_auth_methods_supported &&
    !platform.token_endpoint_auth_methods_supported.includes('private_key_jwt')
  )
    throw registrationFailed('the platform does not accept private_key_jwt');
  if (
    platform.id_token_signing_alg_values_supported &&
    !platform.id_token_signing_alg_values_supported.includes('RS256')
  )
    throw registrationFailed('the platform does not sign with RS256');

  const answer = RegistrationResponseSchema.safeParse(
    await fetchJson(
      platform.registration_endpoint,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(registrationToken ? { authorization: `Bearer ${registrationToken}` } : {}),
        },
        body: JSON.stringify(toolRegistrationRequest(config, endpoints)),
      },
      'the registration endpoint',
    ),
  );
  if (!answer.success) throw registrationFailed('the registration answer has no client_id');
  const deploymentId = answer.data[TOOL_CONFIGURATION]?.deployment_id;
  return {
    issuer: platform.issuer,
    clientId: answer.data.client_id,
    deploymentIds: deploymentId ? [deploymentId] : [],
    jwksUrl: platform.jwks_uri,
    authLoginUrl: platform.authorization_endpoint,
    tokenUrl: platform.token_endpoint,
    productFamily: platform[PLATFORM_CONFIGURATION]?.product_family_code ?? null,
  };
}

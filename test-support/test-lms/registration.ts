import { randomBytes } from 'node:crypto';
import { SCOPE, TOOL_CONFIGURATION } from './claims.ts';

/** A tool as the platform knows it, registered by hand or by Dynamic Registration. */
export interface ToolRecord {
  clientId: string;
  name?: string;
  initiateLoginUri: string;
  redirectUris: string[];
  jwksUri: string;
  targetLinkUri: string;
  deploymentIds: string[];
  /** The service scopes the tool may ask the token endpoint for. */
  scopes: string[];
}

const isUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * The platform side of a Dynamic Registration request (LTI Dynamic Registration 1.0 §3.4–3.6):
 * the tool posts an OpenID Connect client registration with its LTI tool configuration; the
 * platform checks the required members, gives a client_id and a deployment, and answers with the
 * registration as saved.
 */
export function registerTool(
  body: string,
  tools: Map<string, ToolRecord>,
):
  | { error: string; error_description: string }
  | { request: Record<string, unknown>; response: Record<string, unknown> } {
  let request: Record<string, unknown>;
  try {
    request = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return { error: 'invalid_client_metadata', error_description: 'not JSON' };
  }
  const bad = (what: string) => ({ error: 'invalid_client_metadata', error_description: what });
  const config = request[TOOL_CONFIGURATION] as Record<string, unknown> | undefined;
  if (request.application_type !== 'web') return bad('application_type must be web');
  const arr = (v: unknown) => (Array.isArray(v) ? (v as unknown[]) : []);
  if (!arr(request.response_types).includes('id_token')) return bad('response_types must include id_token');
  if (
    !arr(request.grant_types).includes('implicit') ||
    !arr(request.grant_types).includes('client_credentials')
  )
    return bad('grant_types must include implicit and client_credentials');
  if (!isUrl(request.initiate_login_uri)) return bad('initiate_login_uri');
  if (!arr(request.redirect_uris).length || !arr(request.redirect_uris).every(isUrl))
    return bad('redirect_uris');
  if (!isUrl(request.jwks_uri)) return bad('jwks_uri');
  if (typeof request.client_name !== 'string' || !request.client_name) return bad('client_name');
  if (request.token_endpoint_auth_method !== 'private_key_jwt') return bad('token_endpoint_auth_method');
  if (!config || typeof config.domain !== 'string' || !isUrl(config.target_link_uri))
    return bad(`${TOOL_CONFIGURATION} with domain and target_link_uri`);
  if (!Array.isArray(config.messages)) return bad('messages');

  const clientId = `client-${randomBytes(6).toString('hex')}`;
  const deploymentId = `dep-${randomBytes(4).toString('hex')}`;
  const allowed = Object.values(SCOPE) as string[];
  const scopes = String(request.scope ?? '')
    .split(' ')
    .filter((s) => allowed.includes(s));
  tools.set(clientId, {
    clientId,
    name: request.client_name as string,
    initiateLoginUri: request.initiate_login_uri as string,
    redirectUris: request.redirect_uris as string[],
    jwksUri: request.jwks_uri as string,
    targetLinkUri: config.target_link_uri as string,
    deploymentIds: [deploymentId],
    scopes,
  });
  return {
    request,
    response: {
      ...request,
      client_id: clientId,
      scope: scopes.join(' '),
      [TOOL_CONFIGURATION]: { ...config, deployment_id: deploymentId },
    },
  };
}

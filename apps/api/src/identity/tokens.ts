import type { Config } from '../config.ts';
import { publicUrl } from '../config.ts';
import type { UserRow } from '../db/schema/index.ts';

/** The embedded provider's issuer: mounted at /oidc on the public origin. */
export const embeddedIssuer = (config: Config) => `${publicUrl(config)}/oidc`;

/** The resource indicator (audience) of the API's access tokens. */
export const apiAudience = (config: Config) => `${publicUrl(config)}/api`;

/**
 * Claims an access token carries beside iss/sub/exp/iat/jti (docs/product/data.md "Session token": expiry,
 * subject, session id, realm and resource roles), plus the organization. The API never trusts
 * them for authorization: it reloads the user from the database on each request.
 */
export function accessTokenClaims(user: Pick<UserRow, 'role' | 'organizationId'>, clientId: string) {
  return {
    realm_access: { roles: [user.role] },
    resource_access: { [clientId]: { roles: [user.role] } },
    organization_id: user.organizationId,
  };
}

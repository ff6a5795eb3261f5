import { User } from 'oidc-client-ts';

/** A complete profile for tests; override what the test is about. */
export { makeProfile as profile } from '../../../test/profile.ts';

/** An identity-client session whose access token has `secondsLeft` of life (Date.now based). */
export function oidcUser(
  secondsLeft: number,
  overrides: { token?: string; refresh?: string | null; idToken?: string } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new User({
    access_token: overrides.token ?? 'access-1',
    refresh_token: overrides.refresh === null ? undefined : (overrides.refresh ?? 'refresh-1'),
    id_token: overrides.idToken ?? 'id-token-1',
    token_type: 'Bearer',
    profile: {
      sub: 'u-1',
      iss: 'http://localhost/oidc',
      aud: 'vbuilder-web',
      exp: now + secondsLeft,
      iat: now,
    },
    expires_at: now + secondsLeft,
  });
}

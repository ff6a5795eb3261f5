import { User } from 'oidc-client-ts';
import type { UserProfile } from '@vbuilder/shared';

/** A complete profile for tests; override what the test is about. */
export function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 'u-1',
    email: 'ada@school.test',
    role: 'Teacher',
    organizationId: 'org-1',
    must_change_password: false,
    name: 'Ada Lovelace',
    phone: null,
    status: 'active',
    loggin_status: 'logged_in',
    last_login: null,
    created_at: '2026-01-01T00:00:00.000Z',
    profile_image: null,
    ...overrides,
  };
}

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

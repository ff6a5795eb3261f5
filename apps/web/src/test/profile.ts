import type { UserProfile } from '@vbuilder/shared';

/** A complete profile for tests; override what the test is about. */
export function makeProfile(overrides: Partial<UserProfile> = {}): UserProfile {
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
    language: 'en',
    ...overrides,
  };
}

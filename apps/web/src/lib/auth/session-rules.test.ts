import { describe, expect, it } from 'vitest';
import { AUTH_TIMINGS } from './constants.ts';
import {
  assessToken,
  expectedOrganization,
  identityChanged,
  intendedPathToStore,
  isAuthRedirect,
  isProfileCacheValid,
  isPublicRoute,
  needsRefreshBeforeRequest,
  resolvePostLoginPath,
  shouldLeavePublicRoute,
  throttleDelay,
} from './session-rules.ts';
import { profile } from './test/fixtures.ts';

describe('public routes', () => {
  it.each([
    '/',
    '/login',
    '/auth/callback',
    '/sign-up',
    '/forgotpassword',
    '/resetpassword',
    '/activate_account',
    '/confirm-email?token=x',
    '/undo-email-change',
    '/create-organization',
    '/change-password',
    '/signin/abc123',
    '/verify/ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
    '/login?login=1',
    '/resetpassword?token=x#top',
    '/sign-up/',
  ])('%s is public', (path) => {
    expect(isPublicRoute(path)).toBe(true);
  });

  it.each(['/account/home', '/account', '/signin', '/loginx', '/account/login', '/nope'])(
    '%s is not public',
    (path) => {
      expect(isPublicRoute(path)).toBe(false);
    },
  );
});

describe('intended path', () => {
  it('is never a public route', () => {
    expect(intendedPathToStore('/login')).toBeNull();
    expect(intendedPathToStore('/auth/callback?code=1')).toBeNull();
    expect(intendedPathToStore('/signin/xyz')).toBeNull();
    expect(intendedPathToStore('/')).toBeNull();
  });

  it('keeps protected paths with their query', () => {
    expect(intendedPathToStore('/account/users/u-1?page=2')).toBe('/account/users/u-1?page=2');
  });

  it('refuses other sites and the logout page', () => {
    expect(intendedPathToStore('//evil.example/x')).toBeNull();
    expect(intendedPathToStore('https://evil.example')).toBeNull();
    expect(intendedPathToStore('/account/logout')).toBeNull();
  });

  it('resolves to the stored path unless public, else /account/home', () => {
    expect(resolvePostLoginPath('/account/subscription')).toBe('/account/subscription');
    expect(resolvePostLoginPath('/sign-up')).toBe('/account/home');
    expect(resolvePostLoginPath(null)).toBe('/account/home');
    expect(resolvePostLoginPath('//evil.example')).toBe('/account/home');
  });

  it('sends an account without organization to create one first (not the Super Administrator)', () => {
    const newcomer = { organizationId: null, role: 'Administrator' };
    expect(resolvePostLoginPath('/account/subscription', newcomer)).toBe('/create-organization');
    expect(resolvePostLoginPath(null, newcomer)).toBe('/create-organization');
    const superAdmin = { organizationId: null, role: 'Super Administrator' };
    expect(resolvePostLoginPath(null, superAdmin)).toBe('/account/home');
    expect(resolvePostLoginPath('/account/home', { organizationId: 'org-1', role: 'Teacher' })).toBe(
      '/account/home',
    );
  });
});

describe('signed-in users on public routes', () => {
  it('leave every public route except the callback and change-password pages', () => {
    expect(shouldLeavePublicRoute('/login')).toBe(true);
    expect(shouldLeavePublicRoute('/')).toBe(true);
    expect(shouldLeavePublicRoute('/sign-up')).toBe(true);
    expect(shouldLeavePublicRoute('/auth/callback')).toBe(false);
    expect(shouldLeavePublicRoute('/change-password')).toBe(false);
    expect(shouldLeavePublicRoute('/account/home')).toBe(false);
  });

  it('stay on the provider sign-in page, which is finishing an authorization request', () => {
    expect(shouldLeavePublicRoute('/signin/abc')).toBe(false);
  });

  it('stay on a certificate verification page (anyone may check a code, signed in or not)', () => {
    expect(shouldLeavePublicRoute('/verify/ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')).toBe(false);
    expect(intendedPathToStore('/verify/ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')).toBeNull();
  });

  it('stay on /create-organization only while they have no organization', () => {
    expect(shouldLeavePublicRoute('/create-organization', { organizationId: null })).toBe(false);
    expect(shouldLeavePublicRoute('/create-organization', { organizationId: 'org-1' })).toBe(true);
  });
});

describe('auth redirect detection', () => {
  it('sees code or state in the query', () => {
    expect(isAuthRedirect('?code=abc&state=xyz')).toBe(true);
    expect(isAuthRedirect('?state=xyz')).toBe(true);
    expect(isAuthRedirect('?login=1')).toBe(false);
    expect(isAuthRedirect('')).toBe(false);
  });
});

describe('user cache', () => {
  const user = profile();

  it('is valid only under 30 s old', () => {
    const cache = { user, fetchedAt: 1_000_000 };
    expect(isProfileCacheValid(cache, 1_000_000 + 29_999, 'org-1')).toBe(true);
    expect(isProfileCacheValid(cache, 1_000_000 + AUTH_TIMINGS.profileCacheMs, 'org-1')).toBe(false);
  });

  it('must match the expected organization', () => {
    const cache = { user, fetchedAt: 0 };
    expect(isProfileCacheValid(cache, 10, 'org-2')).toBe(false);
    expect(isProfileCacheValid(cache, 10, undefined)).toBe(false);
    expect(isProfileCacheValid({ user: profile({ organizationId: null }), fetchedAt: 0 }, 10, null)).toBe(
      true,
    );
  });

  it('expects the organization of the cookie first, then of the current user', () => {
    expect(expectedOrganization({ organizationId: 'a' }, { organizationId: 'b' })).toBe('a');
    expect(expectedOrganization(null, { organizationId: 'b' })).toBe('b');
    expect(expectedOrganization(null, null)).toBeUndefined();
  });

  it.each([
    ['id', { id: 'u-2' }],
    ['email', { email: 'other@school.test' }],
    ['role', { role: 'Administrator' }],
    ['organizationId', { organizationId: 'org-2' }],
    ['must_change_password', { must_change_password: true }],
  ])('is dropped when %s changes', (_field, change) => {
    expect(identityChanged(user, { ...user, ...change })).toBe(true);
  });

  it('is kept when only the name, phone or image change', () => {
    expect(
      identityChanged(user, { ...user, name: 'Ada King', phone: '+1 555', profile_image: '/x.png' }),
    ).toBe(false);
  });
});

describe('token timing', () => {
  const now = 1_700_000_000_000;
  const at = (msLeft: number) => (now + msLeft) / 1000;

  it('flags expiring under 5 minutes and refreshes under 2 minutes', () => {
    expect(assessToken(at(5 * 60_000 + 1), now)).toMatchObject({ expiring: false, shouldRefresh: false });
    expect(assessToken(at(5 * 60_000 - 1), now)).toMatchObject({ expiring: true, shouldRefresh: false });
    expect(assessToken(at(2 * 60_000 - 1), now)).toMatchObject({ expiring: true, shouldRefresh: true });
    expect(assessToken(null, now)).toMatchObject({ expiring: false, shouldRefresh: false });
  });

  it('refreshes before a request under 30 s left', () => {
    expect(needsRefreshBeforeRequest(at(29_000), now)).toBe(true);
    expect(needsRefreshBeforeRequest(at(31_000), now)).toBe(false);
    expect(needsRefreshBeforeRequest(undefined, now)).toBe(false);
  });

  it('throttles to the minimum interval', () => {
    expect(throttleDelay(null, 5_000, 1_000)).toBe(0);
    expect(throttleDelay(5_000, 5_400, 1_000)).toBe(600);
    expect(throttleDelay(5_000, 6_000, 1_000)).toBe(0);
  });
});

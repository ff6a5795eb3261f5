import type { UserProfile } from '@vbuilder/shared';
import {
  AUTH_TIMINGS,
  CALLBACK_PATH,
  CHANGE_PASSWORD_PATH,
  CREATE_ORGANIZATION_PATH,
  DEFAULT_LANDING_PATH,
} from './constants.ts';

/**
 * Pure rules of the session (docs/product/states.md, docs/product/validation.md): which paths are public, where to go after login,
 * when a cached profile may be reused, and what the token's remaining life calls for.
 * No storage, no clock, no browser: everything comes in as arguments.
 */

/** The links of an email change: opened from a mail, signed in or not. */
const EMAIL_CONFIRM_PATH = '/confirm-email';
const EMAIL_UNDO_PATH = '/undo-email-change';
/** Where an LTI launch leaves the browser with its one-time code (docs/product/lti.md). */
export const LTI_LAUNCH_PATH = '/lti/launch';

/** docs/product/screens.md public routes, plus the identity provider's sign-in pages (/signin/:uid). */
export const PUBLIC_ROUTES = [
  '/',
  '/login',
  CALLBACK_PATH,
  '/sign-up',
  '/forgotpassword',
  '/resetpassword',
  '/activate_account',
  EMAIL_CONFIRM_PATH,
  EMAIL_UNDO_PATH,
  CREATE_ORGANIZATION_PATH,
  CHANGE_PASSWORD_PATH,
  LTI_LAUNCH_PATH,
] as const;

/** The identity provider's sign-in pages, and the public verification of a certificate. */
const PUBLIC_PREFIXES = ['/signin/', '/verify/'] as const;

/**
 * Public routes a signed-in user may stay on. The callback and change-password pages come from
 * docs/product/states.md(the email-change links); the provider's /signin pages are mid-way through an authorization request, and taking
 * a user away from them would leave that request, and a forced re-login, unfinished.
 */
export const REDIRECT_EXEMPT_ROUTES = [
  CALLBACK_PATH,
  CHANGE_PASSWORD_PATH,
  // An email change's link is for whoever opens the mail, signed in on this browser or not.
  EMAIL_CONFIRM_PATH,
  EMAIL_UNDO_PATH,
  // A launch names its person: whoever is signed in here, the launch's code signs that person in.
  LTI_LAUNCH_PATH,
] as const;

/** Only the path part counts: query, hash and a trailing slash are ignored. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  if (bare.length > 1 && bare.endsWith('/')) return bare.replace(/\/+$/, '') || '/';
  return bare || '/';
}

export function isPublicRoute(path: string): boolean {
  const bare = normalizePath(path);
  if ((PUBLIC_ROUTES as readonly string[]).includes(bare)) return true;
  return PUBLIC_PREFIXES.some((prefix) => bare.startsWith(prefix) && bare.length > prefix.length);
}

/**
 * True when an authenticated user on this path must be sent on to their destination.
 * /create-organization is where a new user without an organization creates one (the accounts
 * screens), so only users who already have an organization are moved on from it.
 */
export function shouldLeavePublicRoute(
  path: string,
  user?: Pick<UserProfile, 'organizationId'> | null,
): boolean {
  const bare = normalizePath(path);
  if (!isPublicRoute(bare)) return false;
  if ((REDIRECT_EXEMPT_ROUTES as readonly string[]).includes(bare)) return false;
  if (bare === CREATE_ORGANIZATION_PATH && user && !user.organizationId) return false;
  return !PUBLIC_PREFIXES.some((prefix) => bare.startsWith(prefix));
}

/**
 * Only same-site absolute paths are destinations: '//evil.example' or 'https://…' would turn the
 * stored path into an open redirect.
 */
export function isSafeInternalPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

/** Signing in to be signed out at once would be a strange destination. */
const NEVER_INTENDED = ['/account/logout'];

const isDestination = (path: string | null | undefined): path is string =>
  isSafeInternalPath(path) && !isPublicRoute(path) && !NEVER_INTENDED.includes(normalizePath(path));

/** The path to store before login, or null when it must not be stored (public or unsafe). */
export function intendedPathToStore(path: string): string | null {
  return isDestination(path) ? path : null;
}

/** Where to go after login: the stored path unless it is public (or unsafe), else the home dashboard. */
export function resolvePostLoginPath(
  intended: string | null | undefined,
  user?: Pick<UserProfile, 'organizationId' | 'role'> | null,
): string {
  // A new account (signed up, activated, first sign-in) belongs to no organization yet: nothing in
  // the signed-in area works without one, so its first stop is creating it. The platform's Super
  // Administrator belongs to none by design.
  if (user && !user.organizationId && user.role !== 'Super Administrator') return CREATE_ORGANIZATION_PATH;
  return isDestination(intended) ? intended : DEFAULT_LANDING_PATH;
}

/** A page that is the identity provider's answer: code or state in the query. */
export function isAuthRedirect(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('code') || params.has('state');
}

export interface CachedProfile {
  user: UserProfile;
  /** Epoch milliseconds when the profile was fetched. */
  fetchedAt: number;
}

/**
 * The organization the cache must match: the user_data cookie's, otherwise the current user's.
 * `undefined` means there is no reference at all (signed out), so nothing cached may be trusted.
 */
export function expectedOrganization(
  cookieUser: Pick<UserProfile, 'organizationId'> | null,
  currentUser: Pick<UserProfile, 'organizationId'> | null,
): string | null | undefined {
  if (cookieUser) return cookieUser.organizationId;
  if (currentUser) return currentUser.organizationId;
  return undefined;
}

/** docs/product/validation.md: a cached user is valid only under 30 s old and matching the expected organization. */
export function isProfileCacheValid(
  cache: CachedProfile | null,
  now: number,
  expectedOrganizationId: string | null | undefined,
  maxAgeMs: number = AUTH_TIMINGS.profileCacheMs,
): cache is CachedProfile {
  if (!cache) return false;
  const age = now - cache.fetchedAt;
  if (age < 0 || age >= maxAgeMs) return false;
  if (expectedOrganizationId === undefined) return false;
  return cache.user.organizationId === expectedOrganizationId;
}

/** The fields whose change makes the cached user someone else (docs/product/states.md). */
export const IDENTITY_FIELDS = ['id', 'email', 'role', 'organizationId', 'must_change_password'] as const;

export function identityChanged(previous: UserProfile | null, next: UserProfile | null): boolean {
  if (!previous || !next) return previous !== next;
  return IDENTITY_FIELDS.some((field) => previous[field] !== next[field]);
}

export interface TokenAssessment {
  /** Milliseconds of validity left; negative when already expired, null when unknown. */
  remainingMs: number | null;
  expiring: boolean;
  shouldRefresh: boolean;
}

/** What the monitor makes of a token that expires at `expiresAtSec` (epoch seconds). */
export function assessToken(expiresAtSec: number | null | undefined, now: number): TokenAssessment {
  if (expiresAtSec === null || expiresAtSec === undefined) {
    return { remainingMs: null, expiring: false, shouldRefresh: false };
  }
  const remainingMs = expiresAtSec * 1000 - now;
  return {
    remainingMs,
    expiring: remainingMs < AUTH_TIMINGS.tokenExpiringMs,
    shouldRefresh: remainingMs < AUTH_TIMINGS.tokenProactiveRefreshMs,
  };
}

/** API requests refresh first when the token has less than the request margin left (or no known expiry passed). */
export function needsRefreshBeforeRequest(
  expiresAtSec: number | null | undefined,
  now: number,
  marginMs: number = AUTH_TIMINGS.requestTokenMarginMs,
): boolean {
  if (expiresAtSec === null || expiresAtSec === undefined) return false;
  return expiresAtSec * 1000 - now < marginMs;
}

/** Milliseconds a throttled call must still wait (0 = go now). */
export function throttleDelay(lastStartedAt: number | null, now: number, minIntervalMs: number): number {
  if (lastStartedAt === null) return 0;
  return Math.max(0, lastStartedAt + minIntervalMs - now);
}

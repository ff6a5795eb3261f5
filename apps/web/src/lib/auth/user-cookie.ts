import Cookies from 'js-cookie';
import { UserProfileSchema, type UserProfile } from '@vbuilder/shared';
import { AUTH_KEYS, AUTH_LIMITS } from './constants.ts';

/**
 * The cached user of docs/product/data.md: cookie user_data (7 days), scoped to the parent domain so sister
 * sites can read it, secure and SameSite=None outside localhost. An older user_details cookie is
 * migrated to it.
 */

// Browsers drop cookies over ~4 KB; leave room for the name and attributes.
const MAX_COOKIE_VALUE = 3800;

export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '::1';
}

const isIpAddress = (hostname: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':');

/** The parent domain of a host ('app.example.com' → 'example.com'), or null when there is none to use. */
export function parentDomain(hostname: string): string | null {
  if (isLocalHost(hostname) || isIpAddress(hostname)) return null;
  const labels = hostname.split('.').filter(Boolean);
  if (labels.length < 2) return null;
  return labels.length === 2 ? labels.join('.') : labels.slice(1).join('.');
}

export function userCookieAttributes(hostname: string): Cookies.CookieAttributes {
  if (isLocalHost(hostname)) return { expires: AUTH_LIMITS.userCookieDays, path: '/', sameSite: 'Lax' };
  const domain = parentDomain(hostname);
  return {
    expires: AUTH_LIMITS.userCookieDays,
    path: '/',
    secure: true,
    sameSite: 'None',
    ...(domain ? { domain } : {}),
  };
}

function hostname(): string {
  return window.location.hostname;
}

function parseUser(raw: string | undefined): UserProfile | null {
  if (!raw) return null;
  try {
    const parsed = UserProfileSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function serialize(user: UserProfile): string | null {
  const full = JSON.stringify(user);
  if (encodeURIComponent(full).length <= MAX_COOKIE_VALUE) return full;
  // A large (e.g. inline) image must not cost us the whole cookie.
  const slim = JSON.stringify({ ...user, profile_image: null });
  return encodeURIComponent(slim).length <= MAX_COOKIE_VALUE ? slim : null;
}

/** Every attribute set a cookie of ours may have been written with: removal must match it. */
function removalVariants(host: string): Cookies.CookieAttributes[] {
  const domain = parentDomain(host);
  return [{ path: '/' }, ...(domain ? [{ path: '/', domain }] : [])];
}

function removeEverywhere(name: string): void {
  for (const attributes of removalVariants(hostname())) Cookies.remove(name, attributes);
}

/**
 * Writes the user cookie. If the browser refuses the scoped, secure form (plain http on a LAN
 * address, or a parent domain that is a public suffix), a host-only cookie is written instead.
 */
export function writeUserCookie(user: UserProfile): void {
  const value = serialize(user);
  if (!value) return;
  Cookies.set(AUTH_KEYS.userCookie, value, userCookieAttributes(hostname()));
  if (Cookies.get(AUTH_KEYS.userCookie) === value) return;
  Cookies.set(AUTH_KEYS.userCookie, value, {
    expires: AUTH_LIMITS.userCookieDays,
    path: '/',
    sameSite: 'Lax',
  });
}

export function readUserCookie(): UserProfile | null {
  return parseUser(Cookies.get(AUTH_KEYS.userCookie));
}

/** Moves an older user_details cookie to user_data (when valid) and removes the old one. */
export function migrateLegacyUserCookie(): UserProfile | null {
  const legacy = Cookies.get(AUTH_KEYS.legacyUserCookie);
  if (legacy === undefined) return null;
  removeEverywhere(AUTH_KEYS.legacyUserCookie);
  const user = parseUser(legacy);
  if (user && !Cookies.get(AUTH_KEYS.userCookie)) writeUserCookie(user);
  return user;
}

/** The cookie user for the first paint: migrated first, then read; an unreadable cookie is removed. */
export function loadCookieUser(): UserProfile | null {
  migrateLegacyUserCookie();
  const raw = Cookies.get(AUTH_KEYS.userCookie);
  const user = parseUser(raw);
  if (raw !== undefined && !user) removeEverywhere(AUTH_KEYS.userCookie);
  return user;
}

/** Logout (docs/product/data.md): user_data, user_details, access_token and refresh_token go. */
export function clearAuthCookies(): void {
  for (const name of [
    AUTH_KEYS.userCookie,
    AUTH_KEYS.legacyUserCookie,
    AUTH_KEYS.accessTokenCookie,
    AUTH_KEYS.refreshTokenCookie,
  ]) {
    removeEverywhere(name);
  }
}

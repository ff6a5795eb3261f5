import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';

/**
 * The owner's own browser, remembered after a successful sign-in (OWASP's "device
 * cookie"): sign-in failures from elsewhere are counted apart from it, so a guesser can never delay
 * the owner on the browser they use. The cookie names a random device and the account's email,
 * signed with the identity provider's cookie key (shared by every instance through the database);
 * it is only sent to the sign-in endpoints (its path) and is unreadable by scripts.
 */

export const DEVICE_COOKIE = 'vb_device';
const PATH = '/signin';
const MAX_AGE_SECONDS = 180 * 24 * 3600;

const normalized = (email: string) => email.trim().toLowerCase();
const signature = (key: string, deviceId: string, email: string) =>
  createHmac('sha256', key)
    .update(`${deviceId}|${normalized(email)}`)
    .digest('base64url');

/** The device id the request's cookie vouches for with this email, or null. */
export function deviceOf(cookieHeader: string | undefined, email: string, key: string): string | null {
  const value = cookieHeader ? parseCookie(cookieHeader)[DEVICE_COOKIE] : undefined;
  if (!value) return null;
  const [deviceId, given] = value.split('.');
  if (!deviceId || !given) return null;
  const expected = Buffer.from(signature(key, deviceId, email));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? deviceId : null;
}

/** The Set-Cookie value remembering this browser for this email (a new device id unless it had one). */
export function deviceCookie(
  email: string,
  key: string,
  options: { deviceId: string | null; secure: boolean },
): string {
  const deviceId = options.deviceId ?? randomUUID();
  return stringifySetCookie({
    name: DEVICE_COOKIE,
    value: `${deviceId}.${signature(key, deviceId, email)}`,
    path: PATH,
    maxAge: MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
  });
}

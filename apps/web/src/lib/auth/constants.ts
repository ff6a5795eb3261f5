/** The numbers of docs/product/limits.md that govern the session, in one place so tests and code agree. */
export const AUTH_TIMINGS = {
  /** The identity client must be ready within this time, or the error screen shows. */
  initTimeoutMs: 30_000,
  /** A cached profile is reused while younger than this. */
  profileCacheMs: 30_000,
  /** Profile calls are at least this far apart (except on the callback page). */
  profileMinIntervalMs: 1_000,
  /** API requests refresh the access token first when fewer than this remain. */
  requestTokenMarginMs: 30_000,
  /** The token monitor looks at the token this often. */
  tokenMonitorIntervalMs: 30_000,
  /** Below this the token is flagged as expiring. */
  tokenExpiringMs: 5 * 60_000,
  /** Below this the monitor refreshes without waiting for expiry. */
  tokenProactiveRefreshMs: 2 * 60_000,
  /** The protected area shows no spinner for this long, so quick sessions never flash one. */
  gateSpinnerDelayMs: 100,
  /** Once shown, the spinner stays at least this long, so it never blinks. */
  gateSpinnerMinMs: 200,
} as const;

export const AUTH_LIMITS = {
  /** A 401 from the API is retried with a refreshed token this many times before a forced login. */
  maxUnauthorizedRetries: 2,
  /** 'Try Again' on the authentication error screen is offered while fewer retries were used. */
  maxErrorScreenRetries: 3,
  /** Lifetime of the user_data cookie, in days. */
  userCookieDays: 7,
} as const;

/** Storage keys and cookie names of docs/product/data.md "Cached user". */
export const AUTH_KEYS = {
  intendedPath: 'intendedPath',
  userCookie: 'user_data',
  legacyUserCookie: 'user_details',
  accessTokenCookie: 'access_token',
  refreshTokenCookie: 'refresh_token',
} as const;

export const CALLBACK_PATH = '/auth/callback';
export const LOGIN_PATH = '/login';
export const CHANGE_PASSWORD_PATH = '/change-password';
export const CREATE_ORGANIZATION_PATH = '/create-organization';
export const DEFAULT_LANDING_PATH = '/account/home';

/** The catalogue text of docs/product/messages.md for an identity client that never became ready. */
export const INIT_TIMEOUT_MESSAGE = 'Keycloak initialization timeout';

/** Where the identity client keeps its session and pending login state (localStorage keys). */
export const OIDC_STORAGE_PREFIX = 'vbuilder.oidc.';

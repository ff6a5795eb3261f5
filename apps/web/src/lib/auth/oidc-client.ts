import type {
  SigninRedirectArgs,
  SignoutRedirectArgs,
  User,
  UserManager,
  UserManagerSettings,
} from 'oidc-client-ts';
import type * as OidcLibrary from 'oidc-client-ts';
import { loadAuthConfig, STALE_STATE_AGE_SECONDS, type AuthConfig } from './auth-config.ts';
import { CALLBACK_PATH, OIDC_STORAGE_PREFIX } from './constants.ts';
import { dpopAvailable, pageDpop } from './dpop.ts';

// The configuration lives in auth-config.ts (no identity library there, for the product links).
export * from './auth-config.ts';

/**
 * The identity client (docs/product/states.md): authorization code with PKCE S256, query response mode, refresh
 * tokens, no login-status iframe, callback state kept one hour. The issuer comes from
 * GET /api/auth/config so an external provider (Keycloak) is a matter of server configuration.
 *
 * The identity library (oidc-client-ts, about 20 KB compressed) is only needed to talk to the
 * provider: sign in, complete the callback, refresh, sign out. A page opened with a valid stored
 * session (a student reopening an assessment) needs none of that, so the page's client reads the
 * stored session itself and fetches the library on the first call that needs it.
 */

export { OIDC_STORAGE_PREFIX };

/** What the app reads of a session; the library's `User` has it, and so has a stored one read here. */
export type SessionUser = Pick<
  User,
  'access_token' | 'refresh_token' | 'id_token' | 'token_type' | 'expires_at' | 'expired' | 'profile'
>;

/** The part of the identity client the app uses (the library's UserManager has the same shape). */
export interface PageIdentityClient {
  getUser(): Promise<SessionUser | null>;
  removeUser(): Promise<void>;
  clearStaleState(): Promise<void>;
  signinCallback(url?: string): Promise<SessionUser | undefined>;
  signinRedirect(args?: SigninRedirectArgs): Promise<void>;
  signinSilent(): Promise<SessionUser | null>;
  signoutRedirect(args?: SignoutRedirectArgs): Promise<void>;
  events: {
    /** `callback` runs once per access token, when it has expired; returns the unsubscribe function. */
    addAccessTokenExpired(callback: () => void | Promise<void>): () => void;
  };
}

/** Removes everything the identity client stored (sign out & restart). */
export function clearIdentityStorage(): void {
  for (const store of [window.localStorage, window.sessionStorage]) {
    for (const key of Object.keys(store)) if (key.startsWith(OIDC_STORAGE_PREFIX)) store.removeItem(key);
  }
}

type IdentityLibrary = typeof OidcLibrary;

export function userManagerSettings(
  library: IdentityLibrary,
  config: AuthConfig,
  origin: string,
): UserManagerSettings {
  const storage = new library.WebStorageStateStore({
    store: window.localStorage,
    prefix: OIDC_STORAGE_PREFIX,
  });
  return {
    authority: config.issuer,
    client_id: config.clientId,
    scope: config.scopes,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    response_mode: 'query',
    disablePKCE: false,
    monitorSession: false,
    // Our own monitor refreshes proactively (docs/product/states.md); the library's timer would race it.
    automaticSilentRenew: false,
    staleStateAgeInSeconds: STALE_STATE_AGE_SECONDS,
    // The profile comes from our API; the userinfo call would only add a round trip.
    loadUserInfo: false,
    // State in localStorage survives the round trip through the provider. The session itself is
    // shared by the tabs of this browser, which take turns refreshing it (token-service.ts).
    stateStore: storage,
    userStore: storage,
    // Tokens bound to this browser's key (DPoP), the code too; without WebCrypto (a page
    // served over plain HTTP) the tokens stay Bearer tokens.
    ...(dpopAvailable()
      ? { dpop: { store: pageDpop().store(config.clientId), bind_authorization_code: true } }
      : {}),
  };
}

/** Where the library keeps the session (its WebStorageStateStore key for the user). */
export const storedUserKey = (config: Pick<AuthConfig, 'issuer' | 'clientId'>) =>
  `${OIDC_STORAGE_PREFIX}user:${config.issuer}:${config.clientId}`;

/** The session the library stored, read without it; null when there is none or it is unreadable. */
export function readStoredUser(
  config: Pick<AuthConfig, 'issuer' | 'clientId'>,
  now: () => number = Date.now,
): SessionUser | null {
  let stored: unknown;
  try {
    stored = JSON.parse(window.localStorage.getItem(storedUserKey(config)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const fields = stored as Partial<Record<keyof SessionUser, unknown>>;
  if (typeof fields.access_token !== 'string' || typeof fields.profile !== 'object' || !fields.profile)
    return null;
  const expiresAt = typeof fields.expires_at === 'number' ? fields.expires_at : undefined;
  return {
    access_token: fields.access_token,
    refresh_token: typeof fields.refresh_token === 'string' ? fields.refresh_token : undefined,
    id_token: typeof fields.id_token === 'string' ? fields.id_token : undefined,
    token_type: typeof fields.token_type === 'string' ? fields.token_type : 'Bearer',
    expires_at: expiresAt,
    profile: fields.profile as User['profile'],
    // As the library's User: computed when read, so a kept object still tells the truth.
    get expired() {
      return expiresAt === undefined ? undefined : expiresAt - Math.floor(now() / 1000) <= 0;
    },
  };
}

/** When nothing changed, how often an expired token that could not be renewed is looked at again. */
const EXPIRED_RECHECK_MS = 30_000;

/** The page's identity client: the stored session read here, the library fetched when needed. */
export function createIdentityClient(
  config: AuthConfig,
  origin = window.location.origin,
  loadLibrary: () => Promise<IdentityLibrary> = () => import('oidc-client-ts'),
): PageIdentityClient {
  let manager: UserManager | null = null;
  let managerPromise: Promise<UserManager> | null = null;
  const library = (): Promise<UserManager> =>
    (managerPromise ??= loadLibrary().then((oidc) => {
      manager = new oidc.UserManager(userManagerSettings(oidc, config, origin));
      return manager;
    })).catch((error: unknown) => {
      managerPromise = null;
      throw error;
    });

  const getUser = async (): Promise<SessionUser | null> => {
    if (manager) return manager.getUser();
    const user = readStoredUser(config);
    // Signed out: signing in is the next step, and it needs the library.
    if (!user) void library().catch(() => undefined);
    return user;
  };

  return {
    getUser,
    async removeUser() {
      // The library also forgets the DPoP nonce; without it there is nothing but the stored user.
      if (manager) return manager.removeUser();
      window.localStorage.removeItem(storedUserKey(config));
    },
    clearStaleState: async () => (await library()).clearStaleState(),
    signinCallback: async (url) => (await library()).signinCallback(url),
    signinRedirect: async (args) => (await library()).signinRedirect(args),
    signinSilent: async () => (await library()).signinSilent(),
    signoutRedirect: async (args) => (await library()).signoutRedirect(args),
    events: {
      addAccessTokenExpired(callback) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        let stopped = false;
        let firedFor: string | null = null;
        const arm = async () => {
          const user = await getUser().catch(() => null);
          if (stopped || !user || user.expires_at === undefined) return;
          const expiresInMs = user.expires_at * 1000 - Date.now();
          const delay =
            user.expired && user.access_token === firedFor ? EXPIRED_RECHECK_MS : Math.max(expiresInMs, 0);
          timer = setTimeout(() => void check(), delay);
        };
        const check = async () => {
          const user = await getUser().catch(() => null);
          if (stopped) return;
          if (user?.expired && user.access_token !== firedFor) {
            firedFor = user.access_token;
            await callback();
          }
          void arm();
        };
        void arm();
        return () => {
          stopped = true;
          clearTimeout(timer);
        };
      },
    },
  };
}

let clientPromise: Promise<PageIdentityClient> | null = null;

/** The page's single identity client, created once the configuration is known. */
export function getUserManager(): Promise<PageIdentityClient> {
  clientPromise ??= loadAuthConfig()
    .then((config) => createIdentityClient(config))
    .catch((error: unknown) => {
      clientPromise = null;
      throw error;
    });
  return clientPromise;
}

/** The identity client if it was already asked for, else null (nothing is loaded). */
export function currentUserManager(): Promise<PageIdentityClient> | null {
  return clientPromise;
}

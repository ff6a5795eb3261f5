import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { loadAuthConfig, STALE_STATE_AGE_SECONDS, type AuthConfig } from './auth-config.ts';
import { CALLBACK_PATH, OIDC_STORAGE_PREFIX } from './constants.ts';
import { dpopAvailable, pageDpop } from './dpop.ts';

// The configuration lives in auth-config.ts (no identity library there, for the product links).
export * from './auth-config.ts';

/**
 * The identity client (SPEC §4): authorization code with PKCE S256, query response mode, refresh
 * tokens, no login-status iframe, callback state kept one hour. The issuer comes from
 * GET /api/auth/config so an external provider (Keycloak) is a matter of server configuration.
 */

export { OIDC_STORAGE_PREFIX };

/** Removes everything the identity client stored (sign out & restart). */
export function clearIdentityStorage(): void {
  for (const store of [window.localStorage, window.sessionStorage]) {
    for (const key of Object.keys(store)) if (key.startsWith(OIDC_STORAGE_PREFIX)) store.removeItem(key);
  }
}

export function userManagerSettings(config: AuthConfig, origin: string): UserManagerSettings {
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
    // Our own monitor refreshes proactively (SPEC §4); the library's timer would race it.
    automaticSilentRenew: false,
    staleStateAgeInSeconds: STALE_STATE_AGE_SECONDS,
    // The profile comes from our API; the userinfo call would only add a round trip.
    loadUserInfo: false,
    // State in localStorage survives the round trip through the provider. The session itself is
    // shared by the tabs of this browser, which take turns refreshing it (token-service.ts).
    stateStore: new WebStorageStateStore({ store: window.localStorage, prefix: OIDC_STORAGE_PREFIX }),
    userStore: new WebStorageStateStore({ store: window.localStorage, prefix: OIDC_STORAGE_PREFIX }),
    // Tokens bound to this browser's key (DPoP, issue 16), the code too; without WebCrypto (a page
    // served over plain HTTP) the tokens stay Bearer tokens.
    ...(dpopAvailable()
      ? { dpop: { store: pageDpop().store(config.clientId), bind_authorization_code: true } }
      : {}),
  };
}

export function createUserManager(config: AuthConfig, origin = window.location.origin): UserManager {
  return new UserManager(userManagerSettings(config, origin));
}

let managerPromise: Promise<UserManager> | null = null;

/** The page's single UserManager, created once the configuration is known. */
export function getUserManager(): Promise<UserManager> {
  managerPromise ??= loadAuthConfig()
    .then((config) => createUserManager(config))
    .catch((error: unknown) => {
      managerPromise = null;
      throw error;
    });
  return managerPromise;
}

/** The UserManager if it was already asked for, else null (nothing is loaded). */
export function currentUserManager(): Promise<UserManager> | null {
  return managerPromise;
}

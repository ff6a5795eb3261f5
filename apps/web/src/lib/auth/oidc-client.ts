import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { z } from 'zod';
import { CALLBACK_PATH } from './constants.ts';

/**
 * The identity client (SPEC §4): authorization code with PKCE S256, query response mode, refresh
 * tokens, no login-status iframe, callback state kept one hour. The issuer comes from
 * GET /api/auth/config so an external provider (Keycloak) is a matter of server configuration.
 */

export const AuthConfigSchema = z.object({
  issuer: z.string().url(),
  clientId: z.string().min(1),
  scopes: z.string().min(1),
  learningPlatformUrl: z.string().nullish(),
  supportUrl: z.string().nullish(),
});
export type AuthConfig = z.infer<typeof AuthConfigSchema>;

/** The embedded provider's values, used when the server does not say otherwise. */
export function defaultAuthConfig(origin: string): AuthConfig {
  return {
    issuer: `${origin}/oidc`,
    clientId: 'vbuilder-web',
    scopes: 'openid profile email offline_access',
    learningPlatformUrl: null,
    supportUrl: null,
  };
}

/** Callback state older than this is discarded (one hour, SPEC §4). */
export const STALE_STATE_AGE_SECONDS = 3600;

let configPromise: Promise<AuthConfig> | null = null;

/** The last configuration the server gave, so a page reloaded without a network can still start. */
const REMEMBERED_CONFIG_KEY = 'vbuilder.authConfig';

function rememberConfig(config: AuthConfig): void {
  try {
    window.localStorage.setItem(REMEMBERED_CONFIG_KEY, JSON.stringify(config));
  } catch {
    // Storage full or refused: the next offline start just cannot use it.
  }
}

function rememberedConfig(): AuthConfig | null {
  try {
    const parsed = AuthConfigSchema.safeParse(
      JSON.parse(window.localStorage.getItem(REMEMBERED_CONFIG_KEY) ?? 'null'),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/auth/config, once per page. A missing or malformed answer falls back to the embedded
 * provider; a network failure falls back to the configuration last received in this browser (a
 * student reloading an assessment offline), and without one is not cached, so a retry asks again.
 */
export function loadAuthConfig(
  fetchImpl: typeof fetch = fetch,
  origin = window.location.origin,
): Promise<AuthConfig> {
  configPromise ??= (async () => {
    let response: Response;
    try {
      response = await fetchImpl('/api/auth/config', {
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
    } catch (error) {
      const remembered = rememberedConfig();
      if (remembered) return remembered;
      throw error;
    }
    if (!response.ok) return defaultAuthConfig(origin);
    const parsed = AuthConfigSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) return defaultAuthConfig(origin);
    rememberConfig(parsed.data);
    return parsed.data;
  })().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

/** Where the identity client keeps its session and pending login state. */
export const OIDC_STORAGE_PREFIX = 'vbuilder.oidc.';

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

/** The learning platform and support links of the configuration (null when not configured). */
export async function externalLinks(): Promise<Pick<AuthConfig, 'learningPlatformUrl' | 'supportUrl'>> {
  const config = await loadAuthConfig();
  return { learningPlatformUrl: config.learningPlatformUrl ?? null, supportUrl: config.supportUrl ?? null };
}

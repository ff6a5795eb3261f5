import { z } from 'zod';
import type { LandingBootGlobals } from '../landing-contract.ts';

/**
 * The server's sign-in configuration (GET /api/auth/config): the identity provider, and the product
 * links shown in the shell. Apart from the identity library (oidc-client.ts), so the links need
 * none of its code.
 */

export const AuthConfigSchema = z.object({
  issuer: z.string().url(),
  clientId: z.string().min(1),
  scopes: z.string().min(1),
  learningPlatformUrl: z.string().nullish(),
  supportUrl: z.string().nullish(),
  billingSupportEmail: z.string().nullish(),
  /** Whether the server has a language model configured (absent from an older server). */
  aiConfigured: z.boolean().nullish(),
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
    billingSupportEmail: null,
    aiConfigured: null,
  };
}

/** Callback state older than this is discarded (one hour, docs/product/states.md). */
export const STALE_STATE_AGE_SECONDS = 3600;

let requestPromise: Promise<unknown> | null = null;
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
 * GET /api/auth/config's JSON, or null when the server answered with an error; asked once per page
 * by the sign-in client and the product links alike. On the landing page the boot script has
 * already asked (scripts/served-build.ts): its answer is taken instead. A network failure rejects
 * and is not kept, so the next caller asks again.
 */
export function requestAuthConfig(fetchImpl: typeof fetch = fetch): Promise<unknown> {
  requestPromise ??= (async () => {
    const globals = window as LandingBootGlobals;
    const preloaded = globals.vbuilderAuthConfig;
    delete globals.vbuilderAuthConfig;
    const early = preloaded ? await preloaded.catch(() => null) : null;
    if (early) return early;
    const response = await fetchImpl('/api/auth/config', {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    return response.ok ? await response.json().catch(() => null) : null;
  })().catch((error: unknown) => {
    requestPromise = null;
    throw error;
  });
  return requestPromise;
}

/** Forgets the page's configuration (tests: each starts as a fresh page). */
export function resetAuthConfig(): void {
  requestPromise = null;
  configPromise = null;
}

/**
 * The identity provider's configuration, once per page. A missing or malformed answer falls back
 * to the embedded provider; a network failure falls back to the configuration last received in
 * this browser (a student reloading an assessment offline), and without one is not cached, so a
 * retry asks again.
 */
export function loadAuthConfig(
  fetchImpl: typeof fetch = fetch,
  origin = window.location.origin,
): Promise<AuthConfig> {
  configPromise ??= (async () => {
    let answer: unknown;
    try {
      answer = await requestAuthConfig(fetchImpl);
    } catch (error) {
      const remembered = rememberedConfig();
      if (remembered) return remembered;
      throw error;
    }
    const parsed = AuthConfigSchema.safeParse(answer);
    if (!parsed.success) return defaultAuthConfig(origin);
    rememberConfig(parsed.data);
    return parsed.data;
  })().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

/** The learning platform and support links of the configuration (null when not configured). */
export async function externalLinks(): Promise<Pick<AuthConfig, 'learningPlatformUrl' | 'supportUrl'>> {
  const config = await loadAuthConfig();
  return { learningPlatformUrl: config.learningPlatformUrl ?? null, supportUrl: config.supportUrl ?? null };
}

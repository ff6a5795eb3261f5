import { currentBrowserPath, storeIntendedPath } from './intended-path.ts';
import { getUserManager, type PageIdentityClient } from './oidc-client.ts';
import { tokenService } from './token-service.ts';

/**
 * Leaving for the identity provider (docs/product/states.md "Login stores the current path as intended (unless
 * public), then redirects to the callback").
 */

type Redirector = Pick<PageIdentityClient, 'signinRedirect'>;

export async function startLogin(
  manager?: Redirector,
  path: string = currentBrowserPath(),
  extra?: { loginHint?: string; prompt?: 'login' },
): Promise<void> {
  storeIntendedPath(path);
  const userManager = manager ?? (await getUserManager());
  const args = {
    ...(extra?.loginHint ? { login_hint: extra.loginHint } : {}),
    // 'login': the provider asks again even with a session of its own (an LTI launch names its person).
    ...(extra?.prompt ? { prompt: extra.prompt } : {}),
  };
  await userManager.signinRedirect(Object.keys(args).length ? args : undefined);
}

let forcing: Promise<void> | null = null;

/**
 * After the API kept refusing our tokens: forget the stored session (so the page that comes back
 * does not believe it is still signed in) and log in again. Parallel callers share one redirect.
 */
export function forceLogin(): Promise<void> {
  forcing ??= (async () => {
    await tokenService.clear().catch(() => undefined);
    await startLogin(undefined, currentBrowserPath());
  })().catch((error: unknown) => {
    forcing = null;
    throw error;
  });
  return forcing;
}

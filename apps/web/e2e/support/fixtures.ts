import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E } from './env.ts';
import { specName, type SeededAccount, type SpecOrganization } from './organizations.ts';

/** The running spec's organization (see organizations.ts). */
export const demo = (): SpecOrganization => {
  const spec = specName(test.info().file);
  const all = JSON.parse(readFileSync(E2E.accountsFile, 'utf8')) as Record<string, SpecOrganization>;
  const own = all[spec];
  if (!own) throw new Error(`Global setup seeded no organization for ${spec}`);
  return own;
};
/** The running spec's person of this role. */
export const account = (role: string): SeededAccount => {
  const found = demo().accounts.find((a) => a.role === role);
  if (!found) throw new Error(`No seeded ${role}`);
  return found;
};
/** A new address in the running spec's domain, unique to this attempt (e.g. for an invitation). */
export const newAddress = (local: string): string => {
  const { workerIndex, retry } = test.info();
  return `${local}-${Date.now().toString(36)}-${workerIndex}-${retry}@${demo().domain}`;
};

/** The Teacher of 'Free Academy', an organization on the Free package (5 assessments a month). */
export const freeTeacher = (): SeededAccount => {
  const free = demo().free;
  if (!free) throw new Error('Only assessment-list has a Free Academy (see global-setup.ts)');
  return free.teacher;
};

/** Signs in through the real identity provider, from the login screen to /account/home. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/signin\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await reachAccount(page);
}

/**
 * Signs the page in for a journey whose subject is not sign-in (signIn above walks the sign-in
 * page; sign-in-and-menus tests it): the provider session is opened through the API, in the
 * browser context's own cookies, so the login screen's Sign in comes straight back signed in, as
 * for someone already signed in to the provider. Returns a Bearer token of that session, for the
 * journey's own API calls (as accessToken does).
 */
export async function signInWithSession(
  page: Page,
  who: { email: string; password: string },
): Promise<string> {
  const origin = new URL(E2E.baseUrl).origin;
  const token = await codeFlowToken(page.context().request, origin, undefined, (signInPath) =>
    logIn(page.context().request, signInPath, who),
  );
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await reachAccount(page);
  return token;
}

/**
 * Waits for the signed-in area after a sign-in. Polled rather than waitForURL: on the way, the
 * landing page's form navigation can be cut short by the app starting the same sign-in, which
 * waitForURL reports as a failure (net::ERR_ABORTED) although the next navigation gets there.
 */
async function reachAccount(page: Page) {
  // Generous: journeys sign several people in side by side, each page loading the app and making
  // its DPoP key on a 2-core machine that also runs the other worker's journey.
  await expect(page).toHaveURL(/\/account\//, { timeout: 60_000 });
}

/** The sign-in page's call: the provider's login interaction at `signInPath`; where it continues. */
async function logIn(api: APIRequestContext, signInPath: string, who: { email: string; password: string }) {
  const res = await api.post(`${signInPath}/login`, { data: { email: who.email, password: who.password } });
  if (!res.ok()) throw new Error(`Sign-in of ${who.email} answered ${res.status()}: ${await res.text()}`);
  return new URL(((await res.json()) as { redirectTo: string }).redirectTo, E2E.baseUrl);
}

/**
 * Waits until the screen has settled: a frame has been laid out (after a resize, say) and every
 * finite animation or CSS transition has ended. Endless ones (spinners) are left alone.
 */
export async function settled(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Waits until an element is drawn fully opaque (a toast or dialog done fading in). */
export async function expectOpaque(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate((el) => {
        let opacity = 1;
        for (let e: Element | null = el; e; e = e.parentElement)
          opacity *= Number(getComputedStyle(e).opacity);
        return opacity;
      }),
    )
    .toBe(1);
}

/** No serious or critical accessibility violation on the current screen. */
export async function expectAccessible(page: Page) {
  // Check the screen as it settles, not mid-transition: a dialog fading in has half-transparent
  // buttons whose contrast axe would measure (CSS transitions are in document.getAnimations()).
  await settled(page);
  const results = await new AxeBuilder({ page })
    // Only the violations are read: axe then reports one node of each pass, not every checked node,
    // which on a large screen is most of its time (axe's documented option for that).
    .options({ resultTypes: ['violations'] })
    // axe.run in the page itself. The default runs axe.runPartial there, then opens a blank page to
    // merge the parts (axe.finishRun): that is for cross-origin frames, and vbuilder has none.
    .setLegacyMode()
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')})`,
    ),
  ).toEqual([]);
}

/**
 * An access token of the page's signed-in user, for API calls a journey makes itself. The page's
 * own tokens are bound to its browser's DPoP key, which cannot be read, so the journey
 * acts as another client of the same provider session without DPoP: it walks the code flow with
 * PKCE on the browser context's cookies and gets a plain Bearer token of the same user and session.
 */
export async function accessToken(page: Page): Promise<string> {
  const clientId = await page.evaluate(() => {
    try {
      return (JSON.parse(localStorage.getItem('vbuilder.authConfig') ?? '{}') as { clientId?: string })
        .clientId;
    } catch {
      return undefined;
    }
  });
  return codeFlowToken(page.context().request, new URL(page.url()).origin, clientId);
}

/** A person signed in through the API only: their own cookies (a provider session) and a Bearer token. */
export interface ApiSession {
  request: APIRequestContext;
  token: string;
}

/**
 * Signs a person in without a browser, as the sign-in page does it (the provider's login
 * interaction, then the code flow with PKCE): for people a journey only needs for set-up through
 * the API, such as students handing in answers before the teacher's screens are tested. Sign-in
 * itself is the sign-in-and-menus journey's. Dispose of `request` when done.
 */
export async function apiSignIn(who: { email: string; password: string }): Promise<ApiSession> {
  const api = await request.newContext({ baseURL: E2E.baseUrl });
  const token = await codeFlowToken(api, E2E.baseUrl, undefined, (signInPath) => logIn(api, signInPath, who));
  return { request: api, token };
}

/**
 * The authorization-code flow with PKCE on a request context's cookies, up to a plain Bearer
 * token. With a provider session the provider answers with the code at once; without one, it
 * sends to the sign-in page, which `login` (given the page's path) completes.
 */
async function codeFlowToken(
  api: APIRequestContext,
  origin: string,
  clientId = 'vbuilder-web',
  login?: (signInPath: string) => Promise<URL>,
): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${origin}/auth/callback`;
  const authorize = new URL(`${origin}/oidc/auth`);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  let next = authorize;
  for (let hops = 0; hops < 8 && next.pathname !== '/auth/callback'; hops += 1) {
    if (login && next.pathname.startsWith('/signin/')) {
      next = await login(next.pathname);
      login = undefined;
      continue;
    }
    const res = await api.get(next.href, { maxRedirects: 0 });
    const location = res.headers().location;
    if (!location)
      throw new Error(`No session to take a token from: ${next.pathname} answered ${res.status()}`);
    next = new URL(location, next);
  }
  const code = next.searchParams.get('code');
  if (!code) throw new Error(`The provider gave no code: ${next.href}`);
  const res = await api.post(`${origin}/oidc/token`, {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    },
  });
  if (!res.ok()) throw new Error(`The token endpoint answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

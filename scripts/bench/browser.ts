/**
 * The attempt screen in a real browser: a student signs in through the login
 * screen and the identity provider's form, then the screen of an attempt in progress is opened in
 * a fresh page (empty HTTP cache, no service worker), and the compressed bytes of JavaScript it
 * downloads are summed as Chromium received them. Used by the bench (`bench:
 * attempt_screen_js_kb`) and by `npm run lighthouse -- --screen attempt` (signInInBrowser).
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Signs in as a person would, from /login to /account/…; the page keeps the session. */
export async function signInInBrowser(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/login?lng=en`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/signin\//, { timeout: 60_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/account\//, { timeout: 60_000 });
}

/** The attempt screen is up: the save status is shown once the questions are. */
export async function waitForAttemptScreen(page: Page) {
  await page.locator('[data-save-status]').first().waitFor({ timeout: 60_000 });
}

export interface AttemptScreenBytes {
  /** Compressed JavaScript bytes transferred (response bodies as received). */
  jsBytes: number;
  /** Their uncompressed size. */
  jsDecodedBytes: number;
  jsFiles: number;
  /** Each script's address and compressed size, largest first. */
  files: Array<{ url: string; bytes: number }>;
}

/**
 * Opens `path` (an attempt in progress: /account/user/<id>/quiz/<assessment>?attempt=<id>) for a
 * signed-in student, cold, and counts the JavaScript it loads until no more comes.
 */
export async function measureAttemptScreen(options: {
  origin: string;
  email: string;
  password: string;
  path: string;
  /** A phone's screen (one question per page, the Lighthouse mobile case) instead of a desktop's (all on one page). */
  phone?: boolean;
}): Promise<AttemptScreenBytes> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  let signedIn: BrowserContext | undefined;
  try {
    signedIn = await browser.newContext({
      serviceWorkers: 'block',
      locale: 'en-US',
      ...(options.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
    });
    const signInPage = await signedIn.newPage();
    await signInInBrowser(signInPage, options.origin, options.email, options.password);
    // Cold but signed in: the same context (its session, and the DPoP key in IndexedDB that the
    // tokens are bound to, which cannot be copied to another context), its HTTP cache emptied.
    const cdp = await signedIn.newCDPSession(signInPage);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await signInPage.goto('about:blank');
    const page = await signedIn.newPage();
    const scripts: Array<Promise<{ url: string; encoded: number; decoded: number }>> = [];
    let lastScript = Date.now();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') lastScript = Date.now();
    });
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      lastScript = Date.now();
      scripts.push(
        Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => ({
          url: request.url(),
          encoded: sizes.responseBodySize,
          decoded: (await response?.body().catch(() => null))?.length ?? 0,
        })),
      );
    });
    await page.goto(`${options.origin}${options.path}`);
    await waitForAttemptScreen(page);
    // Not 'networkidle': the notification stream stays open. Done when no script came for 2 s.
    while (Date.now() - lastScript < 2000) await new Promise((r) => setTimeout(r, 250));
    const sizes = await Promise.all(scripts);
    return {
      jsBytes: sizes.reduce((sum, s) => sum + s.encoded, 0),
      jsDecodedBytes: sizes.reduce((sum, s) => sum + s.decoded, 0),
      jsFiles: sizes.length,
      files: sizes.map((s) => ({ url: s.url, bytes: s.encoded })).sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    await signedIn?.close();
    await browser.close();
  }
}

import { brotliDecompressSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { account, expectAccessible, signIn } from './support/fixtures.ts';
import { DESKTOP, PHONE, shoot } from './support/shots.ts';

/**
 * The public landing page at / and /login: the prerendered page the server sends in the
 * visitor's language, the app taking over with the sign-in behind its loading gate, the call to
 * action and product links, accessibility, and how the built files are served.
 */

/** A response's text whether or not the request client already undid the compression. */
async function textOf(response: { body(): Promise<Buffer> }): Promise<string> {
  const raw = await response.body();
  try {
    return brotliDecompressSync(raw).toString();
  } catch {
    return raw.toString();
  }
}

async function expectLanding(page: Page, welcome = 'Welcome to vbuilder') {
  await expect(page.getByRole('heading', { level: 1, name: welcome })).toBeVisible();
  // The app loads when the visitor acts on the page (a mouse moving over it will do), then takes
  // over from the prerendered page: on a loaded machine that can take longer than the usual wait.
  await page.mouse.move(10, 10);
  await page.mouse.move(20, 20);
  await expect(page.locator('#landing-shell')).toHaveCount(0, { timeout: 30_000 });
}

test('a visitor reads the landing page, signs in from it or creates an organization', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expectLanding(page);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  const features = page.getByRole('region', { name: 'What vbuilder does for you' });
  await expect(features.getByRole('heading', { level: 3 })).toHaveText([
    'Live tests',
    'High-yield questions',
    'Insightful analytics',
  ]);
  const config = (await (await page.request.get('/api/auth/config')).json()) as {
    learningPlatformUrl: string;
    supportUrl: string;
  };
  const products = page.getByRole('navigation', { name: 'Product links' });
  await expect(products.getByRole('link', { name: /^Learning platform/ })).toHaveAttribute(
    'href',
    config.learningPlatformUrl,
  );
  await expect(products.getByRole('link', { name: /^Support/ })).toHaveAttribute('href', config.supportUrl);
  await expectAccessible(page);
  await shoot(page, 'landing-desktop-en', { viewport: DESKTOP });

  await page.setViewportSize(PHONE);
  await expectAccessible(page);
  await shoot(page, 'landing-phone-en', { viewport: PHONE });

  // The call to action: create an organization...
  await page
    .getByRole('region', { name: 'Bring your school or team to vbuilder' })
    .getByRole('link', { name: 'Create an organization' })
    .click();
  await expect(page).toHaveURL(/\/create-organization$/);

  // ...or sign in, which goes straight to the identity provider.
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in to get started' }).click();
  await page.waitForURL(/\/signin\//);
});

test('the landing page sells: plans with prices, real screens, and no spinner drawn over it', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/?lng=th');
  // Before the visitor acts the app is not loaded and #root is empty: nothing spins over the page.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#boot-spinner')).toHaveCount(0);
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);

  const plans = page.getByRole('region', { name: 'แพ็กเกจและราคา' });
  await expect(plans.locator('[data-plan]')).toHaveCount(4);
  await expect(plans.locator('[data-plan="Basic"]')).toContainText('US$19 / เดือน');
  await expect(plans.locator('[data-plan="Enterprise"]')).toContainText('US$129 / เดือน');

  // The screens load as they come into view, and are real pictures (naturalWidth is in CSS pixels
  // of the size chosen from srcset: above zero once decoded).
  const screens = page.getByRole('region', { name: 'ดู vbuilder ขณะใช้งานจริง' });
  const images = screens.getByRole('img');
  await expect(images).toHaveCount(3);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/screens\/[\w-]+-640\.webp$/,
    );
  }
  await expectAccessible(page);
  await shoot(page, 'landing-plans-phone-th', { viewport: PHONE });
});

test('certificate verification is one click from the footer', async ({ page }) => {
  await page.goto('/login');
  await expectLanding(page);
  await page.getByRole('link', { name: 'Verify a certificate' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await page.getByRole('textbox', { name: 'Certificate code' }).fill('not-a-code');
  await page.getByRole('button', { name: 'Check the certificate' }).click();
  await expect(
    page.getByText('Enter the 32-character code exactly as it is printed on the certificate.'),
  ).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Certificate code' })
    .fill('abcd efgh ijkl mnop qrst uvwx yz23 4567');
  await page.getByRole('button', { name: 'Check the certificate' }).click();
  await expect(page).toHaveURL(/\/verify\/ABCDEFGHIJKLMNOPQRSTUVWXYZ234567$/);
  await expect(page.getByRole('heading', { name: 'Unknown certificate' })).toBeVisible();
});

test('the landing page in Khmer and Myanmar: picked by the visitor, sent by the server next time', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  // Clicked on the prerendered page, before the app is there: the app opens the menu once it has
  // taken over.
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: 'ខ្មែរ' }).click({ timeout: 30_000 });
  await expectLanding(page, 'សូមស្វាគមន៍មកកាន់ vbuilder');
  await expect(page.getByRole('heading', { name: 'ការប្រឡងផ្ទាល់' })).toBeVisible();

  // The choice is in the cookie: the server's prerendered page is Khmer from the first byte.
  const html = await page.request.get('/', { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
  expect(html.headers()['content-encoding']).toBe('br');
  const body = await textOf(html);
  expect(body).toContain('<html lang="km"');
  expect(body).toContain('សូមស្វាគមន៍មកកាន់ vbuilder');

  await page.reload();
  await expectLanding(page, 'សូមស្វាគមន៍មកកាន់ vbuilder');
  await expect(page.getByRole('button', { name: 'ចូលគណនី' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('km');
  await expectAccessible(page);
  await shoot(page, 'landing-desktop-km', { viewport: DESKTOP });
  await shoot(page, 'landing-phone-km', { viewport: PHONE });

  await page.goto('/?lng=my');
  await expectLanding(page, 'vbuilder မှ ကြိုဆိုပါသည်');
  await expectAccessible(page);
  await shoot(page, 'landing-phone-my', { viewport: PHONE });
  await shoot(page, 'landing-desktop-my', { viewport: DESKTOP });
});

test('a signed-in user who opens / is sent on to the dashboard, past the landing page', async ({ page }) => {
  const me = account('Teacher');
  await signIn(page, me.email, me.password);
  await page.goto('/');
  await page.waitForURL(/\/account\/home$/);
  await expect(page.locator('#landing-shell')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to vbuilder' })).toHaveCount(0);
});

test('the built files are served compressed, cached for good, and without source maps', async ({ page }) => {
  const landing = await page.request.get('/', {
    headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
  });
  const html = await textOf(landing);
  const boot = /<script defer src="(\/assets\/landing-boot-[^"]+\.js)"><\/script>/.exec(html)?.[1];
  expect(boot, 'the landing page loads the app through its boot script').toBeTruthy();
  const bootJs = await (await page.request.get(boot!)).text();
  const entry = /import\("([^"]+)"\)/.exec(bootJs)?.[1];
  expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);

  const js = await page.request.get(entry!, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(js.status()).toBe(200);
  expect(js.headers()['content-encoding']).toBe('br');
  expect(js.headers()['vary']).toMatch(/accept-encoding/i);
  expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const code = await textOf(js);
  expect(code).not.toMatch(/sourceMappingURL/);

  const map = await page.request.get(`${entry}.map`, { headers: { accept: 'text/html' } });
  expect(map.status()).toBe(404);
});

import { expect, test } from '@playwright/test';
import { account, demo, expectAccessible, signIn } from './support/fixtures.ts';

/** docs/product/roles.md: the side menu sections of each role, as their English labels. */
const MENUS: Record<string, string[]> = {
  Student: ['Dashboard', 'Profile', 'Assessments', 'My Organization', 'Certifications'],
  Teacher: [
    'Dashboard',
    'Profile',
    'Users',
    'Question Types',
    'Assessments',
    'Certifications',
    'AI Assistant',
  ],
  user: ['Dashboard', 'Profile', 'Users', 'Question Types', 'Assessments', 'Certifications', 'AI Assistant'],
  Administrator: [
    'Dashboard',
    'Profile',
    'Users',
    'Certifications',
    'AI Assistant',
    'Question Types',
    'Assessments',
    'My Organization',
    'Payment History',
  ],
  'Super Administrator': ['Dashboard', 'Profile', 'Organizations', 'Subscriptions', 'Payment History'],
};

for (const [role, sections] of Object.entries(MENUS)) {
  test(`${role} signs in through the identity provider and sees exactly its menu`, async ({ page }) => {
    const me = account(role);
    await signIn(page, me.email, me.password);
    await expect(page).toHaveURL(/\/account\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(me.name);

    const rail = page.getByRole('navigation', { name: 'Main navigation' });
    const railLabels = await rail
      .locator('button[aria-pressed]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''));
    expect(railLabels).toEqual(sections);
    await expectAccessible(page);
  });
}

test("the session's tokens are bound to this browser: copied out of its storage they are refused", async ({
  page,
  request,
}) => {
  const me = account('Student');
  await signIn(page, me.email, me.password);
  await expect(page).toHaveURL(/\/account\/home$/);
  const stored: Record<string, string> = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('vbuilder.oidc.user:'));
    const config = JSON.parse(localStorage.getItem('vbuilder.authConfig') ?? '{}') as { clientId?: string };
    const user = JSON.parse(key ? localStorage.getItem(key)! : '{}') as Record<string, string>;
    return { ...user, clientId: config.clientId ?? 'vbuilder-web' };
  });
  expect(stored.token_type).toBe('DPoP');

  // Elsewhere, without the browser's key: the access token is refused, with or without a proof of
  // another key's making, and the refresh token gets nothing from the provider.
  const profile = (authorization: string) => request.get('/api/auth/profile', { headers: { authorization } });
  expect((await profile(`Bearer ${stored.access_token}`)).status()).toBe(401);
  expect((await profile(`DPoP ${stored.access_token}`)).status()).toBe(401);
  const refreshed = await request.post('/oidc/token', {
    form: { grant_type: 'refresh_token', refresh_token: stored.refresh_token!, client_id: stored.clientId! },
  });
  expect(refreshed.status()).toBe(400);

  // The browser that holds the key goes on as before, and refreshes its session with it: a token
  // about to expire is renewed at the next start, bound to the same key.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('vbuilder.oidc.user:'))!;
    const user = JSON.parse(localStorage.getItem(key)!) as { expires_at: number };
    localStorage.setItem(key, JSON.stringify({ ...user, expires_at: Math.floor(Date.now() / 1000) + 5 }));
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(me.name);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('vbuilder.oidc.user:'));
        return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : null;
      }),
    )
    .not.toBe(stored.access_token);
  const renewed = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('vbuilder.oidc.user:'))!;
    return JSON.parse(localStorage.getItem(key)!) as { token_type: string; access_token: string };
  });
  expect(renewed.token_type).toBe('DPoP');
  const claims = JSON.parse(Buffer.from(renewed.access_token.split('.')[1]!, 'base64url').toString()) as {
    cnf?: { jkt?: string };
  };
  const before = JSON.parse(Buffer.from(stored.access_token!.split('.')[1]!, 'base64url').toString()) as {
    cnf?: { jkt?: string };
  };
  expect(claims.cnf?.jkt).toBeTruthy();
  expect(claims.cnf?.jkt).toBe(before.cnf?.jkt);
  // The page's API calls carry the renewed token with a proof, and are answered.
  const answered = page.waitForResponse(
    (res) =>
      res.url().includes('/api/') &&
      res.request().headers().authorization === `DPoP ${renewed.access_token}` &&
      !!res.request().headers().dpop,
  );
  await page.reload();
  expect((await answered).status()).toBe(200);
});

test('a browser whose clock is two hours off still signs in and uses the API with bound tokens', async ({
  page,
}) => {
  await page.clock.install({ time: Date.now() + 2 * 3600_000 });
  const me = account('Teacher');
  const answered = page.waitForResponse(
    (res) => res.url().includes('/api/') && /^DPoP /.test(res.request().headers().authorization ?? ''),
  );
  await signIn(page, me.email, me.password);
  await expect(page).toHaveURL(/\/account\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(me.name);
  // The first call may be refused for its proof's date; the ones after carry the server's time.
  await answered;
  const later = page.waitForResponse(
    (res) => res.url().includes('/api/') && /^DPoP /.test(res.request().headers().authorization ?? ''),
  );
  await page.goto('/account/home');
  expect((await later).status()).toBe(200);
});

test('a signed-in user is sent back where they wanted to go, and logout ends the session', async ({
  page,
}) => {
  const me = account('Teacher');
  await page.goto(`/account/profile/${me.id}`);
  await expect(page).toHaveURL(/\/login|\/$/);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/signin\//);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(new RegExp(`/account/profile/${me.id}$`));

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The session is gone: the protected area asks to sign in again.
  await page.goto('/account/home');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name)).not.toContain('user_data');
});

test('wrong credentials give a clear error and no session', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/signin\//);
  await page.getByLabel('Email').fill(account('Student').email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/signin\//);
});

test('a temporary password must be changed before anything else', async ({ page }) => {
  const forced = demo().forced!;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/signin\//);
  await page.getByLabel('Email').fill(forced.email);
  await page.getByLabel('Password', { exact: true }).fill(forced.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/change-password$/);
  await page.getByLabel('Current password').fill(forced.password);
  await page.getByLabel('New password', { exact: true }).fill('A-much-better-pass-42');
  await page.getByLabel('Confirm new password').fill('A-much-better-pass-42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL(/\/account\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(forced.name);
});

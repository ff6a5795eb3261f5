import { expect, test } from '@playwright/test';
import { account, expectAccessible, signIn } from './support/fixtures.ts';

test('the language picker switches all 12 languages and the choice is kept for 365 days', async ({
  page,
}) => {
  const me = account('Teacher');
  await signIn(page, me.email, me.password);
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  const nav = page.getByRole('navigation').first();
  await expect(nav).not.toContainText('Assessments');

  const cookie = (await page.context().cookies()).find((c) => c.name === 'vbuilder_lang');
  expect(cookie?.value).toBe('id');
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expectAccessible(page);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: "We couldn't find this page" })).toBeVisible();
  await expectAccessible(page);
});

test('the signed-in screens have no serious accessibility violation', async ({ page }) => {
  const me = account('Administrator');
  await signIn(page, me.email, me.password);
  for (const path of [
    '/account/home',
    `/account/profile/${me.id}`,
    `/account/users/${me.id}`,
    `/account/questions/${me.id}`,
    '/account/payments/payment_history',
  ]) {
    await page.goto(path);
    await page.getByRole('main').waitFor();
    await expectAccessible(page);
  }
});

test('public pages have no serious accessibility violation', async ({ page }) => {
  for (const path of ['/', '/sign-up', '/forgotpassword', '/resetpassword?token=x', '/activate_account']) {
    await page.goto(path);
    await page.locator('h1, h2').first().waitFor();
    await expectAccessible(page);
  }
});

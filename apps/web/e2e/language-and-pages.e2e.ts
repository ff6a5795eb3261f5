import { expect, test } from '@playwright/test';
import { account, demo, expectAccessible, signIn } from './support/fixtures.ts';

test('the language picker switches all 12 languages and the choice is kept for 365 days', async ({
  page,
}) => {
  const me = account('Teacher');
  await signIn(page, me.email, me.password);
  // A signed-in user's choice is also saved to their profile (mail and files follow it).
  const saved = (language: string) =>
    page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/auth/profile/language') &&
        r.request().postDataJSON()?.language === language &&
        r.ok(),
    );
  const savedId = saved('id');
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click();
  await savedId;
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

  // Back to English, so the other journeys signing in as this Teacher read English.
  const savedEn = saved('en');
  await page.getByRole('button', { name: /^Bahasa/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await savedEn;
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: "We couldn't find this page" })).toBeVisible();
  await expectAccessible(page);
});

/** Every /account child route of SPEC §2, with the signed-in user's ids filled in. */
const accountPaths = (userId: string, organizationId: string) => [
  '/account/home',
  `/account/users/${userId}`,
  `/account/questions/${userId}`,
  `/account/organization/${organizationId}`,
  '/account/subscription',
  `/account/questiontype/${userId}`,
  '/account/questiontype/questionexamples',
  `/account/aiassistant/${userId}`,
  `/account/certifications/${userId}`,
  `/account/notifications/${userId}`,
  `/account/profile/${userId}`,
  '/account/payments/payment_history',
];

for (const role of ['Administrator', 'Student']) {
  test(`every signed-in screen of a ${role} exists and has no serious accessibility violation`, async ({
    page,
  }) => {
    const me = account(role);
    await signIn(page, me.email, me.password);
    for (const path of accountPaths(me.id, demo().organizationId)) {
      await page.goto(path);
      await page.getByRole('main').waitFor();
      await expect(page.getByRole('main').locator('h1, h2').first(), path).toBeVisible();
      await expect(page.getByText("We couldn't find this page"), path).toHaveCount(0);
      await expectAccessible(page);
    }
  });
}

test('public pages have no serious accessibility violation', async ({ page }) => {
  for (const path of ['/', '/sign-up', '/forgotpassword', '/resetpassword?token=x', '/activate_account']) {
    await page.goto(path);
    await page.locator('h1, h2').first().waitFor();
    await expectAccessible(page);
  }
});

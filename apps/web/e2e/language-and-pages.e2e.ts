import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LANGUAGES, type LanguageCode } from '@vbuilder/shared';
import { REPO_ROOT } from './support/env.ts';
import { account, demo, expectAccessible, signInWithSession } from './support/fixtures.ts';

// The tests share nothing but the spec's organization, each with its own person: they run side by
// side on the workers (the two role walks are the longest journeys of the suite).
test.describe.configure({ mode: 'parallel' });

/** What the top bar and the side menu say in a language, from its catalog. */
function labels(code: LanguageCode, name: string) {
  const common = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'apps/web/src/locales', code, 'common.json'), 'utf8'),
  ) as { topBar: { language: string }; nav: { label: string; sections: { assessments: string } } };
  return {
    picker: common.topBar.language.replace('{{language}}', name),
    navigation: common.nav.label,
    assessments: common.nav.sections.assessments,
  };
}

test('the language picker switches all 12 languages and the choice is kept for 365 days', async ({
  page,
}) => {
  const me = account('Teacher');
  await signInWithSession(page, me);
  // A signed-in user's choice is also saved to their profile (mail and files follow it).
  const saved = (language: string) =>
    page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/auth/profile/language') &&
        r.request().postDataJSON()?.language === language &&
        r.ok(),
    );
  /** Picks a language in the top bar, then checks the page, the top bar and the menu speak it. */
  const choose = async (from: (typeof LANGUAGES)[number], to: (typeof LANGUAGES)[number]) => {
    const profileSaved = saved(to.code);
    await page.getByRole('button', { name: labels(from.code, from.name).picker, exact: true }).click();
    await page.getByRole('menuitem', { name: to.name, exact: true }).click();
    await profileSaved;
    const now = labels(to.code, to.name);
    await expect(page.locator('html')).toHaveAttribute('lang', to.code);
    await expect(page.locator('html')).not.toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: now.picker, exact: true })).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: now.navigation, exact: true })
        .getByRole('button', { name: now.assessments, exact: true }),
    ).toBeVisible();
  };

  // English first (the browser's), then each of the other 11 in the picker's order, then English.
  const english = LANGUAGES.find((l) => l.code === 'en')!;
  const others = LANGUAGES.filter((l) => l.code !== 'en');
  expect(others).toHaveLength(11);
  let current: (typeof LANGUAGES)[number] = english;
  for (const next of others) {
    await choose(current, next);
    current = next;
  }

  // The last choice is kept in a cookie for a year, and survives a reload.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'vbuilder_lang');
  expect(cookie?.value).toBe(current.code);
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', current.code);
  await expectAccessible(page);

  await choose(current, english);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: "We couldn't find this page" })).toBeVisible();
  await expectAccessible(page);
});

/** Every /account child route of docs/product/screens.md, with the signed-in user's ids filled in. */
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
    // Twelve screens, each checked by axe: allow for a busy machine.
    test.setTimeout(180_000);
    const me = account(role);
    await signInWithSession(page, me);
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

import { expect, test } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { account, demo, expectAccessible, signInWithSession } from './support/fixtures.ts';
import { E2E } from './support/env.ts';
import { shoot, shootBoth } from './support/shots.ts';

/**
 * Sign-in with the school's own provider (docs/product/school-sign-in.md): the Administrator sets
 * up a second OpenID provider (oauth2-mock-server on loopback, the school's) on the organization's
 * page, then a new person of the school's domain signs in through it in their own browser and
 * lands in the organization with the role the provider's groups claim maps to.
 */
test("a Teacher signs in with the school's own provider into the right organization", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const school = new OAuth2Server();
  await school.issuer.keys.generate('RS256');
  await school.start(0, '127.0.0.1');
  const teacherEmail = `rosa-${Date.now().toString(36)}@${demo().domain}`;
  school.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if ('scope' in token.payload) return; // the access token; the ID token has none
    Object.assign(token.payload, {
      sub: `school-${teacherEmail}`,
      email: teacherEmail,
      email_verified: true,
      name: 'Rosa Schoolteacher',
      groups: ['staff'],
    });
  });

  try {
    const admin = account('Administrator');
    await signInWithSession(page, admin);
    await page.goto(`/account/organization/${demo().organizationId}`);
    const card = page.getByRole('form', { name: "Sign-in with the school's accounts" });
    await expect(card).toBeVisible();
    await expect(card.getByText(`${E2E.baseUrl}/signin/school/callback`)).toBeVisible();
    await card.getByLabel('Provider address (issuer)').fill(school.issuer.url!);
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByText(`The provider answered: ${school.issuer.url}`)).toBeVisible();
    await card.getByLabel('Client ID').fill('vbuilder-e2e');
    await card.getByLabel('Client secret').fill('e2e-secret');
    await card.getByLabel('Mail domains').fill(demo().domain);
    await card.getByLabel('Mail domains').press('Enter');
    await card.getByText('Just in time: create an account at the first sign-in').click();
    await card.getByLabel('Claim that gives roles').fill('groups');
    await card.getByRole('button', { name: 'Add a role rule' }).click();
    await card.getByLabel('Claim value').fill('staff');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The sign-in settings are saved.')).toBeVisible();
    await expectAccessible(page);
    await shoot(card, 'school-sign-in-card');

    // The new Teacher, in their own browser: vbuilder's sign-in page → the school → back, signed in.
    const teacher = await (await browser.newContext({ baseURL: E2E.baseUrl })).newPage();
    await teacher.goto('/login');
    await teacher.getByRole('button', { name: 'Sign in' }).click();
    await teacher.waitForURL(/\/signin\//);
    await teacher.getByLabel('Email').fill(teacherEmail);
    await expect(
      teacher.getByText(`${demo().organizationName} signs in with its own accounts.`),
    ).toBeVisible();
    await shootBoth(teacher, 'school-sign-in-page');
    await teacher.getByRole('button', { name: 'Continue with your school account' }).click();
    await expect(teacher).toHaveURL(/\/account\//, { timeout: 60_000 });
    const menu = teacher.getByRole('button', { name: 'Account menu of Rosa Schoolteacher' });
    await expect(menu).toBeVisible();
    await expect(menu).toContainText('Teacher');

    // The Administrator finds the new Teacher among the organization's people.
    await page.goto(`/account/users/${admin.id}`);
    await page.getByLabel('Search users').fill('Schoolteacher');
    await expect(page.getByText(teacherEmail)).toBeVisible();
  } finally {
    await school.stop();
  }
});

import { expect, test } from '@playwright/test';
import { account, expectAccessible, signIn } from './support/fixtures.ts';
import { E2E } from './support/env.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

test('sign-up → activation mail → sign in → create organization → signed in as its Administrator', async ({
  page,
}) => {
  const email = `new-head-${Date.now()}@riverside.example`;
  const password = 'Riverside-Secret-2026';
  const started = Date.now();

  await page.goto('/sign-up');
  await expectAccessible(page);
  await page.getByLabel('Name').fill('Rita Rivers');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const mail = await waitForMail(E2E.mailDir, email, started);
  await page.goto(linkIn(mail, '/activate_account'));
  await expect(page.getByRole('heading', { name: 'Your account is active' })).toBeVisible();
  await expectAccessible(page);

  await page
    .getByRole('link', { name: 'Sign in' })
    .or(page.getByRole('button', { name: 'Sign in' }))
    .first()
    .click();
  await page.waitForURL(/\/signin\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A new account has no organization yet: its first stop is creating one.
  await page.waitForURL(/\/create-organization$/);
  await expectAccessible(page);
  await page.getByLabel('Organization name').fill('Riverside School');
  await page.getByRole('combobox', { name: 'Type of organization' }).click();
  await page.getByRole('option', { name: 'School' }).click();
  await page.getByLabel('Organization email').fill('office@riverside.example');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.waitForURL(/\/account\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rita Rivers');
  await expect(page.getByText('Administrator').first()).toBeVisible();
});

test('forgot password → reset mail → new password works', async ({ page }) => {
  const me = account('user');
  const started = Date.now();
  await page.goto('/forgotpassword');
  await page.getByLabel('Email').fill(me.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const mail = await waitForMail(E2E.mailDir, me.email, started);
  await page.goto(linkIn(mail, '/resetpassword'));
  await page
    .getByLabel('New password', { exact: true })
    .or(page.getByLabel('Password', { exact: true }))
    .first()
    .fill('Brand-New-Password-9');
  await page.getByLabel(/Confirm/).fill('Brand-New-Password-9');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  me.password = 'Brand-New-Password-9';
  await signIn(page, me.email, me.password);
  await expect(page).toHaveURL(/\/account\/home$/);
});

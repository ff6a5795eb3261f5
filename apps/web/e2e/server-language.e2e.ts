import { expect, test } from '@playwright/test';
import { account, newAddress, signInWithSession } from './support/fixtures.ts';
import { E2E } from './support/env.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

/**
 * Issue 10: the server writes to each person in their language. An English-speaking
 * Administrator invites a student in Bengali; the mail the SMTP server catches is Bengali, and
 * the link in it works.
 */
test('an Administrator invites a Bengali student, whose invitation mail is in Bengali', async ({
  page,
  browser,
}) => {
  const admin = account('Administrator');
  const email = newAddress('bangla');
  await signInWithSession(page, admin);
  await page.goto(`/account/users/${admin.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const since = Date.now();
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Name').fill('রাহেলা খাতুন');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByText('Student', { exact: true }).click();
  // The inviter's own language is offered first; the person reads Bengali.
  const language = dialog.getByRole('combobox', { name: 'Language' });
  await expect(language).toHaveValue('English');
  await language.click();
  await page.getByRole('option', { name: 'বাংলা' }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

  const mail = await waitForMail(E2E.mailDir, email, since);
  expect(mail.subject).toMatch(/^আপনাকে vbuilder-এ .+-এ যোগ দিতে আমন্ত্রণ জানানো হয়েছে$/);
  expect(mail.text).toContain('প্রিয় রাহেলা খাতুন,');
  expect(mail.text).toContain('শিক্ষার্থী ভূমিকায়');
  expect(mail.text).toContain('আমার পাসওয়ার্ড বেছে নিন');
  expect(mail.text).toContain('৭২ ঘণ্টা');
  expect(mail.text).not.toMatch(/Hello|invited|Choose my password/);

  // The link opens the page that sets the first password in Bengali too, in an English browser.
  const invited = await (await browser.newContext({ baseURL: E2E.baseUrl, locale: 'en-US' })).newPage();
  await invited.goto(linkIn(mail, '/resetpassword'));
  await expect(invited.getByRole('heading', { name: 'vbuilder-এ স্বাগতম' })).toBeVisible();
  await expect(invited.getByLabel('নতুন পাসওয়ার্ড', { exact: true })).toBeVisible();
  await expect(invited.locator('html')).toHaveAttribute('lang', 'bn');
});

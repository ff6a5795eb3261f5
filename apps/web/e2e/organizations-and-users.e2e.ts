import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  accessToken,
  account,
  demo,
  expectAccessible,
  newAddress,
  signIn,
  signInWithSession,
} from './support/fixtures.ts';
import { E2E } from './support/env.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

/**
 * Follows an invitation mail in the invited person's own browser: sets the first password, then
 * signs in with it. Returns that person's page.
 */
async function acceptInvitation(browser: Browser, email: string, since: number, password: string) {
  const mail = await waitForMail(E2E.mailDir, email, since);
  const page = await (await browser.newContext({ baseURL: E2E.baseUrl })).newPage();
  await page.goto(linkIn(mail, '/resetpassword'));
  await expect(page.getByRole('heading', { name: 'Welcome to vbuilder' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await signIn(page, email, password);
  return page;
}

async function addUser(page: Page, name: string, email: string, role: string) {
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  // Roles are radio cards; their label is what a person clicks.
  await dialog.getByText(role, { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: new RegExp(`^${role}`) })).toBeChecked();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
}

test('an Administrator adds a Teacher and a Student; the Student accepts the invitation and signs in', async ({
  page,
  browser,
}) => {
  // Two people sign in, one through the sign-in page (the invited Student's, the subject here).
  test.setTimeout(120_000);
  const admin = account('Administrator');
  const teacherEmail = newAddress('new-teacher');
  const studentEmail = newAddress('new-student');

  await signInWithSession(page, admin);
  await page.goto(`/account/users/${admin.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  const since = Date.now();
  await addUser(page, 'Nina Newteach', teacherEmail, 'Teacher');
  await addUser(page, 'Sam Newstudent', studentEmail, 'Student');
  await page.getByLabel('Search users').fill('Newstudent');
  await expect(page.getByRole('row', { name: /Sam Newstudent/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Nina Newteach/ })).toHaveCount(0);

  const student = await acceptInvitation(browser, studentEmail, since, 'Student-Pass-2026');
  await expect(student).toHaveURL(/\/account\/home$/);
  await expect(student.getByRole('heading', { level: 1 })).toContainText('Sam Newstudent');
});

test('the Super Administrator creates an organization with its first Administrator, who signs in to it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const root = account('Super Administrator');
  const adminEmail = newAddress('head');
  // Unique to this attempt: the Super Administrator sees every organization, a retry's too.
  const hillside = `Hillside Academy ${Date.now().toString(36)}`;
  await signInWithSession(page, root);
  await page.goto('/account/organizations');
  await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible();
  await expectAccessible(page);

  const since = Date.now();
  await page.getByRole('button', { name: 'Create organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create organization' });
  await dialog.getByLabel('Organization name').fill(hillside);
  await dialog
    .getByRole('textbox', { name: 'Type' })
    .or(dialog.getByLabel('Type', { exact: true }))
    .first()
    .click();
  await page.getByRole('option', { name: 'School' }).click();
  await dialog.getByLabel('Organization email').fill('office@hillside.example');
  await dialog.getByLabel('Invite its first Administrator').check();
  await dialog.getByLabel("Administrator's name").fill('Hana Head');
  await dialog.getByLabel("Administrator's email").fill(adminEmail);
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByText(`${hillside} was created`, { exact: false })).toBeVisible();

  await page.getByLabel('Search organizations').fill(hillside);
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await page.getByRole('link', { name: hillside }).click();
  await expect(page.getByRole('heading', { name: hillside })).toBeVisible();
  await expect(page.getByText(adminEmail).first()).toBeVisible();

  const head = await acceptInvitation(browser, adminEmail, since, 'Hillside-Head-2026');
  await expect(head.getByRole('heading', { level: 1 })).toContainText('Hana Head');
  await head
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'My Organization' })
    .click();
  await head
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'My Organization' })
    .click();
  await expect(head.getByRole('heading', { name: hillside })).toBeVisible();
});

test('a Teacher of one organization cannot see another organization, in the UI or the API', async ({
  page,
  browser,
  request,
}) => {
  const teacher = account('Teacher');
  const root = account('Super Administrator');
  // Another organization, made by the Super Administrator through the API with its own token.
  await signIn(page, root.email, root.password);
  const rootToken = await accessToken(page);
  const created = await request.post('/api/organizations', {
    headers: { authorization: `Bearer ${rootToken}` },
    data: { name: 'Private Other School', type: 'school', email: 'office@other.example' },
  });
  expect(created.status()).toBe(201);
  const other = (await created.json()) as { id: string };

  // The Teacher in a browser of their own.
  const teacherPage = await (await browser.newContext({ baseURL: E2E.baseUrl })).newPage();
  await signIn(teacherPage, teacher.email, teacher.password);
  // A Teacher's menu has no organization section (docs/product/roles.md): the screen is refused, whichever one.
  await teacherPage.goto(`/account/organization/${other.id}`);
  await expect(
    teacherPage.getByRole('heading', { name: "You don't have access to this page" }),
  ).toBeVisible();
  await expect(teacherPage.getByText('Private Other School')).toHaveCount(0);
  // So are payments and the subscription, opened by their addresses.
  for (const path of ['/account/payments/payment_history', '/account/subscription']) {
    await teacherPage.goto(path);
    await expect(
      teacherPage.getByRole('heading', { name: "You don't have access to this page" }),
      path,
    ).toBeVisible();
  }

  const token = await accessToken(teacherPage);
  for (const path of [
    `/api/organizations/${other.id}`,
    `/api/organizations/${other.id}/users`,
    '/api/organizations',
  ]) {
    const res = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
    expect([403, 404], path).toContain(res.status());
    expect(await res.text()).not.toContain('Private Other School');
  }
  const own = await request.get(`/api/organizations/${demo().organizationId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(own.status()).toBe(200);
});

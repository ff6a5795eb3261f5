// Mantine's drop zone turns pointer events off for its content; the button inside must still take a click.
import { expect, test } from '@playwright/test';
import { account, signIn } from './support/fixtures.ts';

test('the Choose a file button of a file answer opens the file chooser on click', async ({ page }) => {
  const teacher = account('Teacher');
  await signIn(page, teacher.email, teacher.password);
  await page.goto(`/account/questiontype/${teacher.id}`);
  await page.getByRole('button', { name: 'Try it: Project-Based' }).click();
  const drawer = page.getByRole('dialog');
  const chooser = page.waitForEvent('filechooser', { timeout: 5000 });
  await drawer.getByRole('button', { name: /Choose a file/ }).click({ timeout: 5000 });
  await chooser;
  await expect(drawer).toBeVisible();
});

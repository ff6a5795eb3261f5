import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { BankQuestionListSchema } from '@vbuilder/shared';
import { bearer } from './support/assessments.ts';
import { accessToken, account, expectAccessible, signIn } from './support/fixtures.ts';
import { DESKTOP, PHONE, shoot } from './support/shots.ts';

/**
 * Issue 17 point 2: a Teacher imports a Moodle XML file with a category tree and an image into
 * the bank; the preview lists the four questions with their category paths and the two items left
 * out, each with its reason; importing creates the tree and stores the image.
 */

const FILE = readFileSync(new URL('./support/import-science.moodle.xml', import.meta.url));

test('a teacher imports a Moodle XML file into the bank and sees the two items skipped with their reasons', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const teacher = account('Teacher');
  await signIn(page, teacher.email, teacher.password);
  await page.goto('/account/question-bank');
  await expect(page.getByRole('heading', { name: 'Question bank', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Import questions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import questions' });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'science.xml',
    mimeType: 'application/xml',
    buffer: FILE,
  });
  await expect(dialog.getByText('science.xml')).toBeVisible();
  await dialog.getByRole('button', { name: 'Preview' }).click();

  await expect(dialog.getByRole('status')).toHaveText(
    'Moodle XML: 4 questions will be imported. 2 items will not be imported.',
  );
  await expect(dialog.getByText('Not imported (2)')).toBeVisible();
  // Each item as a teacher finds it (its place among the questions and its title), and where in the file.
  await expect(dialog.getByText('Question 3 — “Speed formula”')).toBeVisible();
  await expect(dialog.getByText('In the file: quiz/question[4] “Speed formula”')).toBeVisible();
  await expect(
    dialog.getByText('vbuilder has no question type for this kind of question (calculated).'),
  ).toBeVisible();
  await expect(dialog.getByText('Question 4 — “Reading for the biology part”')).toBeVisible();
  await expect(
    dialog.getByText('vbuilder has no question type for this kind of question (description).'),
  ).toBeVisible();
  await expect(dialog.getByText('Category: Science › Physics')).toHaveCount(2);
  await expect(dialog.getByText('Category: Science › Biology')).toHaveCount(2);
  await expect(dialog.getByText('1 image')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'question-import-preview-desktop', { viewport: DESKTOP });
  await shoot(dialog, 'question-import-preview-dialog-desktop');
  await shoot(page, 'question-import-preview-mobile', { viewport: PHONE });
  await shoot(dialog, 'question-import-preview-dialog-mobile');
  await page.setViewportSize(DESKTOP);

  await dialog.getByRole('button', { name: 'Import 4 questions' }).click();
  await expect(page.getByText('4 questions imported')).toBeVisible();
  await expect(dialog).toBeHidden();
  const categories = page.getByRole('navigation', { name: 'Categories' });
  await expect(categories.getByText('Science', { exact: true })).toBeVisible();

  // The tree and the image, as the bank holds them.
  const token = await accessToken(page);
  const res = await page.request.get('/api/question-bank/questions?search=lens&pageSize=10', {
    headers: bearer(token),
  });
  const lens = BankQuestionListSchema.parse(await res.json()).items[0]!;
  expect(lens.question.imageUrl).toMatch(/^\/api\/files\/question-images\//);
  const image = await page.request.get(lens.question.imageUrl!);
  expect(image.headers()['content-type']).toBe('image/png');
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { account, expectAccessible, settled, signIn } from './support/fixtures.ts';
import { DESKTOP, PHONE, SHOTS_DIR, shoot } from './support/shots.ts';

/** With E2E_SHOTS_DIR set: desktop and phone pictures of an authoring screen, none wider than a phone. */
async function shootBoth(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  const desktop = page.viewportSize();
  await shoot(page, `${name}-desktop`, { viewport: DESKTOP });
  await page.setViewportSize(PHONE);
  await settled(page);
  // Nothing may stick out sideways on a phone.
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
  );
  expect(wide, `${name} is wider than a phone`).toEqual([]);
  await shoot(page, `${name}-mobile`);
  if (desktop) await page.setViewportSize(desktop);
}

/** Opens question `number` of the list editor and returns its row. */
async function openQuestion(page: Page, number: number): Promise<Locator> {
  await page.getByRole('button', { name: `Edit question ${number}`, exact: true }).click();
  const row = page.locator('ol[aria-label="Questions"] > li').nth(number - 1);
  await expect(row.getByRole('textbox', { name: 'Question', exact: true })).toBeVisible();
  return row;
}

async function closeQuestion(page: Page, number: number) {
  await page.getByRole('button', { name: `Close question ${number}`, exact: true }).click();
}

const TITLE = `Photosynthesis check ${Date.now().toString(36)}`;

test('a Teacher creates an assessment with the wizard, edits it and views it', async ({ page }) => {
  test.setTimeout(180_000);
  const teacher = account('Teacher');
  await signIn(page, teacher.email, teacher.password);
  await page.goto(`/account/questions/${teacher.id}/new`);
  await expect(page.getByRole('heading', { name: 'Create assessment', level: 1 })).toBeVisible();

  // Step 1, Select Questions: five families (the demo organization is on Enterprise).
  await expect(page.getByRole('heading', { name: 'Select Questions', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select at least one question type')).toBeVisible();
  for (const type of [
    'Multiple Choice',
    'True/False',
    'Short Answers',
    'Matching Pairs',
    'Timeline Assignments',
  ]) {
    await page.getByRole('checkbox', { name: type, exact: true }).check();
  }
  await expectAccessible(page);
  await shootBoth(page, '1-select-questions');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2, Choose Generation Type.
  await expect(page.getByRole('heading', { name: 'Choose Generation Type', level: 2 })).toBeVisible();
  await page.getByRole('radio', { name: /Manual Selection/ }).check();
  await expectAccessible(page);
  await shootBoth(page, '2-generation-type');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3, Set Assessment Details: the title and subject are required.
  await expect(page.getByRole('heading', { name: 'Set Assessment Details', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Enter a title for the assessment.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await page.getByRole('textbox', { name: 'Subject' }).fill('Biology');
  await page.getByRole('textbox', { name: 'Start date' }).fill('2030-03-02');
  await page.getByLabel('Start time').fill('09:00');
  await page.getByRole('textbox', { name: 'End date' }).fill('2030-03-09');
  await page.getByLabel('End time').fill('17:30');
  await page.getByRole('textbox', { name: 'Time limit (minutes)' }).fill('45');
  await page
    .getByRole('textbox', { name: 'Instructions' })
    .fill('Answer every question. Calculators are not needed.');
  // Publishing is not asked here: the last step asks it, with no default.
  await expect(page.getByRole('radio', { name: /Publish now/ })).toHaveCount(0);
  await expect(page.getByText(/Dates and times are in your time zone/).first()).toBeVisible();
  await expectAccessible(page);
  await shootBoth(page, '3-details');

  // A reload mid-wizard finds the draft where it was.
  await page.reload();
  await expect(page.getByText('Draft restored: you can carry on where you left off.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Set Assessment Details', level: 2 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(TITLE);
  await expect(page.getByRole('textbox', { name: 'Start date' })).toHaveValue('2030-03-02');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4, Set Questions: one empty question of each chosen type.
  await expect(page.getByRole('heading', { name: 'Set Questions', level: 2 })).toBeVisible();
  await expect(page.locator('ol[aria-label="Questions"] > li')).toHaveCount(5);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/5 questions need attention/)).toBeVisible();
  await closeQuestion(page, 1);

  let row = await openQuestion(page, 1);
  await row.getByRole('textbox', { name: 'Question', exact: true }).fill('Which gas do plants take in?');
  await row.getByRole('textbox', { name: 'Score' }).fill('2');
  for (const [letter, text] of [
    ['A', 'Carbon dioxide'],
    ['B', 'Oxygen'],
    ['C', 'Nitrogen'],
    ['D', 'Helium'],
  ] as const) {
    await row.getByRole('textbox', { name: `Option ${letter}`, exact: true }).fill(text);
  }
  await row.getByRole('radio', { name: 'Option A is correct' }).check();
  await closeQuestion(page, 1);

  row = await openQuestion(page, 2);
  await row.getByRole('textbox', { name: 'Question', exact: true }).fill('Plants release oxygen.');
  await row.getByRole('radio', { name: 'True' }).check();
  await closeQuestion(page, 2);

  row = await openQuestion(page, 3);
  await row
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill('What do leaves use to capture light?');
  await row.getByRole('textbox', { name: 'Accepted answer 1' }).fill('chlorophyll');
  await closeQuestion(page, 3);

  row = await openQuestion(page, 4);
  await row.getByRole('textbox', { name: 'Question', exact: true }).fill('Match each part to its job.');
  await row.getByRole('textbox', { name: 'Prompt 1', exact: true }).fill('Root');
  await row.getByRole('textbox', { name: 'Match for prompt 1' }).fill('Takes in water');
  await row.getByRole('textbox', { name: 'Prompt 2', exact: true }).fill('Leaf');
  await row.getByRole('textbox', { name: 'Match for prompt 2' }).fill('Makes food');
  await closeQuestion(page, 4);

  row = await openQuestion(page, 5);
  await row.getByRole('textbox', { name: 'Question', exact: true }).fill('Put the steps in order.');
  await row.getByRole('textbox', { name: 'Item 1', exact: true }).fill('Light is absorbed');
  await row.getByRole('textbox', { name: 'Item 2', exact: true }).fill('Water is split');
  await row.getByRole('textbox', { name: 'Item 3', exact: true }).fill('Glucose is made');
  await closeQuestion(page, 5);

  await expect(page.getByText('Total marks: 6')).toBeVisible();
  await expect(page.getByText(/problems?$/)).toHaveCount(0);
  await expectAccessible(page);
  await shootBoth(page, '4-set-questions');

  // Publish now or keep as draft: nothing is chosen for the teacher.
  await expect(page.getByRole('radio', { name: /Keep as draft/ })).not.toBeChecked();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Choose whether to publish the assessment now or keep it as a draft.'),
  ).toBeVisible();
  await page.getByRole('radio', { name: /Publish now/ }).check();
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/assessments') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await expect(page.getByText(`Assessment “${TITLE}” created.`)).toBeVisible();
  await expect(page.getByText('Published: assigned students can take it')).toBeVisible();
  await page.waitForURL(`**/account/questions/${teacher.id}`);
  // The list's link (the toast above also names the assessment while it shows).
  await expect(page.getByRole('link', { name: TITLE, exact: true })).toBeVisible();
  // The draft is gone: the wizard starts afresh.
  expect(
    await page.evaluate((key) => localStorage.getItem(key), `vbuilder.assessmentDraft.${teacher.id}`),
  ).toBeNull();

  // Edit: change the title and a date, move question 5 up with the keyboard, upload a file, save.
  await page.goto(`/account/user/questions/${teacher.id}/quiz/${id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit assessment', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(TITLE);
  const renamed = `${TITLE} (revised)`;
  await page.getByRole('textbox', { name: 'Title' }).fill(renamed);
  await page.getByRole('textbox', { name: 'End date' }).fill('2030-03-16');
  await page.getByRole('textbox', { name: 'End date' }).press('Tab');
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  const moveUp = page.getByRole('button', { name: 'Move question 5 up' });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Question 5 moved to position 4 of 5.')).toBeAttached();
  // The focus stays with the moved question, now number 4.
  await expect(page.getByRole('button', { name: 'Move question 4 up' })).toBeFocused();
  await expect(page.locator('ol[aria-label="Questions"] > li').nth(3)).toContainText(
    'Put the steps in order.',
  );

  await page.locator('input[type="file"][name="resource"]').setInputFiles({
    name: 'reading.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Photosynthesis turns light into chemical energy.\n'),
  });
  await expect(page.getByText('reading.txt uploaded.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download reading.txt' })).toBeVisible();
  await expectAccessible(page);
  await shootBoth(page, '5-edit');

  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText(`Assessment “${renamed}” updated.`)).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(renamed);
  await expect(page.getByRole('textbox', { name: 'End date' })).toHaveValue('2030-03-16');
  await expect(page.getByLabel('End time')).toHaveValue('17:30');
  await expect(page.locator('ol[aria-label="Questions"] > li').nth(3)).toContainText(
    'Put the steps in order.',
  );
  await expect(page.getByRole('button', { name: 'Download reading.txt' })).toBeVisible();

  // An unsaved change asks before leaving.
  await page.getByRole('textbox', { name: 'Subject' }).fill('Biology, year 8');
  await page.getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await page.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Biology, year 8');
  await page.getByRole('link', { name: 'View' }).click();
  await page.getByRole('button', { name: 'Leave without saving' }).click();

  // View: as students will see it, every question to try.
  await page.waitForURL(`**/quiz/${id}/view`);
  await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
  await expect(page.getByText('Biology', { exact: true })).toBeVisible();
  await expect(page.getByText('45 minutes')).toBeVisible();
  await expect(page.getByText('Question 4 of 5')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Put the steps in order.', level: 3 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download reading.txt' })).toBeVisible();
  await page.getByRole('radio', { name: 'Carbon dioxide' }).check();
  await page.getByRole('button', { name: 'Check answer' }).first().click();
  await expect(page.getByText(/^Correct/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Submissions' })).toBeVisible();
  await expectAccessible(page);
  await shootBoth(page, '6-view');
});

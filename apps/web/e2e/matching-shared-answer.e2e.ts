import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { accessToken, account, expectAccessible, settled, signIn } from './support/fixtures.ts';
import { DESKTOP, PHONE, shoot } from './support/shots.ts';

/**
 * Matching where prompts share an answer: frog and newt both go with "amphibian". The teacher's
 * editor says which prompts share it; the student finds "Amphibian" once in every list, chooses
 * it for both prompts (one of them with the keyboard) and gets full marks.
 */

const QUESTION = 'Match each animal with its class.';

/** A part of the screen at a width, once the layout has settled (a picture only with E2E_SHOTS_DIR). */
async function shootAt(target: Locator, name: string, viewport: { width: number; height: number }) {
  await target.page().setViewportSize(viewport);
  await settled(target.page());
  await shoot(target, name);
}

/** The Teacher publishes the assessment through the API. */
async function publish(page: Page, title: string): Promise<string> {
  const response = await page.request.post('/api/assessments', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: {
      title,
      subject: 'Biology',
      difficulty: 'Easy',
      generationType: 'manual',
      passMark: 50,
      durationMinutes: 20,
      status: 'published',
      instructions: 'Match every animal.',
      reviewPolicy: 'afterSubmission',
      questions: [
        {
          id: 'q1',
          type: 'matching-pairs',
          text: QUESTION,
          score: 3,
          config: {
            pairs: [
              { id: '1', prompt: 'Frog', match: 'Amphibian' },
              { id: '2', prompt: 'Newt', match: 'Amphibian' },
              { id: '3', prompt: 'Snake', match: 'Reptile' },
            ],
            distractors: ['Fish'],
          },
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function teacherSees(browser: Browser, title: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const teacher = account('Teacher');
  await signIn(page, teacher.email, teacher.password);
  const id = await publish(page, title);
  await page.goto(`/account/user/questions/${teacher.id}/quiz/${id}/edit`);
  await page.getByRole('button', { name: 'Edit question 1', exact: true }).click();
  const row = page.locator('ol[aria-label="Questions"] > li').first();
  await expect(row.getByRole('textbox', { name: 'Match for prompt 2' })).toHaveValue('Amphibian');
  await expect(row.getByText('Shared by prompts 1, 2')).toHaveCount(2);
  await expectAccessible(page);
  await row.scrollIntoViewIfNeeded();
  await shootAt(row, 'matching-editor-desktop', DESKTOP);
  await shootAt(row, 'matching-editor-mobile', PHONE);
  await context.close();
  return id;
}

test('prompts sharing an answer: the teacher sees it shared, a student chooses it twice and gets full marks', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Animal classes ${Date.now().toString(36)}`;
  const id = await teacherSees(browser, title);

  const student = account('Student');
  await signIn(page, student.email, student.password);
  await page.goto(`/account/user/${student.id}/quiz/${id}`);
  await page.getByRole('button', { name: 'Start' }).click();
  const question = page.getByRole('region', { name: QUESTION });
  await expect(question).toBeVisible();

  await question.getByRole('combobox', { name: 'Frog' }).click();
  await expect(page.getByRole('option', { name: 'Amphibian' })).toHaveCount(1);
  await page.getByRole('option', { name: 'Amphibian' }).click();
  // The answer chosen for the frog is still there for the newt, by keyboard alone.
  await question.getByRole('combobox', { name: 'Newt' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Amphibian' })).toHaveCount(1);
  await settled(page);
  await shoot(page, 'matching-player-open-desktop');
  const options = await page.getByRole('listbox').getByRole('option').allTextContents();
  for (let i = 0; i < options.indexOf('Amphibian'); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(question.getByRole('combobox', { name: 'Newt' })).toHaveValue('Amphibian');
  await question.getByRole('combobox', { name: 'Snake' }).click();
  await page.getByRole('option', { name: 'Reptile' }).click();
  await expect(question.getByRole('combobox', { name: 'Frog' })).toHaveValue('Amphibian');
  await expect(page.locator('[data-save-status]')).toHaveText('Saved', { timeout: 15_000 });
  await expectAccessible(page);
  await shootAt(question, 'matching-player-desktop', DESKTOP);
  await shootAt(question, 'matching-player-mobile', PHONE);
  await page.setViewportSize(DESKTOP);

  await page.getByRole('button', { name: 'Submit' }).last().click();
  await page
    .getByRole('dialog', { name: 'Submit your answers?' })
    .getByRole('button', { name: 'Submit' })
    .click();
  await expect(page.getByText('Your answers have been submitted.')).toBeVisible();
  await expect(page.getByText('3 / 3').first()).toBeVisible();
});

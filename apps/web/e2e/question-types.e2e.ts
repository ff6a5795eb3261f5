import { expect, test, type Locator, type Page } from '@playwright/test';
import { QUESTION_TYPES } from '@vbuilder/shared';
import { account, expectAccessible, expectOpaque, signIn } from './support/fixtures.ts';

/** Opens a type's live preview from the question types screen; returns the preview drawer. */
async function openPreview(page: Page, label: string): Promise<Locator> {
  await page.getByRole('button', { name: `Try it: ${label}` }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('button', { name: 'Check answer' })).toBeVisible();
  return drawer;
}

async function check(drawer: Locator, outcome: RegExp) {
  await drawer.getByRole('button', { name: 'Check answer' }).click();
  await expect(
    drawer.getByRole('region', { name: 'Result of the check' }).or(drawer.getByText(outcome)).first(),
  ).toContainText(outcome);
}

async function close(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('a Teacher previews and marks one question of every family', async ({ page }) => {
  // Ten previews, each loading its family's player on demand: allow for a busy machine.
  test.setTimeout(120_000);
  const teacher = account('Teacher');
  await signIn(page, teacher.email, teacher.password);
  await page.goto(`/account/questiontype/${teacher.id}`);
  await expect(page.getByRole('heading', { name: 'Question Types', level: 1 })).toBeVisible();
  await expect(page.getByText(`${QUESTION_TYPES.length} question types`)).toBeVisible();
  await expectAccessible(page);

  // choice: the example's right answer scores full marks.
  let drawer = await openPreview(page, 'Multiple Choice');
  await drawer.getByRole('radio', { name: 'Carbon dioxide' }).check();
  await check(drawer, /^Correct/);
  await expectAccessible(page);
  await close(page);

  // true/false: a wrong answer scores nothing; then the teacher writes a question of their own
  // in the editor, and answering it right scores full marks.
  drawer = await openPreview(page, 'True/False');
  await drawer.getByRole('radio', { name: 'True' }).check();
  await check(drawer, /Not correct/);
  await drawer.getByText('Edit the question', { exact: true }).click();
  await drawer.getByRole('textbox', { name: 'Question' }).fill('Water boils at 100 °C at sea level.');
  await drawer.getByRole('radio', { name: 'True' }).check();
  await drawer.getByRole('button', { name: 'Save question' }).click();
  await expect(drawer.getByText('Water boils at 100 °C at sea level.')).toBeVisible();
  await drawer.getByRole('radio', { name: 'True' }).check();
  await check(drawer, /^Correct/);
  await expectAccessible(page);
  await close(page);

  // text entry (short answer): normalised comparison (case and a trailing full stop ignored).
  drawer = await openPreview(page, 'Short Answers');
  await drawer.getByRole('textbox').fill('photosynthesis.');
  await check(drawer, /^Correct/);
  await close(page);

  // fill in the blanks: an empty blank and a wrong one give no credit.
  drawer = await openPreview(page, 'Fill in the Blanks');
  await drawer.getByRole('textbox').first().fill('something else');
  await check(drawer, /Not correct|Partly correct/);
  await close(page);

  // matching pairs, ordering (timeline), drag and drop, crossword: answered by keyboard-operable
  // controls; checking an untouched or partial answer gives a mark, never a crash.
  for (const label of ['Matching Pairs', 'Drag & Drop']) {
    drawer = await openPreview(page, label);
    // Keyboard alone: open the first select and pick its first choice.
    await drawer.getByRole('combobox').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await check(drawer, /Correct|Partly correct|Not correct/);
    await close(page);
  }

  drawer = await openPreview(page, 'Timeline Assignments');
  await drawer
    .getByRole('button', { name: /Move .* down/ })
    .first()
    .click();
  await check(drawer, /Correct|Partly correct|Not correct/);
  await close(page);

  drawer = await openPreview(page, 'Crosswords and Puzzles');
  await drawer.getByRole('group', { name: 'Crossword grid' }).locator('input').first().click();
  await page.keyboard.type('MARS');
  await check(drawer, /Correct|Partly correct|Not correct/);
  await close(page);

  // open response: waits for a teacher; a survey is not scored.
  drawer = await openPreview(page, 'Essay Questions');
  await drawer.getByRole('textbox').first().click();
  await page.keyboard.type('Photosynthesis turns light into chemical energy.');
  await check(drawer, /Pending manual marking/);
  await close(page);

  drawer = await openPreview(page, 'Survey-Based');
  await drawer.getByRole('radio').last().check();
  await check(drawer, /Not scored/);
  await close(page);
});

test('the question examples page lists every type with its example and copies it as JSON', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const teacher = account('Teacher');
  await signIn(page, teacher.email, teacher.password);
  await page.goto('/account/questiontype/questionexamples');
  await expect(page.getByRole('heading', { name: 'Question Type Examples', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(QUESTION_TYPES.length);
  await expect(page.getByText('Use this example as a template for your assessments').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: /Drag & Drop/ }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page
    .getByRole('button', { name: /Copy JSON/ })
    .first()
    .click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Drag & Drop');
  // Let the confirmation toast finish fading in: mid-animation its text is half transparent.
  const toast = page.getByText('The Drag & Drop example is on your clipboard.');
  await expect(toast).toBeVisible();
  await expectOpaque(toast);
  await expectAccessible(page);
});

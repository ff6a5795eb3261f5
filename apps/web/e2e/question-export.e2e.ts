import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  AssessmentSchema,
  exampleToQuestion,
  QUESTION_EXAMPLES,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { bearer, createAssessment } from './support/assessments.ts';
import { accessToken, account, expectAccessible, signIn } from './support/fixtures.ts';
import { DESKTOP, PHONE, shoot } from './support/shots.ts';
import { QTI3_XSD_MISSING, validateQti3Package } from '../../../test-support/qti3-xsd.ts';

/**
 * Issue 17 points 3 and 2 (into an assessment): a Teacher exports an assessment as Moodle XML and
 * as a QTI 3.0 package, sees before each download the questions the format cannot carry with their
 * reasons, and as GIFT the parts each written question loses; imports the downloaded Moodle file
 * into the bank; then imports a GIFT file with a broken question into a draft from its editor,
 * sees the items left out named as a teacher finds them (the broken one with its line), and saves
 * the assessment with what was typed before the import and what the import added.
 */

const TYPES: QuestionTypeId[] = [
  'multiple-choice',
  'true-false',
  'essay',
  'crosswords-and-puzzles',
  'drag-and-drop',
];
const GIFT = [
  '::Boiling:: Water boils at 100 °C at sea level. {T}',
  '',
  '::Capital:: What is the capital of Kenya? {=Nairobi ~Mombasa ~Kisumu}',
  '',
  '::Range:: Give a number between 1 and 5. {#1..5}',
  '',
  // Broken (its answers never closed): skipped with its line and why; the others still come in.
  '::Rain:: What falls from clouds? {=rain ~sand',
  '',
].join('\n');

/** Chooses a format in the export dialog and waits for its check. */
async function chooseFormat(dialog: Locator, name: RegExp) {
  await dialog.getByRole('radio', { name }).check();
  await expect(dialog.getByText('Checking what this format can hold…')).toBeHidden();
}

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

test('a teacher exports an assessment as Moodle XML and QTI, sees what is left out, and imports the file into the bank', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const teacher = account('Teacher');
  await signIn(page, teacher.email, teacher.password);
  const token = await accessToken(page);
  const title = `Cells and energy ${Date.now()}`;
  const assessmentId = await createAssessment(page.request, token, {
    title,
    subject: 'Biology',
    difficulty: 'Medium',
    generationType: 'manual',
    passMark: 50,
    questions: TYPES.map((type, i) => exampleToQuestion(QUESTION_EXAMPLES[type], `q${i + 1}`)),
  });
  await page.goto(`/account/user/questions/${teacher.id}/quiz/${assessmentId}/edit`);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export questions' });
  await expect(dialog.getByText(`All 5 saved questions of “${title}”.`)).toBeVisible();

  // Moodle XML: the crossword and the drag and drop stay out, each listed with why.
  await chooseFormat(dialog, /Moodle XML/);
  await expect(dialog.getByText('3 of 5 questions will be in the file.')).toBeVisible();
  await expect(dialog.getByText('Not in the file (2)')).toBeVisible();
  await expect(
    dialog.getByText('This format cannot hold this question type (Crosswords and Puzzles).'),
  ).toBeVisible();
  await expect(dialog.getByText('This format cannot hold this question type (Drag & Drop).')).toBeVisible();
  await expect(dialog.getByText(/^Question 4 — “/)).toBeVisible();
  await expectAccessible(page);
  await shoot(dialog, 'question-export-dialog-desktop', { viewport: DESKTOP });
  await shoot(dialog, 'question-export-dialog-mobile', { viewport: PHONE });
  await page.setViewportSize(DESKTOP);
  const moodle = await download(page, dialog.getByRole('button', { name: 'Download 3 questions' }));
  expect(moodle.name).toBe(`${title}.moodle.xml`);
  expect(moodle.bytes.toString('utf8')).toContain('<quiz>');
  await expect(page.getByText(`Downloaded ${title}.moodle.xml`)).toBeVisible();

  // QTI 3.0 carries drag and drop: only the crossword is left out.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await chooseFormat(dialog, /QTI 3\.0/);
  await expect(dialog.getByText('Not in the file (1)')).toBeVisible();
  await expect(dialog.getByText('4 of 5 questions will be in the file.')).toBeVisible();
  const qti = await download(page, dialog.getByRole('button', { name: 'Download 4 questions' }));
  expect(qti.name).toBe(`${title}.qti3.zip`);
  expect(qti.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  // The package a teacher downloads is valid QTI 3.0 by 1EdTech's schemas (skipped, saying so, off CI
  // without them).
  if (QTI3_XSD_MISSING)
    test.info().annotations.push({ type: 'skipped check', description: QTI3_XSD_MISSING });
  else {
    const verdict = validateQti3Package(new Uint8Array(qti.bytes));
    expect(verdict.manifests).toBe(1);
    expect(verdict.documents.status, verdict.documents.report).toBe(0);
    expect(verdict.manifest.status, verdict.manifest.report).toBe(0);
  }

  // GIFT writes the essay but has no points and no rubric: each question says what it loses.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await chooseFormat(dialog, /GIFT/);
  await expect(dialog.getByText('3 of 5 questions will be in the file.')).toBeVisible();
  await expect(dialog.getByText('In the file without some parts (3)')).toBeVisible();
  await expect(
    dialog.getByText(
      'Its score (25 points) is not in the file: this format has no points, so the question comes back worth 1 point.',
    ),
  ).toBeVisible();
  await expect(
    dialog.getByText('Not in the file: the rubric. This format has no place for it.'),
  ).toBeVisible();
  await expectAccessible(page);
  // The list of parts is below the fold of the dialog: shown scrolled to it.
  const lastPart = dialog.getByText('Not in the file: the model answer. This format has no place for it.');
  await lastPart.scrollIntoViewIfNeeded();
  await shoot(dialog, 'question-export-partial-desktop');
  await page.setViewportSize(PHONE);
  await lastPart.scrollIntoViewIfNeeded();
  await shoot(dialog, 'question-export-partial-mobile');
  await page.setViewportSize(DESKTOP);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The Moodle file goes into the bank: its three questions, under a category named after the assessment.
  await page.goto('/account/question-bank');
  await page.getByRole('button', { name: 'Import questions' }).click();
  const importer = page.getByRole('dialog', { name: 'Import questions' });
  await importer.locator('input[type="file"]').setInputFiles({
    name: moodle.name,
    mimeType: 'application/xml',
    buffer: moodle.bytes,
  });
  await importer.getByRole('button', { name: 'Preview' }).click();
  await expect(importer.getByRole('status')).toHaveText('Moodle XML: 3 questions will be imported.');
  await expect(importer.getByText(`Category: ${title}`)).toHaveCount(3);
  await importer.getByRole('button', { name: 'Import 3 questions' }).click();
  await expect(page.getByText('3 questions imported')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Categories' }).getByText(title)).toBeVisible();

  // A selection of the bank: two ticked questions of that category, as GIFT.
  await page.getByRole('navigation', { name: 'Categories' }).getByText(title).click();
  const boxes = page.getByRole('checkbox', { name: /^Select for export/ });
  await expect(boxes).toHaveCount(3);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(page.getByRole('button', { name: 'Clear the selection (2)' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'question-bank-selection-desktop', { viewport: DESKTOP });
  await shoot(page, 'question-bank-selection-mobile', { viewport: PHONE });
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const fromBank = page.getByRole('dialog', { name: 'Export questions' });
  await expect(fromBank.getByText('2 selected questions.')).toBeVisible();
  await chooseFormat(fromBank, /GIFT/);
  await expect(fromBank.getByText(/ of 2 questions will be in the file\./)).toBeVisible();
  const gift = await download(page, fromBank.getByRole('button', { name: /^Download/ }));
  expect(gift.name).toBe('Question bank.gift.txt');
});

test('a teacher imports a file into a draft from its editor, and a save keeps what was typed and what was imported', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const teacher = account('Teacher');
  await signIn(page, teacher.email, teacher.password);
  const token = await accessToken(page);
  const assessmentId = await createAssessment(page.request, token, {
    title: `Water ${Date.now()}`,
    subject: 'Physics',
    difficulty: 'Easy',
    generationType: 'manual',
    passMark: 50,
    questions: [exampleToQuestion(QUESTION_EXAMPLES['true-false'], 'q1')],
  });
  await page.goto(`/account/user/questions/${teacher.id}/quiz/${assessmentId}/edit`);
  // Typed before the import, not saved yet.
  const name = page.getByRole('textbox', { name: /^Title/ });
  await name.fill('Water and ice');

  await page.getByRole('button', { name: 'Import questions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import questions' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'water.gift.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(GIFT),
  });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'GIFT: 2 questions will be imported. 2 items will not be imported.',
  );
  await expect(dialog.getByText('Question 3 — “Range”')).toBeVisible();
  await expect(dialog.getByText('In the file: line 5 “Range”')).toBeVisible();
  await expect(dialog.getByText('Question 4 — “Rain”')).toBeVisible();
  await expect(
    dialog.getByText('This question could not be read. The answers are not closed with }.'),
  ).toBeVisible();
  await expect(dialog.getByText('In the file: line 7 “Rain”')).toBeVisible();
  await expectAccessible(page);
  await shoot(dialog, 'question-import-skipped-desktop', { viewport: DESKTOP });
  await shoot(dialog, 'question-import-skipped-mobile', { viewport: PHONE });
  await page.setViewportSize(DESKTOP);
  await dialog.getByRole('button', { name: 'Import 2 questions' }).click();
  await expect(page.getByText('2 questions imported')).toBeVisible();

  // The editor shows them, keeps the typed title, and a save sends all three questions.
  await expect(page.getByText('What is the capital of Kenya?')).toBeVisible();
  await expect(name).toHaveValue('Water and ice');
  await shoot(page, 'question-import-editor-desktop', { viewport: DESKTOP });
  await shoot(page, 'question-import-editor-mobile', { viewport: PHONE });
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('Assessment “Water and ice” updated.')).toBeVisible();
  const res = await page.request.get(`/api/assessments/${assessmentId}`, { headers: bearer(token) });
  const saved = AssessmentSchema.parse(await res.json());
  expect(saved.title).toBe('Water and ice');
  expect(saved.questions.map((q) => q.text)).toEqual([
    QUESTION_EXAMPLES['true-false'].question,
    'Water boils at 100 °C at sea level.',
    'What is the capital of Kenya?',
  ]);
});

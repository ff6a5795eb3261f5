import { expect, test, type Browser, type Page } from '@playwright/test';
import { exampleToQuestion, QUESTION_EXAMPLES, type QuestionTypeId } from '@vbuilder/shared';
import { bearer, publishAssessment as publishThroughApi } from './support/assessments.ts';
import { accessToken, account, apiSignIn, expectAccessible, settled, signIn } from './support/fixtures.ts';
import { DESKTOP, PHONE, shoot, shootBoth } from './support/shots.ts';

/**
 * Issue 6: a Student takes an assessment with one question of every family, loses the network
 * part way, reloads without it, finds every answer, comes back online, and submits. No answer
 * may be lost.
 */

/** One question of each family, as the examples page shows them. */
const TYPES: QuestionTypeId[] = [
  'multiple-choice',
  'true-false',
  'short-answers',
  'fill-in-the-blanks',
  'matching-pairs',
  'timeline-assignments',
  'drag-and-drop',
  'crosswords-and-puzzles',
  'essay',
];
const text = (type: QuestionTypeId) => QUESTION_EXAMPLES[type].question;

/** The Teacher publishes the assessment through the API, in a browser of their own. */
async function publishAssessment(browser: Browser, title: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const teacher = account('Teacher');
  await signIn(page, teacher.email, teacher.password);
  const response = await page.request.post('/api/assessments', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: {
      title,
      subject: 'General Science',
      difficulty: 'Medium',
      generationType: 'manual',
      passMark: 50,
      durationMinutes: 60,
      status: 'published',
      instructions: 'Answer every question. Your answers are saved as you go.',
      reviewPolicy: 'afterSubmission',
      questions: TYPES.map((type, i) => exampleToQuestion(QUESTION_EXAMPLES[type], `q${i + 1}`)),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await context.close();
  return id;
}

const question = (page: Page, type: QuestionTypeId) => page.getByRole('region', { name: text(type) });
const status = (page: Page) => page.locator('[data-save-status]');

/**
 * With all questions on one page, a question's answer area below the first three is fetched as the
 * student scrolls near it (NearViewport): scroll to it, as a student does, before using it.
 */
async function reach(page: Page, type: QuestionTypeId) {
  await question(page, type).scrollIntoViewIfNeeded();
}

test('a Student answers every family, offline too, reloads without a network, and submits', async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const title = `Science check ${Date.now()}`;
  const assessmentId = await publishAssessment(browser, title);

  const student = account('Student');
  await signIn(page, student.email, student.password);
  await page.goto(`/account/user/${student.id}/quiz/${assessmentId}`);

  // The start card.
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('60 minutes', { exact: true })).toBeVisible();
  await expect(page.getByText('9', { exact: true })).toBeVisible();
  await expect(page.getByText('50%', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'start-card-desktop', { viewport: DESKTOP });
  await shoot(page, 'start-card-mobile', { viewport: PHONE });
  await page.setViewportSize(DESKTOP);

  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\?attempt=/);
  await expect(question(page, 'multiple-choice')).toBeVisible();
  // The page is served by the service worker from here on: wait until it has the app cached.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await page.getByText('All on one page').click();

  // Online: choice, true/false, short answer.
  await question(page, 'multiple-choice').getByRole('radio', { name: 'Carbon dioxide' }).check();
  await question(page, 'true-false').getByRole('radio', { name: 'False' }).check();
  await question(page, 'short-answers').getByRole('textbox').fill('Photosynthesis');
  await expect(status(page)).toHaveText('Saved', { timeout: 15_000 });
  await expectAccessible(page);

  // Offline: fill in the blanks, matching, ordering — kept on the device.
  await context.setOffline(true);
  await reach(page, 'fill-in-the-blanks');
  const blanks = question(page, 'fill-in-the-blanks').getByRole('textbox');
  await blanks.nth(0).fill('evaporation');
  await blanks.nth(1).fill('condensation');
  await blanks.nth(2).fill('precipitation');
  await reach(page, 'matching-pairs');
  await question(page, 'matching-pairs').getByRole('combobox').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await reach(page, 'timeline-assignments');
  await question(page, 'timeline-assignments')
    .getByRole('button', { name: /Move .* down/ })
    .first()
    .click();
  await question(page, 'timeline-assignments').getByRole('button', { name: 'Flag for review' }).click();
  await expect(status(page)).toHaveText('Offline — your answers are kept on this device');
  await settled(page);
  await page.locator('nav[aria-label="Questions"]').scrollIntoViewIfNeeded();
  await shoot(page, 'offline-status-desktop', { fullPage: false });
  await page.setViewportSize(PHONE);
  await settled(page);
  await shoot(page, 'offline-status-mobile', { fullPage: false });
  await page.setViewportSize(DESKTOP);

  // Reload without a network: the app and the attempt come from this device, with every answer.
  await page.reload();
  await expect(question(page, 'fill-in-the-blanks')).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText('You are offline. This assessment was opened from the copy on this device'),
  ).toBeVisible();
  await expect(
    question(page, 'multiple-choice').getByRole('radio', { name: 'Carbon dioxide' }),
  ).toBeChecked();
  await expect(question(page, 'true-false').getByRole('radio', { name: 'False' })).toBeChecked();
  await expect(question(page, 'short-answers').getByRole('textbox')).toHaveValue('Photosynthesis');
  await reach(page, 'fill-in-the-blanks');
  await expect(blanks.nth(0)).toHaveValue('evaporation');
  await expect(blanks.nth(2)).toHaveValue('precipitation');
  await reach(page, 'timeline-assignments');
  await expect(question(page, 'timeline-assignments').getByRole('button', { name: 'Flagged' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Question 6: .*flagged for review/ })).toBeVisible();
  await expect(status(page)).toHaveText('Offline — your answers are kept on this device');
  await shoot(page, 'offline-reload-desktop', { viewport: DESKTOP });

  // Back online: everything queued is saved.
  await context.setOffline(false);
  await expect(status(page)).toHaveText('Saved', { timeout: 20_000 });

  // The rest: drag and drop, crossword, essay.
  await reach(page, 'drag-and-drop');
  await question(page, 'drag-and-drop').getByRole('combobox').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await reach(page, 'crosswords-and-puzzles');
  await question(page, 'crosswords-and-puzzles')
    .getByRole('group', { name: 'Crossword grid' })
    .locator('input')
    .first()
    .click();
  await page.keyboard.type('MARS');
  await reach(page, 'essay');
  await question(page, 'essay').getByRole('textbox').first().click();
  await page.keyboard.type('Wages rose slowly, but housing and health were poor for decades.');
  await expect(status(page)).toHaveText('Saved', { timeout: 15_000 });
  await shoot(page, 'attempt-all-desktop', { viewport: DESKTOP });
  await shoot(page, 'attempt-all-mobile', { viewport: PHONE });

  // One question per page, with the navigator.
  await page.setViewportSize(DESKTOP);
  await page.getByText('One per page').click();
  await page.getByRole('button', { name: /^Question 4: answered/ }).click();
  await expect(page.getByRole('heading', { name: text('fill-in-the-blanks') })).toBeFocused();
  await expect(question(page, 'multiple-choice')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: text('matching-pairs') })).toBeFocused();
  await expectAccessible(page);
  await shoot(page, 'attempt-one-desktop', { viewport: DESKTOP });
  await shoot(page, 'attempt-one-mobile', { viewport: PHONE });
  await page.setViewportSize(DESKTOP);

  // Every answer reached the server.
  const attemptId = new URL(page.url()).searchParams.get('attempt')!;
  const saved = await page.request.get(`/api/attempts/${attemptId}`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  const answers = ((await saved.json()) as { answers: Record<string, { answer: unknown; flagged: boolean }> })
    .answers;
  expect(Object.keys(answers).sort()).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9']);
  expect(JSON.stringify(answers.q4?.answer)).toContain('precipitation');
  expect(answers.q6?.flagged).toBe(true);

  // Submit: the dialog counts what is flagged, then the result.
  await page.getByRole('button', { name: 'Submit' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Submit your answers?' });
  await expect(dialog.getByText('1 question is flagged for review.')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'submit-dialog-desktop', { fullPage: false });
  await page.setViewportSize(PHONE);
  await settled(page);
  await shoot(page, 'submit-dialog-mobile', { fullPage: false });
  await page.setViewportSize(DESKTOP);
  await dialog.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/my-results$/);
  await expect(page.getByText('Your answers have been submitted.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Attempt 1' })).toBeVisible();
  await expect(page.getByText('Pending manual marking')).toBeVisible();
  await expect(page.getByText('Pending marking')).toBeVisible();
  await expect(page.getByText(/^\d+(\.\d+)? \/ \d+$/).first()).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'results-desktop', { viewport: DESKTOP });
  await shoot(page, 'results-mobile', { viewport: PHONE });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'results-mobile-top', { fullPage: false });
});

test('a Student sees partial credit as partly correct with its points and an unmarked essay as pending marking, on the result and in its PDF', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Life science check ${Date.now()}`;
  const essay = {
    ...exampleToQuestion(QUESTION_EXAMPLES.essay, 'q-essay'),
    text: 'Explain why the seasons change.',
    score: 5,
  };
  const dragDrop = exampleToQuestion(
    {
      type: 'Drag & Drop',
      question: 'Sort the animals into their groups.',
      options: {
        dragItems: ['Frog', 'Eagle', 'Shark', 'Dolphin'],
        dropZones: ['Mammals', 'Birds', 'Fish', 'Amphibians'],
      },
      answer: { Frog: 'Amphibians', Eagle: 'Birds', Shark: 'Fish', Dolphin: 'Mammals' },
      score: 4,
      instructions: 'Move each animal into its group.',
    },
    'q-dd',
  );
  const unmarked = { ...essay, id: 'q-essay-2', text: 'Describe the water cycle.' };

  // The Teacher publishes; the Student hands in (the Dolphin with the fish: 3 of 4); the Teacher
  // gives the first essay 4 of 5 and leaves the second one unmarked. All through the API.
  const teacher = await apiSignIn(account('Teacher'));
  const assessmentId = await publishThroughApi(teacher.request, teacher.token, {
    title,
    subject: 'Biology',
    reviewPolicy: 'afterSubmission',
    questions: [essay, dragDrop, unmarked],
  });
  const student = account('Student');
  const pupil = await apiSignIn(student);
  const started = await pupil.request.post(`/api/assessments/${assessmentId}/attempts`, {
    headers: bearer(pupil.token),
  });
  expect([200, 201], await started.text()).toContain(started.status());
  const attempt = (await started.json()) as {
    id: string;
    questions: {
      id: string;
      config: { zones: { id: string; label: string }[]; items: { id: string; text: string }[] };
    }[];
  };
  const view = attempt.questions.find((q) => q.id === 'q-dd')!.config;
  const zone = (label: string) => view.zones.find((z) => z.label === label)!.id;
  const placed: Record<string, string> = {
    Frog: 'Amphibians',
    Eagle: 'Birds',
    Shark: 'Fish',
    Dolphin: 'Fish',
  };
  const answers: Record<string, unknown> = {
    'q-essay': { text: '<p>The Earth is tilted on its axis.</p>' },
    'q-dd': Object.fromEntries(view.items.map((item) => [item.id, zone(placed[item.text]!)])),
    'q-essay-2': { text: '<p>Water evaporates and falls as rain.</p>' },
  };
  for (const [questionId, answer] of Object.entries(answers)) {
    const saved = await pupil.request.put(`/api/attempts/${attempt.id}/answers/${questionId}`, {
      headers: bearer(pupil.token),
      data: { answer, revision: 1, idempotencyKey: crypto.randomUUID() },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const submitted = await pupil.request.post(`/api/attempts/${attempt.id}/submit`, {
    headers: bearer(pupil.token),
    data: {},
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await pupil.request.dispose();
  const marked = await teacher.request.post(`/api/attempts/${attempt.id}/marks`, {
    headers: bearer(teacher.token),
    data: { marks: [{ questionId: 'q-essay', score: 4, feedback: 'Say why the tilt matters.' }] },
  });
  expect(marked.status(), await marked.text()).toBe(200);
  await teacher.request.dispose();

  await signIn(page, student.email, student.password);
  await page.goto(`/account/user/${student.id}/quiz/${assessmentId}/my-results`);
  const answersToggle = page.getByRole('button', { name: '3 questions: answers and marks' });
  await expect(async () => {
    if ((await answersToggle.getAttribute('aria-expanded')) !== 'true') await answersToggle.click();
    await expect(answersToggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
  }).toPass();
  const row = (n: number) => page.getByRole('heading', { name: new RegExp(`^${n}\\. `) }).locator('..');
  await expect(row(1)).toContainText('Partly correct4 / 5');
  await expect(row(2)).toContainText('Partly correct3 / 4');
  await expect(row(3)).toContainText('Pending marking0 / 5');
  // No answer with points is called incorrect (the drag and drop's misplaced part is, beside it).
  await expect(page.locator('[data-outcome="incorrect"]')).toHaveCount(0);
  await expect(page.locator('[data-outcome="partial"]')).toHaveCount(2);
  await expectAccessible(page);
  await shootBoth(page, 'partial-results');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${title} - result.pdf`);
});

import { expect as baseExpect, test } from '@playwright/test';
import { publishAndSubmit } from './support/assessments.ts';
import { account, expectAccessible, signInWithSession } from './support/fixtures.ts';
import { DESKTOP, PHONE, shoot } from './support/shots.ts';

// Screens load their parts on demand: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 25_000 });

/** A published assessment with a multiple-choice question (2 points) and a True/False (1 point). */
function assessment(title: string) {
  return {
    title,
    subject: 'Biology',
    difficulty: 'Medium',
    questions: [
      {
        id: 'gas',
        type: 'multiple-choice',
        text: 'Which gas do plants take in for photosynthesis?',
        score: 2,
        config: {
          options: [
            { id: 'o2', text: 'Oxygen' },
            { id: 'co2', text: 'Carbon dioxide' },
            { id: 'n2', text: 'Nitrogen' },
          ],
          correct: ['co2'],
          multiple: false,
          shuffle: false,
        },
      },
      {
        id: 'roots',
        type: 'true-false',
        text: 'Plants take in water through their roots.',
        score: 1,
        config: { correct: true },
      },
    ],
  };
}

/**
 * What a class of 32 would give (the statistics themselves are tested against a published worked
 * example in the API): served in place of the API's answer for the screenshots, which need more
 * students than the journey's one.
 */
function classOf32(): unknown {
  const question = (
    number: number,
    text: string,
    facility: number,
    discrimination: number,
    upperLower: number,
    flags: string[],
    options: [string, boolean, number, number, number][] | null,
  ) => ({
    id: `q${number}`,
    number,
    text,
    type: options ? 'multiple-choice' : 'short-answers',
    max: 2,
    responses: 32,
    facility,
    discrimination,
    upperLower,
    flags,
    options:
      options?.map(([text, correct, upper, lower, all], i) => ({
        id: `o${i}`,
        text,
        correct,
        upper,
        lower,
        all,
      })) ?? null,
    unanswered: options ? { upper: 0, lower: 1, all: 1 } : null,
  });
  return {
    responses: 32,
    pendingLeftOut: 3,
    earlierAttemptsLeftOut: 5,
    groupSize: 9,
    summary: { mean: 64.84, median: 66.67, standardDeviation: 17.32, lowest: 16.67, highest: 100 },
    // Question 4 was drawn at random from the bank: not every student had it.
    reliability: {
      method: 'alpha',
      value: 0.74,
      reason: null,
      responses: 32,
      questions: [1, 2, 3],
      scoredQuestions: 4,
    },
    questions: [
      question(
        1,
        'Which gas do plants take in for photosynthesis?',
        0.72,
        0.48,
        0.56,
        [],
        [
          ['Oxygen', false, 0, 4, 6],
          ['Carbon dioxide', true, 9, 3, 23],
          ['Nitrogen', false, 0, 1, 2],
        ],
      ),
      question(
        2,
        'Which part of the cell holds chlorophyll?',
        0.41,
        -0.18,
        -0.22,
        ['negativeDiscrimination', 'distractorAttractsTop'],
        [
          ['Nucleus', false, 1, 3, 7],
          ['Chloroplast', true, 2, 4, 13],
          ['Mitochondrion', false, 6, 1, 11],
        ],
      ),
      question(
        3,
        'Name the sugar that photosynthesis makes.',
        0.94,
        0.12,
        0.11,
        ['lowDiscrimination', 'veryEasy'],
        null,
      ),
      question(
        4,
        'Explain why leaves of shade plants are often darker and larger than those of plants in full sun.',
        0.16,
        0.35,
        0.33,
        ['veryHard'],
        null,
      ),
    ],
  };
}

test('a Teacher reads the item analysis on the Submissions screen, on a desktop and on a phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const teacher = account('Teacher');
  const student = account('Student');
  const title = `Leaves and light ${Date.now()}`;

  // Published and handed in through the API while the Teacher signs in.
  const [{ assessmentId }] = await Promise.all([
    publishAndSubmit({
      owner: teacher,
      assessment: assessment(title),
      submissions: [{ who: student, attempts: [{ gas: ['co2'], roots: false }] }],
    }),
    signInWithSession(page, teacher),
  ]);

  // From the server: one attempt, so the figures are there but nothing is flagged yet.
  await page.goto(`/account/questions/${teacher.id}/quiz/${assessmentId}/submissions`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('tab', { name: 'Item analysis' }).click();
  await expect(page.getByText('Fewer than 5 attempts: the figures say little yet')).toBeVisible();
  // One student: no reliability, and the screen says why.
  await expect(page.getByTestId('item-summary-reliability')).toContainText('Not computed');
  await expect(page.getByTestId('reliability-note')).toHaveText(
    'Not computed: it needs at least 2 fully marked students.',
  );
  await shoot(page, 'item-analysis-not-computed-desktop', { viewport: DESKTOP, fullPage: false });
  await shoot(page, 'item-analysis-not-computed-mobile', { viewport: PHONE });
  await page.setViewportSize(DESKTOP);
  const options = page.getByRole('table', { name: 'Q1. Which gas do plants take in for photosynthesis?' });
  await expect(options.getByRole('row').filter({ hasText: 'Carbon dioxide (correct answer)' })).toContainText(
    '1',
  );
  const trueFalse = page.getByRole('table', { name: 'Q2. Plants take in water through their roots.' });
  await expect(trueFalse.getByRole('row').filter({ hasText: 'False' })).toContainText('1');
  await expectAccessible(page);

  // A class of 32 (served in place of the API's answer): the table and its flags in plain words.
  await page.route(`**/api/assessments/${assessmentId}/item-analysis`, (route) =>
    route.fulfill({ json: classOf32() }),
  );
  await page.reload();
  await page.getByRole('tab', { name: 'Item analysis' }).click();
  const row = page.getByTestId('item-row-2');
  await expect(row).toContainText('Weaker students did better than stronger ones on this question');
  await expect(page.getByTestId('item-summary-reliability')).toContainText("Cronbach's α 0.74");
  await expect(page.getByTestId('reliability-note')).toContainText(
    'Computed over the 3 questions every student got (1–3)',
  );
  await expectAccessible(page);
  await shoot(page, 'item-analysis-desktop', { viewport: DESKTOP });

  await page.setViewportSize(PHONE);
  const card = page.getByTestId('item-card-2');
  await expect(card).toContainText('Q2. Which part of the cell holds chlorophyll?');
  await expect(card).toContainText('Weaker students did better');
  // Nothing wider than the phone's screen.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await shoot(page, 'item-analysis-mobile', { viewport: PHONE });
});

import { expect as baseExpect, test, type Page } from '@playwright/test';
import { bearer, publishAndSubmit } from './support/assessments.ts';
import { account, expectAccessible, signInWithSession } from './support/fixtures.ts';
import { DESKTOP, PHONE, shoot } from './support/shots.ts';

// Screens load their players and editors on demand: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 25_000 });

/**
 * The marking queue: a Teacher opens the queue, marks all answers to one question with
 * the keyboard using a rubric, asks the AI (the fake model global setup starts) for a suggestion,
 * uses and edits it, marks the rest by student, and the queue empties.
 */

const ESSAY = 'Explain how a leaf turns light into food.';
const SHORT = 'Name one thing a plant needs besides light.';

function assessment(title: string) {
  return {
    title,
    subject: 'Biology',
    difficulty: 'Medium',
    allowRetake: true,
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
          ],
          correct: ['co2'],
          multiple: false,
          shuffle: false,
        },
      },
      {
        id: 'essay',
        type: 'essay',
        text: ESSAY,
        score: 5,
        config: {
          responseKind: 'richText',
          modelAnswer:
            'Chlorophyll absorbs light; the energy splits water and fixes carbon dioxide into glucose.',
        },
      },
      { id: 'short', type: 'essay', text: SHORT, score: 2, config: { responseKind: 'richText' } },
    ],
  };
}

const scoreField = (page: Page) => page.getByRole('textbox', { name: /^Score \(0 to/ });

test('a Teacher marks the queue by question with a rubric and the keyboard, uses an AI suggestion, and empties it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const teacher = account('Teacher');
  const student = account('Student');
  const title = `Leaves and light ${Date.now().toString(36)}`;

  // The Student hands it in twice: two attempts, each with two open answers waiting. Published
  // and handed in through the API while the Teacher signs in.
  const [{ assessmentId }, teacherToken] = await Promise.all([
    publishAndSubmit({
      owner: teacher,
      assessment: assessment(title),
      submissions: [
        {
          who: student,
          attempts: [
            {
              gas: ['co2'],
              essay: {
                text: '<p>Chlorophyll catches light, splits water and turns carbon dioxide into sugar.</p>',
              },
              short: { text: '<p>Water</p>' },
            },
            {
              gas: ['o2'],
              essay: { text: '<p>The leaf is green so it eats the sun.</p>' },
              short: { text: '<p>Soil</p>' },
            },
          ],
        },
      ],
    }),
    signInWithSession(page, teacher),
  ]);

  // The queue is in the Assessments menu.
  await page.goto('/account/home');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Assessments' })
    .click();
  await page.getByRole('link', { name: 'Marking queue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Marking queue' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Assessment' }).click();
  await page.getByRole('option', { name: `${title} (4)` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'answers waiting' })).toHaveText(
    '4 answers waiting',
  );
  const essayGroup = page.getByRole('article', { name: `Question 2: ${ESSAY}` });
  await expect(essayGroup).toContainText('2 waiting');
  await expect(page.getByRole('article', { name: `Question 3: ${SHORT}` })).toContainText('2 waiting');
  await expectAccessible(page);
  await shoot(page, 'queue-desktop', { viewport: DESKTOP });
  await shoot(page, 'queue-mobile', { viewport: PHONE });
  await page.setViewportSize(DESKTOP);

  // By question: the essay of both attempts, one after the other.
  await essayGroup.getByRole('button', { name: /^Mark question 2/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Answer 1 of 2' })).toBeVisible();
  await expect(page.getByText('Chlorophyll catches light')).toBeVisible();

  // A rubric for the question, written in the queue.
  await page.getByRole('button', { name: 'Add a rubric' }).click();
  const editor = page.getByRole('dialog', { name: 'Rubric for Question 2' });
  await editor.getByRole('textbox', { name: 'Criterion 1', exact: true }).fill('Names the parts');
  const levels = [
    ['0', 'Names none'],
    ['2', 'Names some'],
    ['3', 'Names light, chlorophyll, water and CO2'],
  ];
  for (const [i, [points, description]] of levels.entries()) {
    await editor.getByRole('textbox', { name: `Points of level ${i + 1} of criterion 1` }).fill(points!);
    await editor
      .getByRole('textbox', { name: `Description of level ${i + 1} of criterion 1` })
      .fill(description!);
  }
  await editor.getByRole('button', { name: 'Add criterion' }).click();
  await editor.getByRole('textbox', { name: 'Criterion 2', exact: true }).fill('Clear explanation');
  await editor.getByRole('textbox', { name: 'Points of level 1 of criterion 2' }).fill('0');
  await editor.getByRole('textbox', { name: 'Description of level 1 of criterion 2' }).fill('Hard to follow');
  await editor.getByRole('textbox', { name: 'Points of level 2 of criterion 2' }).fill('2');
  await editor.getByRole('textbox', { name: 'Description of level 2 of criterion 2' }).fill('Clear steps');
  await expect(editor.getByRole('status')).toHaveText("The best levels give 5 of the question's 5 points.");
  await shoot(page, 'rubric-editor-desktop', { viewport: DESKTOP });
  await editor.getByRole('button', { name: 'Save rubric' }).click();
  await expect(editor).toHaveCount(0);

  // The keyboard: digits choose levels (criterion 1, then 2), and never fire while typing.
  const feedback = page.getByRole('textbox', { name: 'Feedback for the student' });
  await feedback.fill('j');
  await expect(page.getByRole('status').filter({ hasText: 'Answer 1 of 2' })).toBeVisible();
  await feedback.fill('All four parts named, clearly.');
  await page.getByRole('heading', { level: 2, name: 'Your mark' }).click();
  await page.keyboard.press('3');
  await page.keyboard.press('2');
  await expect(
    page.getByRole('radio', { name: '3 points: Names light, chlorophyll, water and CO2' }),
  ).toBeChecked();
  await expect(page.getByRole('radio', { name: '2 points: Clear steps' })).toBeChecked();
  await expect(scoreField(page)).toHaveValue('5');

  // The help lists the keys.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Save the mark and open the next answer');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Answer 2 of 2' })).toBeVisible();
  await expect(page.getByText('The leaf is green so it eats the sun.')).toBeVisible();

  // The AI suggests; nothing is marked until the teacher saves. S asks, A uses.
  await page.getByRole('heading', { level: 2, name: 'Your mark' }).click();
  await page.keyboard.press('s');
  const suggestion = page.getByTestId('ai-suggestion');
  await expect(suggestion).toContainText('Suggested: 2 of 5');
  await expect(suggestion).toContainText('leaves out part of the explanation');
  await expect(suggestion).toContainText('Names the parts: Names some (2)');
  await expectAccessible(page);
  await shoot(page, 'marker-suggestion-desktop', { viewport: DESKTOP });
  await shoot(page.getByRole('region', { name: 'AI suggestion' }), 'suggestion-panel-desktop');
  await shoot(page, 'marker-suggestion-mobile', { viewport: PHONE });
  await page.setViewportSize(DESKTOP);
  await page.getByRole('heading', { level: 2, name: 'Your mark' }).click();
  await page.keyboard.press('a');
  await expect(scoreField(page)).toHaveValue('2');
  await expect(suggestion).toContainText('In your mark');
  // The teacher gives half a point more than suggested: Ctrl+Enter works in the field too.
  await scoreField(page).fill('2.5');
  await expect(page.getByText('Changed by you: the rubric gives 2.')).toBeVisible();
  await scoreField(page).press('Control+Enter');

  // The question's answers are marked; the other question still waits.
  await expect(page.getByRole('status').filter({ hasText: 'All marked' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'answers waiting' })).toHaveText(
    '2 answers waiting',
  );

  // By student: each attempt's last open answer.
  await page.getByText('By student', { exact: true }).click();
  const attempts = page.getByRole('article').filter({ hasText: student.name });
  await expect(attempts).toHaveCount(2);
  await attempts
    .first()
    .getByRole('button', { name: `Mark ${student.name}` })
    .click();
  await expect(page.getByText('Water', { exact: true })).toBeVisible();
  await expect(page.getByText('This question has no rubric.')).toBeVisible();
  await scoreField(page).fill('2');
  await scoreField(page).press('Control+Enter');
  await expect(page.getByRole('status').filter({ hasText: 'All marked' })).toBeVisible();
  await page.getByRole('article').filter({ hasText: student.name }).getByRole('button').click();
  await expect(page.getByText('Soil', { exact: true })).toBeVisible();
  await scoreField(page).fill('1');
  await page.getByRole('button', { name: 'Save and next' }).click();

  // The queue is empty (the assessment's filter leaves with its last answer); both attempts are
  // marked, their pass decided.
  await expect(page.getByRole('status').filter({ hasText: 'answers waiting' })).toHaveText(
    '0 answers waiting',
  );
  await expect(page.getByText('Nothing to mark')).toBeVisible();
  await shoot(page, 'queue-empty-desktop', { viewport: DESKTOP });

  const res = await page.request.get(`/api/assessments/${assessmentId}/submissions`, {
    headers: bearer(teacherToken),
  });
  const list = (await res.json()) as { items: { status: string; score: number; passed: boolean }[] };
  expect(list.items.map((i) => [i.status, i.score, i.passed])).toEqual([
    ['Submitted', 3.5, false],
    ['Submitted', 9, true],
  ]);
});

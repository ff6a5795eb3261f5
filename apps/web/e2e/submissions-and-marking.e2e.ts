import { readFileSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { bearer, publishAndSubmit } from './support/assessments.ts';
import { account, apiSignIn, expectAccessible, signInWithSession } from './support/fixtures.ts';
import { DESKTOP, PHONE, shoot } from './support/shots.ts';

// Screens load their players and editors on demand: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 25_000 });

/** A published assessment with a multiple-choice question (2 points) and an essay (5 points). */
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
        id: 'essay',
        type: 'essay',
        text: 'Explain how a leaf turns light into food.',
        score: 5,
        config: {
          responseKind: 'richText',
          modelAnswer:
            'Chlorophyll absorbs light; the energy splits water and fixes carbon dioxide into glucose.',
          rubric: '5 = light, chlorophyll, water and CO2 named; 3 = the idea without the parts.',
        },
      },
    ],
  };
}

test('a Teacher marks an essay, sees the pass, exports the results and downloads the report', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const teacher = account('Teacher');
  const student = account('Student');
  const title = `Photosynthesis check ${Date.now()}`;

  // The Student answers both questions and submits: the MCQ is marked, the essay waits. Published
  // and handed in through the API while the Teacher signs in.
  const [{ assessmentId, results }] = await Promise.all([
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
                text: '<p>The leaf catches <strong>light</strong> with chlorophyll and makes sugar.</p>',
              },
            },
          ],
        },
      ],
    }),
    signInWithSession(page, teacher),
  ]);
  expect(results[0]![0]).toMatchObject({ status: 'Pending', score: 2, passed: null });

  // Submissions: the attempt waits for marking.
  await page.goto(`/account/questions/${teacher.id}/quiz/${assessmentId}/submissions`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const stats = page.getByLabel('Results at a glance');
  await expect(stats).toContainText('Pending marking');
  const table = page.getByRole('table', { name: 'Submitted attempts, newest first' });
  const row = table.getByRole('row').filter({ hasText: student.name });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('2 / 7');
  await expectAccessible(page);
  await shoot(page, 'submissions-desktop', { viewport: DESKTOP });

  // Details: the MCQ is right, the essay waits.
  await row.getByRole('button', { name: /^Details of/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Which gas do plants take in for photosynthesis?')).toBeVisible();
  await expect(dialog.locator('[data-outcome="correct"]')).toContainText('Correct');
  await expect(dialog.locator('[data-outcome="pending"]')).toContainText('Pending marking');
  await expect(dialog.getByText('light', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'details-desktop', { viewport: DESKTOP });
  await page.setViewportSize(PHONE);
  await shoot(page, 'details-mobile', { viewport: PHONE });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await shoot(page, 'submissions-mobile', { viewport: PHONE });
  await page.setViewportSize(DESKTOP);

  // Student Status: the student submitted, with answers to mark.
  await page.getByRole('tab', { name: 'Student Status' }).click();
  const statusRow = page
    .getByRole('table', { name: 'Assigned students and their status' })
    .getByRole('row')
    .filter({ hasText: student.name });
  await expect(statusRow).toContainText('Submitted');
  await expect(statusRow).toContainText('Answers to mark');
  await shoot(page, 'student-status-desktop', { viewport: DESKTOP });

  // Manual marking: an out-of-range score is refused, then the essay gets 4 and feedback.
  await statusRow.getByRole('link', { name: `Mark ${student.name}'s answers` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/account/questions/pending-marking/${assessmentId}/${student.id}$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: `Marking ${student.name}` })).toBeVisible();
  await expect(page.getByText('Chlorophyll absorbs light', { exact: false })).toBeVisible();
  await expect(page.getByText('The leaf catches', { exact: false })).toBeVisible();
  const score = page.getByRole('textbox', { name: /Score \(out of 5\)/ });
  await score.fill('7');
  await page.getByRole('button', { name: 'Submit all marks' }).click();
  await expect(page.getByText('Enter a score from 0 to 5.')).toBeVisible();
  await expectAccessible(page);
  await score.fill('4');
  await page
    .getByRole('textbox', { name: /Feedback for the student/ })
    .first()
    .fill('Good: now name water and CO2.');
  await shoot(page, 'marking-desktop', { viewport: DESKTOP });
  await page.setViewportSize(PHONE);
  await shoot(page, 'marking-mobile', { viewport: PHONE });
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Submit all marks' }).click();
  await expect(page.getByText('marks submitted', { exact: true })).toBeVisible();
  const result = page.getByTestId('marking-result');
  await expect(result).toContainText('New score: 6 / 7 (85.7%)');
  await expect(result).toContainText('Passed');
  await shoot(page, 'marking-done-desktop', { viewport: DESKTOP });

  // Back on Submissions: the new score and Passed.
  await result.getByRole('link', { name: 'Back to submissions' }).click();
  const markedRow = page
    .getByRole('table', { name: 'Submitted attempts, newest first' })
    .getByRole('row')
    .filter({ hasText: student.name });
  await expect(markedRow).toContainText('6 / 7');
  await expect(markedRow).toContainText('Passed');

  // Export results as CSV: a real file with the student's marked row.
  await page.getByRole('button', { name: 'Export results' }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
  const csv = await csvDownload;
  // The server names the file after the title as written (Content-Disposition filename*).
  expect(csv.suggestedFilename()).toBe(`${title} - results.csv`);
  const csvText = readFileSync((await csv.path())!, 'utf8');
  expect(csvText).toContain(student.email);
  expect(csvText).toMatch(/Passed|true/i);

  // Download report: a PDF.
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`${title} - report.pdf`);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 4)
      .toString('latin1'),
  ).toBe('%PDF');

  // The Student's results show the marked attempt.
  const studentApi = await apiSignIn(student);
  const mine = await studentApi.request.get(`/api/assessments/${assessmentId}/my-results`, {
    headers: bearer(studentApi.token),
  });
  expect(mine.status(), await mine.text()).toBe(200);
  const latest = ((await mine.json()) as { attempts: Record<string, unknown>[] }).attempts[0]!;
  expect(latest).toMatchObject({ status: 'Submitted', markingStatus: 'marked', score: 6, passed: true });
  await studentApi.request.dispose();
});

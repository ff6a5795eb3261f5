import { expect as baseExpect, test, type Page } from '@playwright/test';
import { createAssessment } from './support/assessments.ts';
import { accessToken, account, expectAccessible, signIn } from './support/fixtures.ts';
import { shootBoth } from './support/shots.ts';

// Screens load on demand and the job queue polls: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** The bell's unread count, read from its accessible name ("Notifications, 3 unread" or "Notifications"). */
async function unreadOf(page: Page): Promise<number> {
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(name)?.[1] ?? 0);
}

test('a student sees the bell count rise when a teacher publishes an assessment to them, opens it, and finds it read', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const student = account('Student');
  const teacher = account('Teacher');
  const title = `Live fractions ${Date.now()}`;

  // The student is on their home screen, the bell showing what they have.
  await signIn(page, student.email, student.password);
  const before = await unreadOf(page);

  // The teacher, in another browser, publishes an assessment to every student.
  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  await signIn(teacherPage, teacher.email, teacher.password);
  const assessmentId = await createAssessment(teacherPage.request, await accessToken(teacherPage), {
    title,
    subject: 'Mathematics',
    difficulty: 'Easy',
    generationType: 'manual',
    passMark: 50,
    status: 'published',
    assignment: { mode: 'all' },
    questions: [
      {
        id: 'half',
        type: 'multiple-choice',
        text: 'Which is half of 10?',
        score: 1,
        config: {
          options: [
            { id: 'five', text: '5' },
            { id: 'two', text: '2' },
          ],
          correct: ['five'],
          multiple: false,
          shuffle: false,
        },
      },
    ],
  });
  await teacherContext.close();

  // Without a reload, the student's bell counts one more (the job, then the stream).
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`);

  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByText(`New assessment: ${title}`)).toBeVisible();
  await expectAccessible(page);
  await shootBoth(page, 'notifications-bell-en');

  // Opening it leads to the assessment and counts it as read.
  await popover.getByText(`New assessment: ${title}`).click();
  await page.waitForURL(new RegExp(`/quiz/${assessmentId}`));
  await expect(bell).toHaveAccessibleName(before === 0 ? 'Notifications' : `Notifications, ${before} unread`);

  // The screen with all of them: the one just opened is read, the choices per kind below.
  await page.goto(`/account/notifications/${student.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByText('Unread:')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'New assessments for you: by mail' })).toBeChecked();
  await expectAccessible(page);
  await shootBoth(page, 'notifications-screen-en');

  // The same in Thai, chosen with the top bar's language picker.
  await page.getByRole('button', { name: 'Language: English', exact: true }).click();
  await page.getByRole('menuitem', { name: 'ไทย', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'การแจ้งเตือน' })).toBeVisible();
  await expect(page.getByText(`แบบทดสอบใหม่: ${title}`)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'แบบทดสอบใหม่สำหรับคุณ: ทางอีเมล' })).toBeChecked();
  await shootBoth(page, 'notifications-screen-th');
  await page.getByTestId('notification-bell').click();
  await expect(page.getByRole('dialog', { name: 'การแจ้งเตือน' })).toBeVisible();
  await shootBoth(page, 'notifications-bell-th');
});

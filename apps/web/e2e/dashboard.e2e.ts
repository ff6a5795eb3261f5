import { expect as baseExpect, test, type Page } from '@playwright/test';
import { bearer, createAssessment, submitAttempt } from './support/assessments.ts';
import { accessToken, account, apiSignIn, expectAccessible, signInWithSession } from './support/fixtures.ts';
import { DESKTOP, PHONE, SHOTS_DIR, shoot } from './support/shots.ts';

// The dashboard's chunk (with the charts) loads on demand: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 25_000 });

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * Both sizes of the dashboard in English and in Bengali, when screenshots are asked for. The
 * language is the signed-in person's (saved to the profile, as the top bar's picker does).
 */
async function shootDashboard(page: Page, role: string, ready: () => Promise<void>) {
  if (!SHOTS_DIR) return;
  const token = await accessToken(page);
  for (const language of ['en', 'bn']) {
    const saved = await page.request.put('/api/auth/profile/language', {
      headers: bearer(token),
      data: { language },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.goto(`/account/home?lng=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await ready();
    await shoot(page, `dashboard-${role}-${language}-desktop`, { viewport: DESKTOP });
    await shoot(page, `dashboard-${role}-${language}-phone`, { viewport: PHONE });
    await page.setViewportSize(DESKTOP);
  }
  // Back to English for the rest of the journey.
  await page.request.put('/api/auth/profile/language', { headers: bearer(token), data: { language: 'en' } });
  await page.goto('/account/home?lng=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test('each role opens a dashboard worth opening: what is open, what waits to be marked, results, plan and platform figures', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const teacher = account('Teacher');
  const student = account('Student');
  const title = `Seasons essay ${Date.now()}`;
  const later = `Rivers quiz ${Date.now()}`;

  // The Teacher publishes one assessment open for two days (an essay waits for marking) and one next
  // week (through the API, while the Teacher's browser signs in).
  const questions = [
    {
      id: 'mcq',
      type: 'multiple-choice',
      text: 'Which planet is known as the Red Planet?',
      score: 2,
      config: {
        options: [
          { id: 'a', text: 'Venus' },
          { id: 'b', text: 'Mars' },
        ],
        correct: ['b'],
        multiple: false,
        shuffle: false,
      },
    },
    {
      id: 'essay',
      type: 'essay',
      text: 'Explain why the seasons change.',
      score: 5,
      config: { responseKind: 'richText', modelAnswer: 'The tilt of the axis.', rubric: 'Axis tilt' },
    },
  ];
  const base = {
    subject: 'Science',
    difficulty: 'Easy',
    generationType: 'manual',
    passMark: 50,
    status: 'published',
    assignment: { mode: 'all' },
    questions,
  };
  const publish = async () => {
    const { request, token } = await apiSignIn(teacher);
    const id = await createAssessment(request, token, {
      ...base,
      title,
      startsAt: iso(-HOUR),
      endsAt: iso(50 * HOUR),
    });
    await createAssessment(request, token, {
      ...base,
      title: later,
      startsAt: iso(7 * 24 * HOUR),
      endsAt: iso(8 * 24 * HOUR),
    });
    await request.dispose();
    return id;
  };

  // The Student (signed in once both are published) sees it to take now, and the other one next;
  // then submits it.
  const studentContext = await browser.newContext();
  const studentPage = await studentContext.newPage();
  const published = publish();
  const [openId, studentToken] = await Promise.all([
    published,
    published.then(() => signInWithSession(studentPage, student)),
    signInWithSession(page, teacher),
  ]);
  const toTake = studentPage.getByRole('region', { name: 'Your assessments to take' });
  await expect(toTake.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    `/account/user/${student.id}/quiz/${openId}`,
  );
  await expect(toTake.getByRole('listitem').filter({ hasText: later })).toContainText(/Opens in (6|7) days/);
  await submitAttempt(studentPage.request, studentToken, openId, {
    mcq: ['b'],
    essay: { text: '<p>The Earth is tilted on its axis.</p>' },
  });
  await studentPage.reload();
  await expect(
    studentPage
      .getByRole('region', { name: 'Your recent results' })
      .getByRole('listitem')
      .filter({ hasText: title }),
  ).toContainText('pending marking');
  await expect(toTake.getByRole('link', { name: title })).toHaveCount(0);
  await expectAccessible(studentPage);
  await shootDashboard(studentPage, 'student', () =>
    expect(studentPage.getByRole('heading', { level: 3 }).first()).toBeVisible(),
  );
  await studentContext.close();

  // Then the Teacher, the Administrator and the Super Administrator, each in their own browser, side
  // by side (nobody changes what another one sees).
  await Promise.all([teacherSees(), administratorSees(), superAdministratorSees()]);

  /** The Teacher: open now, the essay in the marking queue, this week's submission and the results. */
  async function teacherSees() {
    await page.goto('/account/home');
    const open = page.getByRole('region', { name: 'Open now and upcoming' });
    await expect(open.getByRole('link', { name: title })).toBeVisible();
    const queue = page.getByRole('region', { name: 'Marking queue' });
    const mark = queue.getByRole('link', { name: `Mark the answers of ${student.name} to ${title}` });
    await expect(mark).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Recent results' }).getByRole('row').filter({ hasText: title }),
    ).toBeAttached();
    const week = page.getByRole('table', { name: 'Submissions this week' });
    await expect(week.getByRole('row')).toHaveCount(8);
    await expectAccessible(page);
    await shootDashboard(page, 'teacher', () =>
      expect(page.getByRole('link', { name: title }).first()).toBeVisible(),
    );

    // One click from the queue to the marking screen of that student's answers.
    await mark.click();
    await expect(page).toHaveURL(new RegExp(`/account/questions/pending-marking/${openId}/${student.id}$`));
    await expect(page.getByText('Explain why the seasons change.')).toBeVisible();
  }

  /** The Administrator: the same cards and the plan used this month (the seeded Enterprise: no limit). */
  async function administratorSees() {
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInWithSession(adminPage, account('Administrator'));
    const plan = adminPage.getByRole('region', { name: 'Plan usage this month' });
    await expect(plan.getByText('This plan has no monthly limit.')).toBeVisible();
    await expect(
      adminPage.getByRole('region', { name: 'Marking queue' }).getByText(student.name),
    ).toBeVisible();
    await expectAccessible(adminPage);
    await shootDashboard(adminPage, 'administrator', () =>
      expect(adminPage.getByText(student.name).first()).toBeVisible(),
    );
    await adminContext.close();
  }

  /** The Super Administrator: organizations by plan and status, payments this month. */
  async function superAdministratorSees() {
    const rootContext = await browser.newContext();
    const rootPage = await rootContext.newPage();
    await signInWithSession(rootPage, account('Super Administrator'));
    const organizations = rootPage.getByRole('region', { name: 'Organizations, plans and subscriptions' });
    await expect(organizations.getByText('By plan in force')).toBeVisible();
    await expect(rootPage.getByRole('region', { name: 'Payments this month' })).toBeVisible();
    await expectAccessible(rootPage);
    await shootDashboard(rootPage, 'super-administrator', () =>
      expect(
        rootPage
          .getByRole('region')
          .filter({ hasText: /Enterprise|এন্টারপ্রাইজ/ })
          .first(),
      ).toBeVisible(),
    );
    await rootContext.close();
  }
});

import { expect, test, type Page } from '@playwright/test';
import { accessToken, account, expectAccessible, freeTeacher, signIn } from './support/fixtures.ts';
import { DESKTOP, PHONE, shoot } from './support/shots.ts';

/** A draft assessment created through the API as the signed-in person; returns the response. */
function createAssessment(page: Page, token: string, title: string) {
  return page.request.post('/api/assessments', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, subject: 'Mathematics', difficulty: 'Medium', generationType: 'manual', passMark: 50 },
  });
}

test('a Free Academy Teacher uses up the month: 5 / 5, the upgrade prompt, no 6th assessment', async ({
  page,
}) => {
  const teacher = freeTeacher();
  await signIn(page, teacher.email, teacher.password);
  const token = await accessToken(page);
  for (let n = 1; n <= 5; n++) {
    const res = await createAssessment(page, token, `Free quiz ${n}`);
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto(`/account/questions/${teacher.id}`);
  await expect(page.getByRole('heading', { name: 'Assessments', level: 1 })).toBeVisible();
  const usage = page.getByRole('region', { name: 'Plan and usage' });
  await expect(usage.getByText('Free package')).toBeVisible();
  await expect(usage.getByText('5 / 5')).toBeVisible();
  await expect(usage.getByText('Upgrade Free to create another assessment')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create assessment' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Create assessment' })).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(6);
  await expect(page.getByText('5 assessments', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'list-at-limit-desktop', { viewport: DESKTOP });
  await shoot(usage, 'usage-card-at-limit');
  await usage.getByRole('button', { name: '5 question types' }).click();
  await expect(page.getByText('Question types in the Free package')).toBeVisible();
  await shoot(page, 'usage-card-types-popover', { fullPage: false });
  await usage.getByRole('button', { name: '5 question types' }).click();
  await expect(page.getByText('Question types in the Free package')).toBeHidden();
  await shoot(page, 'list-at-limit-mobile', { viewport: PHONE });

  const refused = await createAssessment(page, token, 'One too many');
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('monthly_limit_reached');
});

test('the demo Teacher deletes an assessment from the list after confirming', async ({ page }) => {
  const teacher = account('Teacher');
  await signIn(page, teacher.email, teacher.password);
  // The dashboard counts the organization's assessments by how they were written.
  const figures = page.getByRole('region', { name: 'Assessments', exact: true });
  await expect(figures.getByText('Total assessments')).toBeVisible();
  await expect(figures.getByText('Written by hand')).toBeVisible();
  await expect(figures.getByText('Generated with AI')).toBeVisible();
  await shoot(page, 'teacher-dashboard-desktop', { viewport: DESKTOP });
  const token = await accessToken(page);
  const title = `Delete me ${Date.now()}`;
  expect((await createAssessment(page, token, title)).status()).toBe(201);

  await page.goto(`/account/questions/${teacher.id}`);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('Draft')).toBeVisible();
  await expect(row.getByText('Not set')).toBeVisible();
  // The seeded sample assessments are there too.
  await expect(page.getByRole('row').filter({ hasText: 'General knowledge check' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'teacher-list-desktop', { viewport: DESKTOP });

  await page.getByLabel('Search').fill('Delete me');
  await expect(page.getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Submissions' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete “${title}”?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'delete-dialog-desktop', { viewport: DESKTOP });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`“${title}” was deleted.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No assessments match' })).toBeVisible();

  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'General knowledge check' })).toBeVisible();
  await shoot(page, 'teacher-list-mobile', { viewport: PHONE });
});

test('the demo Student sees the published assessment with Take Assessment and no staff actions', async ({
  page,
}) => {
  const student = account('Student');
  await signIn(page, student.email, student.password);
  const figures = page.getByRole('region', { name: 'Assessments', exact: true });
  await expect(figures.getByText('Assigned to you')).toBeVisible();
  await shoot(page, 'student-dashboard-mobile', { viewport: PHONE });
  await page.setViewportSize(DESKTOP);
  await figures.getByRole('link', { name: 'See my assessments' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/questions/${student.id}$`));
  await expect(page.getByRole('heading', { name: 'Assessments', level: 1 })).toBeVisible();
  const take = page.getByRole('link', { name: 'Take Assessment: General knowledge check' });
  await expect(take).toBeVisible();
  await expect(take).toHaveAttribute('href', new RegExp(`/account/user/${student.id}/quiz/[0-9a-f-]+$`));
  // Drafts are not shown to students; nor are the staff's actions, plan or create button.
  await expect(page.getByText('Science vocabulary (draft)')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create assessment' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Plan and usage' })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'student-list-desktop', { viewport: DESKTOP });
  await shoot(page, 'student-list-mobile', { viewport: PHONE });
  await expect(page.getByRole('link', { name: 'Take Assessment: General knowledge check' })).toBeVisible();
  await expectAccessible(page);
});

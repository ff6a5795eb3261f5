import { expect, test } from '@playwright/test';
import { exampleToQuestion, QUESTION_EXAMPLES } from '@vbuilder/shared';
import { bearer, createAssessment } from './support/assessments.ts';
import { account, apiSignIn, demo, expectAccessible, signInWithSession } from './support/fixtures.ts';
import { shoot, shootBoth } from './support/shots.ts';
import type { SeededAccount } from './support/organizations.ts';

/**
 * Issue 17: a Teacher fills a bank category (twenty questions), builds an assessment that draws 5 questions from it
 * in the assessment editor, publishes it, and two Students who start it get different questions
 * (each their own 5, drawn when they start), marked as usual.
 */

const POOL = 20;

/**
 * The questions a Student gets when they start (through the API, as the attempt screen does; the
 * Student signs in through the API too: the journey tests the bank and the editor's screens).
 */
async function startAs(student: SeededAccount, assessmentId: string) {
  const { request, token } = await apiSignIn(student);
  const res = await request.post(`/api/assessments/${assessmentId}/attempts`, {
    headers: bearer(token),
  });
  expect([200, 201], await res.text()).toContain(res.status());
  const attempt = (await res.json()) as {
    id: string;
    questions: { id: string; text: string; score: number }[];
  };
  const submitted = await request.post(`/api/attempts/${attempt.id}/submit`, {
    headers: bearer(token),
    data: {},
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await request.dispose();
  return attempt.questions;
}

test('builds an assessment that draws 5 from a category, and two students get different questions', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const teacher = account('Teacher');
  const token = await signInWithSession(page, teacher);

  // The bank: one category with twenty questions, through the API.
  const category = await page.request.post('/api/question-bank/categories', {
    headers: bearer(token),
    data: { name: 'Forces and motion' },
  });
  expect(category.status(), await category.text()).toBe(201);
  const categoryId = ((await category.json()) as { id: string }).id;
  await Promise.all(
    Array.from({ length: POOL }, async (_, i) => {
      const question = {
        ...exampleToQuestion(QUESTION_EXAMPLES['true-false'], 'x'),
        text: `Forces statement ${i + 1}`,
      };
      const res = await page.request.post('/api/question-bank/questions', {
        headers: bearer(token),
        data: { question, categoryId, tags: ['forces'] },
      });
      expect(res.status(), await res.text()).toBe(201);
    }),
  );
  // The bank screen, from the Assessments section's menu: the category and its questions, searched.
  await page.goto('/account/question-bank');
  await expect(page.getByRole('heading', { name: 'Question bank', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Categories' }).getByText('Forces and motion').click();
  await expect(page.getByRole('status').filter({ hasText: `${POOL} questions` })).toBeVisible();
  await page.getByLabel('Search the question text').fill('statement 7');
  await expect(page.getByRole('status').filter({ hasText: '1 question' })).toBeVisible();
  await expect(page.getByText('Forces statement 7', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shootBoth(page, 'question-bank');

  const title = `Forces quiz ${Date.now()}`;
  const assessmentId = await createAssessment(page.request, token, {
    title,
    subject: 'Physics',
    difficulty: 'Medium',
    generationType: 'manual',
    passMark: 50,
    questions: [
      { ...exampleToQuestion(QUESTION_EXAMPLES['true-false'], 'own'), text: 'The Earth pulls on the Moon.' },
    ],
  });

  // The assessment editor: a random draw of 5 from the category, then published.
  await page.goto(`/account/user/questions/${teacher.id}/quiz/${assessmentId}/edit`);
  await page.getByRole('button', { name: 'Add a random draw' }).click();
  const rule = page.getByRole('region', { name: 'Random draw 1' });
  await rule.getByLabel('Category').first().click();
  await page.getByRole('option', { name: 'Forces and motion' }).click();
  await expect(rule.getByText(`${POOL} questions to draw from`)).toBeVisible();
  await expect(page.getByText('5 drawn questions, 5 marks')).toBeVisible();
  await expectAccessible(page);
  await shoot(rule, 'draw-rule');
  await page.getByRole('radio', { name: 'Publish now' }).check();
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText(`Assessment “${title}” updated.`)).toBeVisible();

  // Two Students start it: each gets the assessment's own question and five of the twenty.
  const classmate = demo().classmate;
  if (!classmate) throw new Error('question-bank has a classmate (see global-setup.ts)');
  const [first, second] = await Promise.all([
    startAs(account('Student'), assessmentId),
    startAs(classmate, assessmentId),
  ]);
  for (const questions of [first, second]) {
    expect(questions).toHaveLength(6);
    expect(questions[0]!.text).toBe('The Earth pulls on the Moon.');
    const drawn = questions.slice(1);
    expect(new Set(drawn.map((q) => q.id)).size).toBe(5);
    for (const q of drawn) expect(q.text).toMatch(/^Forces statement \d+$/);
  }
  const drawnOf = (questions: { text: string }[]) =>
    questions
      .slice(1)
      .map((q) => q.text)
      .sort();
  // 5 of 20 drawn twice alike has a chance of 1 in 15,504: the draws are the students' own.
  expect(drawnOf(first)).not.toEqual(drawnOf(second));

  // The teacher's export shows each student's own questions.
  const csv = await page.request.get(`/api/assessments/${assessmentId}/export.csv`, {
    headers: bearer(token),
  });
  const body = await csv.text();
  for (const text of [...drawnOf(first), ...drawnOf(second)]) expect(body).toContain(text);
});

test('the edit dialog names the linked assessments a save changes and those a started attempt has locked, and the save does just that', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const teacher = account('Teacher');
  const token = await signInWithSession(page, teacher);
  const stamp = Date.now();
  const text = `Linked statement ${stamp}`;
  const created = await page.request.post('/api/question-bank/questions', {
    headers: bearer(token),
    data: { question: { ...exampleToQuestion(QUESTION_EXAMPLES['true-false'], 'x'), text } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bank = (await created.json()) as { id: string; question: Record<string, unknown> };
  const linked = (title: string) =>
    createAssessment(page.request, token, {
      title,
      subject: 'Physics',
      difficulty: 'Medium',
      generationType: 'manual',
      passMark: 50,
      status: 'published',
      assignment: { mode: 'all' },
      questions: [{ ...bank.question, id: 'linked', bankRef: bank.id }],
    });
  const openTitle = `Biology quiz ${stamp}`;
  const startedTitle = `Algebra test ${stamp}`;
  const openId = await linked(openTitle);
  const startedId = await linked(startedTitle);
  const student = await apiSignIn(account('Student'));
  const started = await student.request.post(`/api/assessments/${startedId}/attempts`, {
    headers: bearer(student.token),
  });
  expect([200, 201], await started.text()).toContain(started.status());
  await student.request.dispose();

  await page.goto('/account/question-bank');
  await page.getByLabel('Search the question text').fill(text);
  // The list shows the one match once the search has applied ("21 questions" also contains "1 question").
  await expect(page.getByRole('button', { name: 'Edit question' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Edit question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit bank question' });
  await expect(dialog.getByRole('list', { name: 'Saving changes it in 1 assessment:' })).toHaveText(
    openTitle,
  );
  await expect(
    dialog.getByRole('list', {
      name: '1 assessment is locked because a student has started it: it keeps its copy.',
    }),
  ).toHaveText(startedTitle);
  await expectAccessible(page);
  await shootBoth(page, 'bank-edit-linked');

  await dialog.getByRole('textbox', { name: 'Question', exact: true }).fill(`${text}, reworded`);
  await dialog.getByRole('button', { name: 'Save to the bank' }).click();
  await expect(dialog).toBeHidden();
  const textOf = async (id: string) => {
    const res = await page.request.get(`/api/assessments/${id}`, { headers: bearer(token) });
    return ((await res.json()) as { questions: { text: string }[] }).questions[0]!.text;
  };
  expect(await textOf(openId)).toBe(`${text}, reworded`);
  expect(await textOf(startedId)).toBe(text);
});

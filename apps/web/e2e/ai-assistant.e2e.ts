import { expect, test, type Page } from '@playwright/test';
import { makePdf } from '../../../test-support/pdf-document.ts';
import { accessToken, account, expectAccessible, signIn } from './support/fixtures.ts';
import { DESKTOP, PHONE, shoot } from './support/shots.ts';

/**
 * The AI assistant: a Teacher uploads a PDF, asks for three questions, sees them stream
 * in as cards with the passages they come from, edits one, and adds all three to a new draft. The
 * server talks to the fake OpenAI-compatible model global setup starts (streaming, questions from
 * the question examples, passages quoted from the uploaded source).
 */

const SOURCE_LINES = [
  'Plants make their own food by photosynthesis.',
  'Chlorophyll in the leaves absorbs light energy.',
  'Carbon dioxide and water become glucose and oxygen.',
];

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a Teacher builds three questions from an uploaded PDF and adds them to a new draft', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const teacher = account('Teacher');
  const draftTitle = `Photosynthesis check ${Date.now().toString(36)}`;
  await page.setViewportSize(DESKTOP);
  await signIn(page, teacher.email, teacher.password);
  await page.goto(`/account/aiassistant/${teacher.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Assistant' })).toBeVisible();
  await expect(page.getByText('Start with your material')).toBeVisible();
  await expectAccessible(page);

  // Attach the PDF through the drop zone; the server reads its text (POST /api/ai/source).
  await page.locator('input[type="file"]').setInputFiles({
    name: 'photosynthesis.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(makePdf(SOURCE_LINES)),
  });
  await expect(page.getByText(/^photosynthesis\.pdf · \d+ characters$/)).toBeVisible();

  // Three Multiple Choice questions (the default), easy, at Bloom's "Remember".
  await expect(page.getByRole('textbox', { name: 'Number of Multiple Choice questions' })).toHaveValue('3');
  await choose(page, 'Difficulty', 'Easy');
  await choose(page, 'Bloom level', 'Remember');
  await page.getByRole('textbox', { name: 'Message' }).fill('Questions on photosynthesis for year 7');
  await shoot(page, 'assistant-compose-desktop');
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByText('Here are 3 questions based on your material.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('3 questions', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  // Each card names the passage of the PDF it comes from.
  await expect(page.getByText('From the source')).toHaveCount(3);
  await expect(page.getByText(SOURCE_LINES[0]!, { exact: true }).first()).toBeVisible();
  // The conversation is kept, named after the message.
  await expect(
    page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', {
      name: 'Questions on photosynthesis for year 7',
      exact: true,
    }),
  ).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'assistant-cards-desktop');

  // Edit the first card with the question editor, then choose all three.
  await page.getByRole('button', { name: 'Edit' }).first().click();
  const text = page.getByRole('textbox', { name: 'Question', exact: true }).first();
  await text.fill('Which gas do green plants take in to make glucose?');
  await page.getByRole('button', { name: 'Preview' }).first().click();
  await expect(page.getByText('Which gas do green plants take in to make glucose?')).toBeVisible();
  for (const index of [1, 2, 3])
    await page.getByRole('checkbox', { name: `Select question ${index}` }).check();
  await expect(page.getByText('3 questions selected')).toBeVisible();

  await page.getByRole('button', { name: 'Add to assessment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to assessment' });
  await dialog.getByRole('textbox', { name: 'Assessment title' }).fill(draftTitle);
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Biology');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add 3 questions' }).click();
  await expect(dialog.getByText(`3 questions added to “${draftTitle}”.`)).toBeVisible();
  await shoot(page, 'assistant-added-desktop', { fullPage: false });
  const conversationUrl = page.url();
  await dialog.getByRole('link', { name: 'Open the draft' }).click();

  // The new draft holds the three questions, the edited one as edited.
  await page.waitForURL(/\/quiz\/[^/]+\/edit$/);
  const draftId = /\/quiz\/([^/]+)\/edit$/.exec(page.url())![1]!;
  const token = await accessToken(page);
  const res = await page.request.get(`/api/assessments/${draftId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const draft = (await res.json()) as { title: string; status: string; questions: { text: string }[] };
  expect(draft.title).toBe(draftTitle);
  expect(draft.status).toBe('draft');
  expect(draft.questions).toHaveLength(3);
  expect(draft.questions[0]!.text).toBe('Which gas do green plants take in to make glucose?');

  // Screenshots of the kept conversation: desktop and phone, in English and in Thai.
  await page.goto(conversationUrl);
  await expect(page.getByText('3 questions', { exact: true })).toBeVisible();
  await shoot(page, 'assistant-desktop-en', { viewport: DESKTOP });
  await shoot(page, 'assistant-phone-en', { viewport: PHONE });
  // The screen follows the latest answer; the top shows the conversation list and the question.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'assistant-phone-en-top', { viewport: PHONE, fullPage: false });
  await expectAccessible(page);

  const saved = await page.request.put('/api/auth/profile/language', {
    headers: { authorization: `Bearer ${token}` },
    data: { language: 'th' },
  });
  expect(saved.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'ผู้ช่วย AI' })).toBeVisible();
  await expect(page.getByText('คำถาม 3 ข้อ', { exact: true })).toBeVisible();
  await shoot(page, 'assistant-phone-th', { viewport: PHONE });
  await shoot(page, 'assistant-desktop-th', { viewport: DESKTOP });
  await expectAccessible(page);
  // Back to English for any journey after this one.
  await page.request.put('/api/auth/profile/language', {
    headers: { authorization: `Bearer ${token}` },
    data: { language: 'en' },
  });
});

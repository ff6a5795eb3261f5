import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect as baseExpect, test } from '@playwright/test';
import { bearer, createAssessment, submitAttempt } from './support/assessments.ts';
import { accessToken, account, signIn } from './support/fixtures.ts';

// Screens load their parts on demand: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 25_000 });

/**
 * Issue 10: a Thai-speaking teacher downloads the report and the Excel results of an assessment
 * written in Thai. Both files speak Thai (the server's catalogs, in the teacher's language), the
 * Thai title survives in the file names and in the PDF's text, and an essay that waits for
 * marking is exported as an empty cell with 'รอตรวจ' (Pending marking), never as 0.
 */
test('a Thai teacher downloads the report and the XLSX, both in Thai', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const teacher = account('Teacher');
  const student = account('Student');
  const title = `แบบทดสอบวิทยาศาสตร์ ${Date.now()}`;

  await signIn(page, teacher.email, teacher.password);
  const token = await accessToken(page);
  const setLanguage = (language: string) =>
    page.request.put('/api/auth/profile/language', { headers: bearer(token), data: { language } });
  expect((await setLanguage('th')).status()).toBe(200);
  try {
    const assessmentId = await createAssessment(page.request, token, {
      title,
      subject: 'วิทยาศาสตร์',
      difficulty: 'Medium',
      generationType: 'manual',
      passMark: 50,
      status: 'published',
      assignment: { mode: 'all' },
      questions: [
        {
          id: 'tf',
          type: 'true-false',
          text: 'พืชใช้แสงแดดในการสังเคราะห์แสง',
          score: 2,
          config: { correct: true },
        },
        {
          id: 'essay',
          type: 'essay',
          text: 'อธิบายการสังเคราะห์แสงของใบไม้',
          score: 5,
          config: { responseKind: 'richText' },
        },
      ],
    });

    const studentContext = await browser.newContext();
    const studentPage = await studentContext.newPage();
    await signIn(studentPage, student.email, student.password);
    const result = await submitAttempt(studentPage.request, await accessToken(studentPage), assessmentId, {
      tf: true,
      essay: { text: '<p>ใบไม้ใช้คลอโรฟิลล์รับแสง</p>' },
    });
    expect(result.status).toBe('Pending');
    await studentContext.close();

    // The screens follow the profile's language.
    await page.goto(`/account/questions/${teacher.id}/quiz/${assessmentId}/submissions`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');

    // The report: Thai words from the server, the Thai title intact, the student and the pending state.
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'ดาวน์โหลดรายงาน' }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toContain('แบบทดสอบวิทยาศาสตร์');
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', (await pdf.path())!, '-'], {
      encoding: 'utf8',
    });
    const squeezed = text.replace(/\s+/g, '');
    for (const expected of [
      'รายงานแบบทดสอบ',
      title,
      'วิชา:วิทยาศาสตร์',
      'สรุป',
      student.name,
      'รอตรวจ',
      'อธิบายการสังเคราะห์แสงของใบไม้',
    ])
      expect(squeezed, expected).toContain(expected.replace(/\s+/g, ''));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

    // The Excel results: Thai sheet and column names, the essay's mark empty while it waits.
    await page.getByRole('button', { name: 'ส่งออกผลลัพธ์' }).click();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toContain('แบบทดสอบวิทยาศาสตร์');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await xlsx.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('ผล');
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers[0]).toBe('ผู้เรียน');
    expect(headers).toContain('สถานะ');
    const essayColumn = headers.findIndex((h) => h.includes('อธิบายการสังเคราะห์แสง')) + 1;
    const statusColumn = headers.indexOf('สถานะ') + 1;
    expect(essayColumn).toBeGreaterThan(0);
    const row = sheet.getRow(2);
    expect(row.getCell(1).text).toBe(student.name);
    expect(row.getCell(statusColumn).text).toBe('รอตรวจ');
    expect(row.getCell(essayColumn).text).toBe('');
  } finally {
    // Back to English for whatever runs next as this Teacher (a retry, say).
    await setLanguage('en');
  }
});

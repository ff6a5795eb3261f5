import { readFileSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { bearer, publishAndSubmit } from './support/assessments.ts';
import { account, expectAccessible, signInWithSession } from './support/fixtures.ts';
import { DESKTOP, PHONE, shoot, shootBoth } from './support/shots.ts';

// Screens load on demand and the PDF is made at request time: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 25_000 });

/** A published assessment with one multiple-choice question (pass mark 50 %), marked at once. */
function assessment(title: string) {
  return {
    title,
    subject: 'Biology',
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
    ],
  };
}

test('an Administrator gives certificates to everyone who passed; the student downloads theirs; anyone verifies it, Valid then Revoked', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const admin = account('Administrator');
  const student = account('Student');
  const title = `Photosynthesis certificate ${Date.now()}`;

  // Published and passed through the API while the Administrator and the Student sign in.
  const studentContext = await browser.newContext();
  const studentPage = await studentContext.newPage();
  const [published, , studentToken] = await Promise.all([
    publishAndSubmit({
      owner: admin,
      assessment: assessment(title),
      submissions: [{ who: student, attempts: [{ gas: ['co2'] }] }],
    }),
    signInWithSession(page, admin),
    signInWithSession(studentPage, student),
  ]);
  const {
    assessmentId,
    results: [[result]],
  } = published;
  expect(result).toMatchObject({ status: 'Submitted', passed: true });

  // The Administrator gives certificates to everyone who passed, from the certificates screen.
  await page.goto(`/account/certifications/${admin.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Certifications' })).toBeVisible();
  await page.getByRole('button', { name: 'Give certificates' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Give certificates' });
  const picker = dialog.getByRole('combobox', { name: 'Assessment' });
  await picker.click();
  await picker.fill(title);
  await page.getByRole('option', { name: title }).click();
  const passed = dialog.getByRole('group', { name: 'Students who passed' });
  await expect(passed.getByText(student.name)).toBeVisible();
  await expect(passed.getByText('Will get one')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Everyone who passed \(1 student\)/ })).toBeChecked();
  await expectAccessible(page);
  await shoot(page, 'give-dialog-desktop', { viewport: DESKTOP });
  await dialog.getByRole('button', { name: 'Give certificates' }).click();
  const given = page.getByText(`1 student received a certificate for ${title}.`);
  await expect(given).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Certificates of your organization, newest first' });
  const row = table.getByRole('row').filter({ hasText: title }).filter({ hasText: student.name });
  // From here the Administrator's screens and the Student's are looked at side by side.
  const [, certificate] = await Promise.all([
    (async () => {
      // The toast closes by itself (4 s): the screenshots show the screen, not the toast.
      await expect(given).toBeHidden();
      await expect(row).toContainText('Valid');
      await expectAccessible(page);
      await shootBoth(page, 'admin');

      // The template editor with its live preview.
      await page.getByRole('tab', { name: 'Template' }).click();
      const preview = page.getByRole('figure', { name: 'Certificate preview' });
      await expect(preview).toBeVisible();
      await page
        .getByRole('textbox', { name: 'Title', exact: true })
        .fill('Certificate of Achievement in Biology');
      await expect(preview).toContainText('Certificate of Achievement in Biology');
      await expectAccessible(page);
      await shootBoth(page, 'template');
      await page.getByRole('tab', { name: 'Certificates' }).click();
    })(),
    (async () => {
      // The Student sees theirs and downloads the PDF.
      await studentPage.goto(`/account/certifications/${student.id}`);
      const mine = studentPage
        .getByRole('table', { name: 'Your certificates, newest first' })
        .getByRole('row')
        .filter({ hasText: title });
      await expect(mine).toContainText('Valid');
      await expectAccessible(studentPage);
      await shootBoth(studentPage, 'student');
      const pdfDownload = studentPage.waitForEvent('download');
      await mine.getByRole('button', { name: `Download the PDF of ${title}` }).click();
      const pdf = await pdfDownload;
      expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
      expect(
        readFileSync((await pdf.path())!)
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('%PDF');

      // The Open Badge: a PNG named for what it is, with the credential baked in (an iTXt chunk).
      const badgeDownload = studentPage.waitForEvent('download');
      await mine.getByRole('button', { name: `Download the Open Badge (PNG) of ${title}` }).click();
      const badge = await badgeDownload;
      expect(badge.suggestedFilename()).toBe(`${title}-badge.png`);
      const png = readFileSync((await badge.path())!);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.includes(Buffer.from('iTXtopenbadgecredential\0', 'latin1'))).toBe(true);
      // "Add to LinkedIn" fills LinkedIn's add-certification form.
      const linkedIn = new URL(
        (await mine
          .getByRole('link', { name: `Add ${title} to your LinkedIn profile` })
          .getAttribute('href'))!,
      );
      expect(linkedIn.searchParams.get('startTask')).toBe('CERTIFICATION_NAME');
      expect(linkedIn.searchParams.get('name')).toBe(title);

      // The verification URL printed on it (and in its QR code), as the API gives it.
      const listed = await studentPage.request.get(`/api/certificates?assessmentId=${assessmentId}`, {
        headers: bearer(studentToken),
      });
      expect(listed.status(), await listed.text()).toBe(200);
      const [mineListed] = ((await listed.json()) as { items: { verificationUrl: string; code: string }[] })
        .items;
      expect(mineListed?.verificationUrl).toMatch(new RegExp(`/verify/${mineListed?.code}$`));
      await studentContext.close();
      return mineListed;
    })(),
  ]);

  // Someone who is not signed in opens it: Valid.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(certificate!.verificationUrl);
  await expect(visitor.getByRole('heading', { name: 'Valid', exact: true })).toBeVisible();
  await expect(visitor.getByText(student.name)).toBeVisible();
  await expect(visitor.getByText(title)).toBeVisible();
  await expect(visitor).toHaveURL(new RegExp(`/verify/${certificate!.code}$`));
  await expectAccessible(visitor);
  await shootBoth(visitor, 'verify-valid');

  // The Administrator revokes it with a reason.
  await row.getByRole('button', { name: `Actions for ${student.name}'s certificate` }).click();
  await page.getByRole('menuitem', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke ${student.name}'s certificate?` });
  await confirm.getByRole('textbox', { name: /Reason/ }).fill('Marked in error');
  await confirm.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText('Revoked');

  // The visitor checks again: Revoked, with the date.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Revoked', exact: true })).toBeVisible();
  await expect(
    visitor.getByText(/This certificate was revoked on .+ and is no longer valid\./),
  ).toBeVisible();
  await expectAccessible(visitor);
  await shootBoth(visitor, 'verify-revoked');

  // In the reader's language, on a phone: the public pages' language picker.
  await visitor.setViewportSize(PHONE);
  await visitor.getByRole('button', { name: 'Language: English' }).click();
  await visitor.getByRole('menuitem', { name: 'ไทย' }).click();
  await expect(visitor.getByRole('heading', { name: 'เพิกถอนแล้ว', exact: true })).toBeVisible();
  await expect(visitor.getByText('มอบให้แก่')).toBeVisible();
  await shoot(visitor, 'verify-revoked-th-mobile', { viewport: PHONE });
  await visitor.getByRole('button', { name: /ไทย/ }).click();
  await visitor.getByRole('menuitem', { name: 'English' }).click();
  await visitor.setViewportSize(DESKTOP);

  // An unknown code says so.
  await visitor.goto('/verify/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(visitor.getByRole('heading', { name: 'Unknown certificate' })).toBeVisible();
  await visitorContext.close();
});

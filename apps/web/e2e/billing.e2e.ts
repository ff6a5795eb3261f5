import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  formatMoney,
  type PaymentRecord,
  type PaymentRecordsResponse,
  type PlansResponse,
} from '@vbuilder/shared';
import { bearer } from './support/assessments.ts';
import { E2E } from './support/env.ts';
import { accessToken, account, demo, signInWithSession } from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';
import { PHONE, shootBoth } from './support/shots.ts';
import { makePdf } from '../../../test-support/pdf-document.ts';

/**
 * Issue 12, the invoice journey: 'Billing Academy' (global-setup.ts: on Free, no payment record)
 * buys Professional by invoice. Its Administrator requests it on Subscription, gets the invoice
 * mail with the PDF attached, uploads a receipt on Payment History; the Super Administrator
 * activates it; the Administrator's usage card shows Professional and 500, and the invoice PDF
 * carries the number of the Payment History row and the amount.
 */

/** The text of a PDF file, as pdftotext reads it. */
const pdfText = (file: string) =>
  execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });

/** The organization's payment records (newest first), as its Administrator or the Super Administrator. */
async function paymentsOf(request: APIRequestContext, token: string, organizationId: string) {
  const res = await request.get(`/api/payments/organization/${organizationId}`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as PaymentRecordsResponse).data;
}

/**
 * Professional's monthly price in the currency the plan comparison shows first; the Super
 * Administrator adds one through the API when the catalog has none (no price editor needed).
 */
async function professionalMonthlyPrice(request: APIRequestContext, token: string) {
  const res = await request.get('/api/plans', { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  const catalog = ((await res.json()) as PlansResponse).data;
  const currency = catalog.flatMap((plan) => plan.prices.map((p) => p.currency))[0] ?? 'USD';
  const professional = catalog.find((plan) => plan.name === 'Professional')!;
  const found = professional.prices.find((p) => p.period === 'month' && p.currency === currency);
  if (found) return found;
  const price = { period: 'month' as const, amountMinor: 4900, currency };
  const put = await request.put('/api/plans/Professional/prices', {
    headers: bearer(token),
    data: { prices: [...professional.prices, price] },
  });
  expect(put.status(), await put.text()).toBe(200);
  return price;
}

/** A monthly price for `plan` in `currency`, added by the Super Administrator when it has none. */
async function ensureMonthlyPrice(
  request: APIRequestContext,
  token: string,
  plan: 'Basic' | 'Enterprise',
  currency: string,
  amountMinor: number,
) {
  const res = await request.get('/api/plans', { headers: bearer(token) });
  const entry = ((await res.json()) as PlansResponse).data.find((p) => p.name === plan)!;
  if (entry.prices.some((p) => p.period === 'month' && p.currency === currency)) return;
  const put = await request.put(`/api/plans/${plan}/prices`, {
    headers: bearer(token),
    data: { prices: [...entry.prices, { period: 'month', amountMinor, currency }] },
  });
  expect(put.status(), await put.text()).toBe(200);
}

/** The Payment History row (desktop) of an invoice. */
const historyRow = (page: Page, number: string) => page.getByRole('row', { name: `Payment ${number}` });

test('an Administrator buys Professional by invoice; the Super Administrator activates it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const buyer = demo().buyer;
  if (!buyer) throw new Error('global-setup.ts seeded no Billing Academy for the billing spec');
  const administrator = buyer.administrator;
  const superAdministrator = account('Super Administrator');

  // The Super Administrator, in a browser of their own: a Professional price to buy at, and no
  // request left waiting by an earlier attempt of this test.
  // (The Administrator signs in meanwhile.)
  const platform = await (await browser.newContext({ baseURL: E2E.baseUrl })).newPage();
  const [price] = await Promise.all([
    (async () => {
      const platformToken = await signInWithSession(platform, superAdministrator);
      const found = await professionalMonthlyPrice(platform.request, platformToken);
      // A smaller and a larger plan in the same currency: the downgrade and the upgrade's credit.
      await ensureMonthlyPrice(platform.request, platformToken, 'Basic', found.currency, 1900);
      await ensureMonthlyPrice(platform.request, platformToken, 'Enterprise', found.currency, 12_900);
      const records = await paymentsOf(platform.request, platformToken, buyer.organizationId);
      for (const waiting of records.filter((record) => record.status === 'pending')) {
        const closed = await platform.request.post(`/api/payments/${waiting.id}/close`, {
          headers: bearer(platformToken),
        });
        expect(closed.status(), await closed.text()).toBe(200);
      }
      return found;
    })(),
    signInWithSession(page, administrator),
  ]);
  const amount = formatMoney(price, 'en');

  // The Administrator requests Professional, monthly, on Subscription and confirms.
  await page.goto('/account/subscription');
  await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
  const status = page.getByRole('region', { name: 'Subscription status' });
  await expect(status.getByText(/^(Free package|Active)$/)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  const professional = page.getByRole('article', { name: 'Professional' });
  await expect(professional.getByText(`${amount} / month`)).toBeVisible();
  const requested = Date.now();
  // Request on Free; Renew when an earlier attempt got as far as activating it.
  await professional.getByRole('button', { name: /^(Request|Renew) Professional$/ }).click();
  const confirm = page.getByRole('dialog', { name: /^(Request|Renew) Professional\?$/ });
  await expect(confirm.getByText('Monthly')).toBeVisible();
  await expect(confirm.getByText(amount, { exact: true })).toBeVisible();
  await expect(
    confirm.getByText(
      `The invoice is emailed to you (${administrator.email}) and listed in Payment History.`,
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: /^(Request|Renew)$/ }).click();
  await expect(page.getByText('Plan requested')).toBeVisible();
  const sent = await page.getByText(/^Invoice VB-\d{4}-\d+ has been sent\.$/).textContent();
  const number = /VB-\d{4}-\d+/.exec(sent ?? '')![0];
  await expect(status.getByText('Request waiting for activation')).toBeVisible();
  await expect(status.getByText(`Professional (Monthly) · ${amount} · invoice ${number}.`)).toBeVisible();

  // The invoice mail: to the Administrator, the number and amount said, the open invoice attached.
  const mail = await waitForMail(E2E.mailDir, administrator.email, requested);
  expect(mail.subject).toBe(`Invoice ${number} for your vbuilder Professional package`);
  expect(mail.text).toContain(
    `Thank you for choosing the Professional package for ${buyer.organizationName}. Invoice ${number} is attached to this email.`,
  );
  expect(mail.text).toContain(`Amount due: ${amount}, to be paid by`);
  expect(mail.text).toContain('/account/payments/payment_history');
  expect(mail.attachments).toHaveLength(1);
  const attached = mail.attachments[0]!;
  expect(attached.contentType).toBe('application/pdf');
  expect(attached.filename).toContain(number);
  const openInvoice = pdfText(attached.path);
  expect(openInvoice).toContain(number);
  expect(openInvoice).toContain(buyer.organizationName);
  expect(openInvoice).toContain('Professional');
  expect(openInvoice).toContain(amount);
  expect(openInvoice).not.toContain('PAID');

  // Payment History: the pending row; the Administrator uploads the receipt from its menu.
  await page.goto('/account/payments/payment_history');
  await expect(page.getByRole('heading', { name: 'Payment History', level: 1 })).toBeVisible();
  const row = historyRow(page, number);
  await expect(row.getByRole('rowheader', { name: number, exact: true })).toBeVisible();
  await expect(row.getByText('Professional', { exact: true })).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByText('Open', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: amount, exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Actions for payment ${number}` }).click();
  await page.getByRole('menuitem', { name: 'Upload receipt' }).click();
  const upload = page.getByRole('dialog', { name: `Upload the receipt for ${number}` });
  const chooser = page.waitForEvent('filechooser');
  await upload.getByLabel('Choose the receipt file').click();
  await (
    await chooser
  ).setFiles({
    name: 'bank-receipt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(makePdf(['Bank transfer receipt - Billing Academy'])),
  });
  await expect(upload.getByText('bank-receipt.pdf')).toBeVisible();
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Files submitted')).toBeVisible();
  await expect(
    page.getByText(
      `The receipt for invoice ${number} was uploaded. The plan is activated once the payment is confirmed.`,
    ),
  ).toBeVisible();
  await expect(upload).toBeHidden();

  // The Super Administrator opens the organization's records (the address the organization filter
  // keeps) and activates the payment after confirming.
  await platform.goto(`/account/payments/payment_history?organization=${buyer.organizationId}`);
  const platformRow = historyRow(platform, number);
  await expect(platformRow.getByText(buyer.organizationName, { exact: true })).toBeVisible();
  await expect(platformRow.getByText('Pending', { exact: true })).toBeVisible();
  // The receipt has arrived: the row says it waits for the Super Administrator's check.
  await expect(platformRow.getByText('Receipt to check', { exact: true })).toBeVisible();
  await shootBoth(platform, 'billing-receipt-to-check');
  await platformRow.getByRole('button', { name: `Actions for payment ${number}` }).click();
  await platform.getByRole('menuitem', { name: 'Activate' }).click();
  const activate = platform.getByRole('dialog', { name: `Activate payment ${number}?` });
  await expect(
    activate.getByText(
      `${buyer.organizationName} moves to Professional at once, with its allowance and question types, until the end of the paid period.`,
    ),
  ).toBeVisible();
  await activate.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(platform.getByText('Activated', { exact: true })).toBeVisible();
  await expect(
    platform.getByText(`${buyer.organizationName} is now on Professional (payment ${number}).`),
  ).toBeVisible();
  await expect(platformRow.getByText('Active', { exact: true })).toBeVisible();
  await expect(platformRow.getByText('Paid', { exact: true })).toBeVisible();
  await platform.context().close();

  // The Administrator's usage card on the assessment list: Professional, 500 a month.
  await page.goto(`/account/questions/${administrator.id}`);
  const usage = page.getByRole('region', { name: 'Plan and usage' });
  await expect(usage.getByText('Professional package')).toBeVisible();
  await expect(usage.getByText('Active', { exact: true })).toBeVisible();
  await expect(usage.getByText(/^\d+ \/ 500$/)).toBeVisible();
  await expect(usage.getByText('500 assessments a month')).toBeVisible();

  // Professional is paid for: an upgrade offers a credit for its unused days before payment; a
  // cancel and a downgrade wait for the period's end, and each can be undone until then.
  await page.goto('/account/subscription');
  const statusCard = page.getByRole('region', { name: 'Subscription status' });
  await page
    .getByRole('article', { name: 'Enterprise' })
    .getByRole('button', { name: 'Upgrade to Enterprise' })
    .click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Enterprise?' });
  await expect(upgrade.getByText(/^Credit for unused Professional \(\d+ of \d+ days\)$/)).toBeVisible();
  await expect(upgrade.getByText('To pay before tax')).toBeVisible();
  await shootBoth(page, 'billing-upgrade-credit');
  await upgrade.getByRole('button', { name: 'Cancel' }).click();
  await expect(upgrade).toBeHidden();

  await statusCard.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await cancel.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(statusCard.getByText(/^Your subscription ends on .+\.$/)).toBeVisible();
  await shootBoth(page, 'billing-scheduled-cancel');
  await statusCard.getByRole('button', { name: 'Undo the cancellation' }).click();
  await expect(statusCard.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();

  await page
    .getByRole('article', { name: 'Basic' })
    .getByRole('button', { name: 'Downgrade to Basic' })
    .click();
  const downgrade = page.getByRole('dialog', { name: 'Change to Basic at the end of your period?' });
  await downgrade.getByRole('button', { name: /^Change on / }).click();
  await expect(statusCard.getByText(/^Your package changes to Basic on .+\.$/)).toBeVisible();
  await shootBoth(page, 'billing-scheduled-downgrade');
  await statusCard.getByRole('button', { name: 'Undo the change to Basic' }).click();
  await expect(statusCard.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();

  // The invoice as View invoice fetches it (GET /api/payments/:id/invoice.pdf): the row's number,
  // the amount, now paid.
  const token = await accessToken(page);
  const record = (await paymentsOf(page.request, token, buyer.organizationId)).find(
    (r: PaymentRecord) => r.invoiceNumber === number,
  )!;
  expect(record).toMatchObject({ status: 'active', invoiceStatus: 'paid', planName: 'Professional' });
  const res = await page.request.get(`/api/payments/${record.id}/invoice.pdf`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const file = test.info().outputPath(`${number}.pdf`);
  writeFileSync(file, await res.body());
  const paidInvoice = pdfText(file);
  expect(paidInvoice).toContain(number);
  expect(paidInvoice).toContain(amount);
  expect(paidInvoice).toContain('PAID');

  // At phone width Payment History is a list of cards: the record, and its actions menu.
  await page.setViewportSize(PHONE);
  await page.goto('/account/payments/payment_history');
  const card = page
    .getByRole('list', { name: 'Payment records' })
    .getByRole('listitem', { name: `Payment ${number}` });
  await expect(card.getByText(number, { exact: true })).toBeVisible();
  await expect(card.getByText('Professional', { exact: true })).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText(amount, { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `Actions for payment ${number}` }).click();
  await expect(page.getByRole('menuitem', { name: 'View payment' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'View invoice' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Upload receipt' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'View payment' })).toBeHidden();
});

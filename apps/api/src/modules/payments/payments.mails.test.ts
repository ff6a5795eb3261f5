import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { translatorFor } from '../../i18n/index.ts';
import type { MailAttachment, MailMessage } from '../mail/mailer.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { pdfText, squeeze } from '../../test/pdf.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { billingSeller, planLine, type InvoiceDocument } from './payments.invoice.ts';
import {
  activatedMail,
  invoiceIssuedMail,
  lapsedMail,
  paidInvoiceMail,
  receiptReceivedMail,
  receiptToCheckMail,
  renewalReminderMail,
  type BillingMailContext,
} from './payments.mails.ts';

/**
 * The billing mails delivered through the app's mailer to a real SMTP peer (smtp-server), parsed
 * back with mailparser: each in its recipient's language, with its links, and the invoice PDF
 * attached where a school needs it (its text read back with pdftotext).
 */

const context: BillingMailContext = {
  baseUrl: 'https://vbuilder.test',
  supportEmail: 'billing@vbuilder.test',
};

const invoice = (overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  number: 'VB-2026-000042',
  issuedAt: new Date('2026-11-25T03:00:00Z'),
  dueAt: new Date('2026-12-09T03:00:00Z'),
  status: 'open',
  seller: billingSeller(loadConfig({ BILLING_COMPANY_NAME: 'vbuilder Ltd.' })),
  buyer: { name: 'โรงเรียนบ้านสวนวิทยา', address: 'กรุงเทพมหานคร', email: 'office@school.test' },
  plan: {
    packageName: 'Professional',
    period: 'month',
    periodStart: new Date('2026-12-01T00:00:00Z'),
    periodEnd: new Date('2027-01-01T00:00:00Z'),
  },
  lines: [planLine(149_900)],
  currency: 'THB',
  taxRateBasisPoints: 700,
  ...overrides,
});

const receipt: MailAttachment = {
  filename: 'receipt-VB-2026-000042.png',
  content: Buffer.from('89504e470d0a1a0a', 'hex'),
  contentType: 'image/png',
};

describe('billing mails over SMTP', () => {
  let t: TestApp;
  let peer: SmtpPeer;

  beforeAll(async () => {
    peer = await startSmtpPeer({ size: 10 * 1024 * 1024 });
    t = await buildTestApp({ SMTP_URL: peer.url, MAIL_FROM: 'vbuilder <mail@vbuilder.test>' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });
  beforeEach(() => {
    peer.received.length = 0;
  });

  const deliver = async (message: MailMessage | Promise<MailMessage>): Promise<ParsedMail> => {
    await t.app.mailer.send(await message);
    await t.app.mailer.idle();
    expect(peer.received).toHaveLength(1);
    return peer.received[0]!.mail;
  };

  it('sends the invoice to the Administrator in their language, the PDF attached and in Thai', async () => {
    const mail = await deliver(
      invoiceIssuedMail({ email: 'somchai@school.test', name: 'สมชาย', language: 'th' }, invoice(), context),
    );
    const th = translatorFor('th');
    expect(mail.subject).toBe('ใบแจ้งหนี้ VB-2026-000042 สำหรับแพ็กเกจ vbuilder มืออาชีพ ของคุณ');
    expect(mail.text).toContain('สวัสดี');
    expect(mail.text).toContain('โรงเรียนบ้านสวนวิทยา');
    expect(mail.text).toContain('฿1,603.93'); // 1,499.00 + 7 %
    expect(mail.text).toContain('https://vbuilder.test/account/payments/payment_history?lng=th');
    expect(mail.text).toContain('billing@vbuilder.test');
    expect(mail.html).toContain('lang="th"');

    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: 'VB-2026-000042.pdf', contentType: 'application/pdf' });
    const text = squeeze(pdfText(pdf!.content, 'issued-th'));
    expect(text).toContain(squeeze(th('billing:invoice.title')));
    expect(text).toContain('VB-2026-000042');
    expect(text).toContain('โรงเรียนบ้านสวนวิทยา');
    expect(text).toContain(squeeze(th('billing:invoice.howToPay')));
  });

  it('confirms a received receipt to the Administrator and asks a Super Administrator to check it', async () => {
    const confirmation = await deliver(
      receiptReceivedMail({ email: 'ada@school.test', name: 'Ada', language: 'en' }, invoice(), context),
    );
    expect(confirmation.subject).toBe('We have received your receipt for invoice VB-2026-000042');
    expect(confirmation.text).toContain('Hello Ada,');
    expect(confirmation.text).toContain('THB\u00a01,603.93'); // Intl puts a no-break space after the code
    expect(confirmation.text).toContain('will activate the Professional package once it is confirmed');
    expect(confirmation.text).toContain('write to billing@vbuilder.test');
    expect(confirmation.attachments).toHaveLength(0);

    peer.received.length = 0;
    const check = await deliver(
      receiptToCheckMail(
        { email: 'root@vbuilder.test', name: 'Root', language: null },
        invoice(),
        context,
        receipt,
      ),
    );
    expect(check.subject).toBe('Receipt to check: invoice VB-2026-000042 from โรงเรียนบ้านสวนวิทยา');
    expect(check.text).toContain('activate the payment record on the Payment History page');
    expect(check.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['receipt-VB-2026-000042.png', 'image/png'],
    ]);
  });

  it('tells every Administrator the package is active, with the paid invoice and the receipt attached', async () => {
    const paid = invoice({ status: 'paid', paidAt: new Date('2026-11-28T06:00:00Z') });
    const mail = await deliver(
      activatedMail({ email: 'ada@school.test', name: 'Ada', language: 'en' }, paid, context, receipt),
    );
    expect(mail.subject).toBe('Your vbuilder Professional package is active');
    // The period ends at midnight on 1 January: the last day it covers is 31 December.
    expect(mail.text).toContain('is active until Dec 31, 2026');
    expect(mail.text).toContain('up to 500 assessments a month');
    expect(mail.text).toContain('https://vbuilder.test/account/subscription?lng=en');
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      'VB-2026-000042.pdf',
      'receipt-VB-2026-000042.png',
    ]);
    const text = pdfText(mail.attachments[0]!.content, 'activated-en');
    expect(text).toContain('PAID');
    expect(text).toContain('Paid on Nov 28, 2026');
    expect(text).toMatch(/Amount paid THB\s1,603\.93/);
  });

  it('sends the paid invoice on Send Receipt, in Chinese', async () => {
    const paid = invoice({ status: 'paid', paidAt: new Date('2026-11-28T06:00:00Z') });
    const mail = await deliver(
      paidInvoiceMail({ email: 'li@school.test', name: '李静', language: 'zh' }, paid, context),
    );
    expect(mail.subject).toBe('发票VB-2026-000042的收据');
    expect(mail.text).toContain('2026年11月28日');
    expect(mail.attachments).toHaveLength(1);
    expect(squeeze(pdfText(mail.attachments[0]!.content, 'paid-zh'))).toContain('已付款');
  });

  it('reminds before the end and tells what Free means; then says the package lapsed and nothing was deleted', async () => {
    const end = {
      organizationName: 'ঢাকা রেসিডেনসিয়াল মডেল কলেজ',
      packageName: 'Professional' as const,
      endsAt: new Date('2027-01-01T00:00:00Z'),
    };
    const reminder = await deliver(
      renewalReminderMail({ email: 'rahim@school.test', name: 'রহিম', language: 'bn' }, end, context),
    );
    expect(reminder.subject).toBe('আপনার vbuilder প্রফেশনাল প্যাকেজের মেয়াদ ৩১ ডিসে, ২০২৬ তারিখে শেষ হবে');
    expect(reminder.text).toContain('ঢাকা রেসিডেনসিয়াল মডেল কলেজ');
    expect(reminder.text).toContain('সর্বোচ্চ ৫টি মূল্যায়ন'); // Free: 5 a month, in Bengali digits
    expect(reminder.text).toContain('https://vbuilder.test/account/subscription?lng=bn');
    expect(reminder.attachments).toHaveLength(0);

    peer.received.length = 0;
    const lapsed = await deliver(lapsedMail({ email: 'ada@school.test', name: 'Ada' }, end, context));
    expect(lapsed.subject).toBe('Your vbuilder Professional package has ended');
    expect(lapsed.text).toContain('ended on Dec 31, 2026');
    expect(lapsed.text).toContain('now on the Free package: up to 5 assessments a month');
    expect(lapsed.text).toContain('Nothing has been deleted');
    expect(lapsed.text).toContain('Renew the package: https://vbuilder.test/account/subscription');
  });
});

import { describe, expect, it } from 'vitest';
import { formatMoney, intlLocale, type LanguageCode } from '@vbuilder/shared';
import { loadConfig } from '../../config.ts';
import { formatDate, translatorFor } from '../../i18n/index.ts';
import { pdfText, savePageImage, squeeze } from '../../test/pdf.ts';
import {
  billingSeller,
  creditLine,
  invoiceFileName,
  invoiceTotals,
  lastDayOf,
  planLine,
  type InvoiceBuyer,
  type InvoiceDocument,
} from './payments.invoice.ts';
import { renderInvoicePdf } from './payments.invoice-pdf.ts';

/**
 * The invoice in the scripts that are hardest to print (Thai, Bengali, Burmese, Khmer, Chinese)
 * and English: each PDF's text is extracted with poppler's pdftotext and the invoice number, the
 * amounts (with and without a tax line), the labels in the reader's language and the
 * organization's name in its own script are looked for intact. Page images for a person to look
 * at go to test-results/documents/ (outside git).
 */

/** Schools as they write their name and address. */
const BUYERS: Record<string, InvoiceBuyer> = {
  en: {
    name: 'St. Bartholomew’s International Preparatory and Secondary School Foundation of Greater Manchester',
    address:
      'Unit 4, The Old Mill Business Park, 117–121 Upper Brook Street, Chorlton-on-Medlock, Manchester',
    postalCode: 'M13 9XX',
    email: 'bursar@st-bartholomews.example.org',
    phone: '+44 161 555 0199',
  },
  th: {
    name: 'โรงเรียนสาธิตมหาวิทยาลัยศรีนครินทรวิโรฒ ประสานมิตร (ฝ่ายมัธยม)',
    address: '114 ซอยสุขุมวิท 23 แขวงคลองเตยเหนือ เขตวัฒนา กรุงเทพมหานคร',
    postalCode: '10110',
    email: 'finance@satit.example.ac.th',
  },
  bn: {
    name: 'ঢাকা রেসিডেনসিয়াল মডেল কলেজ ও বিদ্যালয় পরিচালনা পর্ষদ',
    address: 'মোহাম্মদপুর, ঢাকা-১২০৭, বাংলাদেশ',
    postalCode: '১২০৭',
  },
  my: { name: 'ရန်ကုန် အခြေခံပညာ အထက်တန်းကျောင်း အမှတ် (၁) ဒဂုံ', address: 'ဒဂုံမြို့နယ်၊ ရန်ကုန်' },
  km: { name: 'វិទ្យាល័យព្រះស៊ីសុវត្ថិ', address: 'មហាវិថីព្រះនរោត្តម ភ្នំពេញ' },
  zh: { name: '北京市海淀区实验外国语学校附属国际双语小学', address: '北京市海淀区中关村南大街五号院三号楼' },
};

const LANGUAGES: LanguageCode[] = ['en', 'th', 'bn', 'my', 'km', 'zh'];

const config = loadConfig({
  BILLING_COMPANY_NAME: 'vbuilder Education Technology Co., Ltd.',
  BILLING_ADDRESS: '88 Sukhumvit Road, 12th floor\\nBangkok 10110, Thailand',
  BILLING_TAX_ID: '0105566012345',
  BILLING_PAYMENT_INSTRUCTIONS: 'Kasikornbank, account 123-4-56789-0\\nSWIFT: KASITHBK',
});

const invoiceFor = (language: string, overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  number: 'VB-2026-000123',
  issuedAt: new Date('2026-11-25T03:00:00Z'),
  dueAt: new Date('2026-12-09T03:00:00Z'),
  status: 'open',
  seller: billingSeller(config),
  buyer: BUYERS[language]!,
  plan: {
    packageName: 'Professional',
    period: 'month',
    // The month of December in Bangkok.
    periodStart: new Date('2026-11-30T17:00:00Z'),
    periodEnd: new Date('2026-12-31T17:00:00Z'),
  },
  lines: [planLine(149_900)],
  currency: 'THB',
  taxRateBasisPoints: 0,
  timeZone: 'Asia/Bangkok',
  ...overrides,
});

describe('invoice totals (integer minor units)', () => {
  it('adds the lines and the tax, rounding the tax half up to a minor unit', () => {
    const totals = invoiceTotals({
      currency: 'THB',
      taxRateBasisPoints: 700,
      lines: [planLine(149_900), { description: 'Extra seats', quantity: 3, unitAmountMinor: 1_005 }],
    });
    expect(totals).toEqual({
      lineAmountsMinor: [149_900, 3_015],
      subtotalMinor: 152_915,
      // 152 915 × 7 % = 10 704.05 → 10 704
      taxMinor: 10_704,
      totalMinor: 163_619,
    });
    // 0.5 of a minor unit goes up: 50 × 1 % = 0.5 → 1
    expect(invoiceTotals({ currency: 'USD', taxRateBasisPoints: 100, lines: [planLine(50)] }).taxMinor).toBe(
      1,
    );
  });

  it('has no tax at a zero rate and keeps currencies without minor units whole', () => {
    expect(invoiceTotals({ currency: 'MMK', taxRateBasisPoints: 0, lines: [planLine(45_000)] })).toEqual({
      lineAmountsMinor: [45_000],
      subtotalMinor: 45_000,
      taxMinor: 0,
      totalMinor: 45_000,
    });
  });

  it('refuses amounts that are not whole minor units and quantities below one', () => {
    expect(() => invoiceTotals({ currency: 'USD', taxRateBasisPoints: 0, lines: [planLine(10.5)] })).toThrow(
      RangeError,
    );
    expect(() =>
      invoiceTotals({
        currency: 'USD',
        taxRateBasisPoints: 0,
        lines: [{ description: 'x', quantity: 0, unitAmountMinor: 100 }],
      }),
    ).toThrow(RangeError);
  });

  it('takes the seller from the BILLING_* settings, a `\\n` starting a new line', () => {
    expect(billingSeller(loadConfig({}))).toEqual({
      name: 'vbuilder',
      address: [],
      taxId: null,
      email: 'billing@vbuilder.app',
      paymentInstructions: [],
      taxName: null,
    });
    expect(loadConfig({}).BILLING_TAX_RATE_BP).toBe(0);
    expect(billingSeller(config).address).toEqual([
      '88 Sukhumvit Road, 12th floor',
      'Bangkok 10110, Thailand',
    ]);
    expect(() => loadConfig({ BILLING_TAX_RATE_BP: '7.5' })).toThrow(/BILLING_TAX_RATE_BP/);
  });

  it('names the file after the invoice number', () => {
    expect(invoiceFileName({ number: 'VB-2026-000123' })).toBe('VB-2026-000123.pdf');
  });

  it('shows the last day a period covers: a period ending at midnight ends the day before', () => {
    expect(formatDate(lastDayOf(new Date('2026-12-31T17:00:00Z')), 'en', 'Asia/Bangkok')).toBe(
      'Dec 31, 2026',
    );
  });
});

describe('invoice (PDF) in six scripts', () => {
  it.each(LANGUAGES)('%s: number, amounts, labels and the school’s name print intact', async (language) => {
    const t = translatorFor(language);
    const money = (minor: number) => formatMoney({ amountMinor: minor, currency: 'THB' }, language);

    // With a 7 % tax line.
    const taxed = await renderInvoicePdf(invoiceFor(language, { taxRateBasisPoints: 700 }), language);
    const text = squeeze(pdfText(taxed, `${language}-taxed`));
    const rate = new Intl.NumberFormat(intlLocale(language), { style: 'percent' }).format(0.07);
    for (const expected of [
      'VB-2026-000123',
      BUYERS[language]!.name,
      BUYERS[language]!.address!,
      t('billing:invoice.title'),
      t('billing:invoice.billTo'),
      t('billing:invoice.product', { plan: t('billing:plans.Professional') }),
      t('billing:invoice.subtotal'),
      t('billing:invoice.tax', { rate }),
      t('billing:invoice.total'),
      t('billing:invoice.amountDue'),
      t('billing:invoice.howToPay'),
      t('billing:invoice.reference', { number: 'VB-2026-000123' }),
      'Kasikornbank, account 123-4-56789-0',
      money(149_900), // the line and the subtotal
      money(10_493), // 7 % of 1,499.00
      money(160_393), // the total and the amount due
      formatDate(new Date('2026-12-09T03:00:00Z'), language, 'Asia/Bangkok'),
      t('billing:invoice.range', {
        start: formatDate(new Date('2026-12-01T00:00:00+07:00'), language, 'Asia/Bangkok'),
        end: formatDate(new Date('2026-12-31T00:00:00+07:00'), language, 'Asia/Bangkok'),
      }),
    ])
      expect(text, `${language}: ${expected}`).toContain(squeeze(expected));
    expect(taxed.length).toBeLessThan(300_000);

    // Without a tax rate: no tax line, and the total is the subtotal.
    const untaxed = squeeze(
      pdfText(await renderInvoicePdf(invoiceFor(language), language), `${language}-plain`),
    );
    expect(untaxed).toContain(squeeze(money(149_900)));
    expect(untaxed).not.toContain(squeeze(t('billing:invoice.tax', { rate })));
    expect(untaxed).not.toContain(squeeze(money(160_393)));

    savePageImage(taxed, `invoice-${language}`);
  });

  it.each(['th', 'bn'] as const)(
    '%s: stamps a paid invoice PAID with its whole date and drops the payment instructions',
    async (language) => {
      const paidAt = new Date('2026-11-28T06:00:00Z');
      const pdf = await renderInvoicePdf(invoiceFor(language, { status: 'paid', paidAt }), language);
      const text = squeeze(pdfText(pdf, `${language}-paid`));
      const t = translatorFor(language);
      expect(text).toContain(squeeze(t('billing:invoice.stamp.paid')));
      expect(text).toContain(squeeze(t('billing:invoice.amountPaid')));
      // Not cut with … by the stamp's frame (a width measured to the point once was).
      expect(text).toContain(
        squeeze(t('billing:invoice.paidOn', { date: formatDate(paidAt, language, 'Asia/Bangkok') })),
      );
      expect(text).not.toContain('…');
      expect(text).not.toContain(squeeze(t('billing:invoice.howToPay')));
    },
  );

  it('marks a closed invoice CLOSED, nothing due', async () => {
    const pdf = await renderInvoicePdf(invoiceFor('en', { status: 'closed', currency: 'USD' }), 'en');
    const text = pdfText(pdf, 'en-closed');
    expect(text).toContain('CLOSED');
    expect(text).toContain('This invoice has been closed. Do not pay it.');
    expect(text).toMatch(/Amount due \$0\.00/);
    expect(text).not.toContain('How to pay');
  });

  it('prints the seller’s own tax name and the translated default instructions when no bank details are set', async () => {
    const seller = billingSeller(
      loadConfig({ BILLING_TAX_NAME: 'VAT', BILLING_SUPPORT_EMAIL: 'pay@vbuilder.test' }),
    );
    const pdf = await renderInvoicePdf(invoiceFor('zh', { seller, taxRateBasisPoints: 750 }), 'zh');
    const text = squeeze(pdfText(pdf, 'zh-default'));
    const t = translatorFor('zh');
    expect(text).toContain(squeeze(t('billing:invoice.namedTax', { name: 'VAT', rate: '7.5%' })));
    expect(text).toContain(squeeze(t('billing:invoice.defaultInstructions', { email: 'pay@vbuilder.test' })));
    expect(text).toContain('vbuilder'); // the default company name
  });

  it('carries many lines over to a second page with the table header again', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      description: `Teacher training workshop, session ${i + 1}`,
      quantity: 1,
      unitAmountMinor: 10_000,
    }));
    const pdf = await renderInvoicePdf(invoiceFor('en', { lines: [planLine(149_900), ...lines] }), 'en');
    const text = pdfText(pdf, 'en-long');
    expect(text).toContain('session 40');
    expect(text.match(/Description Qty Unit price Amount/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/page 2 of [23]/);
    expect(squeeze(text)).toContain(squeeze(formatMoney({ amountMinor: 549_900, currency: 'THB' }, 'en')));
  });
});

describe("an upgrade's credit and a card checkout's invoice, in Thai and Khmer", () => {
  it.each(['th', 'km'] as const)(
    '%s: the credit is a negative line with its days, the tax on the net; a card invoice says pay by card',
    async (language) => {
      const t = translatorFor(language);
      const invoice = invoiceFor(language, {
        lines: [
          planLine(149_900),
          creditLine(48_355, { packageName: 'Basic', unusedDays: 15, periodDays: 31 }),
        ],
        taxRateBasisPoints: 700,
        method: 'card',
      });
      // 1 499.00 − 483.55 = 1 015.45; 7 % of it = 71.08 (half up from 71.0815).
      expect(invoiceTotals(invoice)).toMatchObject({
        subtotalMinor: 101_545,
        taxMinor: 7_108,
        totalMinor: 108_653,
      });
      const pdf = await renderInvoicePdf(invoice, language);
      savePageImage(pdf, `${language}-credit-card`);
      const text = squeeze(pdfText(pdf, `${language}-credit-card`));
      expect(text).toContain(squeeze(t('billing:invoice.creditLine', { plan: t('billing:plans.Basic') })));
      expect(text).toContain(squeeze(formatMoney({ amountMinor: -48_355, currency: 'THB' }, language)));
      expect(text).toContain(squeeze(formatMoney({ amountMinor: 108_653, currency: 'THB' }, language)));
      expect(text).toContain(squeeze(t('billing:invoice.payByCard')));
      // No bank details on an invoice paid by card.
      expect(text).not.toContain(squeeze('Kasikornbank'));
    },
  );
});

import { rgb, type RGB } from 'pdf-lib';
import type { LanguageCode } from '@vbuilder/shared';
import { A4, DocumentWriter, INK, MUTED, RULE } from '../../documents/index.ts';
import { formatDate, formatNumber, translatorFor, type TFunction } from '../../i18n/index.ts';
import {
  invoiceMoney,
  invoiceTotals,
  lastDayOf,
  lines,
  type InvoiceDocument,
  type InvoiceTotals,
} from './payments.invoice.ts';

/**
 * The invoice's page (PDF): the data of payments.invoice.ts laid out with the document module like
 * the results report, so every script of the 12 languages prints; a PAID or CLOSED stamp once the
 * invoice is no longer open.
 */

const ACCENT = rgb(0.11, 0.37, 0.72);
const PAID = rgb(0.09, 0.52, 0.27);
const CLOSED = rgb(0.72, 0.2, 0.18);
const SHADE = rgb(0.955, 0.963, 0.975);
/** Space between a table cell's edge and its text; the totals' figures line up with the table's. */
const CELL_PAD = 6;

interface Context {
  w: DocumentWriter;
  t: TFunction;
  language: LanguageCode;
  invoice: InvoiceDocument;
  totals: InvoiceTotals;
}

const date = (c: Context, value: Date) => formatDate(value, c.language, c.invoice.timeZone);
/** The period as a reader counts it: from its first day to its last (ends_at is the instant it ends). */
const periodRange = (c: Context) =>
  c.t('billing:invoice.range', {
    start: date(c, c.invoice.plan.periodStart),
    end: date(c, lastDayOf(c.invoice.plan.periodEnd)),
  });
const money = (c: Context, amountMinor: number) => invoiceMoney(amountMinor, c.invoice.currency, c.language);
const planName = (c: Context) => c.t(`billing:plans.${c.invoice.plan.packageName}`);
const productName = (c: Context) => c.t('billing:invoice.product', { plan: planName(c) });
const taxRate = (c: Context) =>
  formatNumber(c.invoice.taxRateBasisPoints / 10_000, c.language, {
    style: 'percent',
    maximumFractionDigits: 2,
  });

/**
 * Wrapped lines from `top` down in a column, each one drawn with `cell` so it can be right
 * aligned; returns the y under the last line.
 */
function column(
  c: Context,
  texts: string[],
  x: number,
  top: number,
  width: number,
  options: { size?: number; bold?: boolean; color?: RGB; right?: boolean; gap?: number } = {},
): number {
  const { w } = c;
  const size = options.size ?? 9;
  let y = top;
  for (const text of texts) {
    for (const line of w.wrap(text, size, width, options.bold)) {
      const height = w.lineHeight(line || 'x', size, options.bold) * 1.1;
      w.cell(line, x, y - height * 0.75, width, {
        size,
        bold: options.bold ?? false,
        right: options.right ?? false,
        color: options.color ?? INK,
      });
      y -= height;
    }
  }
  return y - (options.gap ?? 0);
}

/** A small muted heading above a block (BILL TO, FROM). */
const heading = (c: Context, text: string, x: number, top: number, width: number, right = false) =>
  column(c, [text], x, top, width, { size: 8, bold: true, color: MUTED, right, gap: 3 });

/** Seller on the left, the title, number and dates on the right. */
function header(c: Context) {
  const { w, t, invoice } = c;
  const top = w.y;
  const half = w.width / 2;
  const { seller } = invoice;

  let left = column(c, [seller.name], w.margin, top, half - 16, { size: 15, bold: true, gap: 4 });
  left = column(
    c,
    [
      ...seller.address,
      ...(seller.taxId ? [t('billing:invoice.taxId', { id: seller.taxId })] : []),
      seller.email,
    ],
    w.margin,
    left,
    half - 16,
    { size: 9, color: MUTED },
  );

  const rightX = w.margin + half;
  let right = column(c, [t('billing:invoice.title')], rightX, top, half, {
    size: 22,
    bold: true,
    color: ACCENT,
    right: true,
    gap: 6,
  });
  const meta: [string, string][] = [
    [t('billing:invoice.number'), invoice.number],
    [t('billing:invoice.issued'), date(c, invoice.issuedAt)],
    [t('billing:invoice.due'), date(c, invoice.dueAt)],
  ];
  // Labels in one column and values right aligned in the other; a long label wraps.
  const valueWidth = Math.max(...meta.map(([, value]) => w.measure(value, 10, true))) + 4;
  const labelWidth = half - valueWidth - 12;
  for (const [label, value] of meta) {
    // Both on the first line's baseline; a wrapped label goes on below.
    const labelLines = w.wrap(label, 9, labelWidth);
    const rowHeight = Math.max(w.lineHeight(labelLines[0]!, 9), w.lineHeight(value, 10, true)) * 1.15;
    const baseline = right - rowHeight * 0.75;
    w.cell(value, rightX + half - valueWidth, baseline, valueWidth, { size: 10, bold: true, right: true });
    labelLines.forEach((line, i) =>
      w.cell(line, rightX, baseline - i * rowHeight, labelWidth, { size: 9, color: MUTED }),
    );
    right -= rowHeight * labelLines.length + 2;
  }
  w.y = Math.min(left, right) - 14;
  w.rule();
  w.y -= 16;
}

/** The organization billed on the left, the subscription on the right. */
function parties(c: Context) {
  const { w, t, invoice } = c;
  const { buyer, plan } = invoice;
  const top = w.y;
  const half = w.width / 2;

  let left = heading(c, t('billing:invoice.billTo'), w.margin, top, half - 16);
  left = column(c, [buyer.name], w.margin, left, half - 16, { size: 11, bold: true, gap: 2 });
  left = column(
    c,
    [
      ...lines(buyer.address),
      ...lines(buyer.postalCode),
      ...(buyer.email ? [buyer.email] : []),
      ...(buyer.phone ? [buyer.phone] : []),
    ],
    w.margin,
    left,
    half - 16,
    { size: 9 },
  );

  const rightX = w.margin + half;
  let right = heading(c, t('billing:invoice.subscription'), rightX, top, half);
  right = column(c, [productName(c)], rightX, right, half, { size: 11, bold: true, gap: 2 });
  right = column(
    c,
    [
      t('billing:invoice.cycle', { cycle: t(`billing:period.${plan.period}`) }),
      t('billing:invoice.period', { range: periodRange(c) }),
    ],
    rightX,
    right,
    half,
    { size: 9 },
  );
  w.y = Math.min(left, right) - 16;
}

interface Column {
  title: string;
  width: number;
  right?: boolean;
}

/** The lines: description (the plan's in the reader's words), quantity, unit price, amount. */
function lineTable(c: Context) {
  const { w, t, invoice, totals } = c;
  const pad = CELL_PAD;
  // A figure column is as wide as its title needs (a title wraps only between words, and a
  // one-word title such as Burmese အရေအတွက် has no place to wrap), within bounds.
  const fit = (title: string, min: number, max: number) =>
    Math.min(max, Math.max(min, Math.ceil(w.measure(title, 8, true)) + 2 * pad + 2));
  const titles = {
    quantity: t('billing:invoice.columns.quantity'),
    unitPrice: t('billing:invoice.columns.unitPrice'),
    amount: t('billing:invoice.columns.amount'),
  };
  const quantityWidth = fit(titles.quantity, 50, 90);
  const unitWidth = fit(titles.unitPrice, 100, 130);
  const amountWidth = fit(titles.amount, 100, 130);
  const columns: Column[] = [
    {
      title: t('billing:invoice.columns.description'),
      width: w.width - amountWidth - unitWidth - quantityWidth,
    },
    { title: titles.quantity, width: quantityWidth, right: true },
    { title: titles.unitPrice, width: unitWidth, right: true },
    { title: titles.amount, width: amountWidth, right: true },
  ];
  const drawHeader = () => {
    const wrapped = columns.map((col) => w.wrap(col.title, 8, col.width - 2 * pad, true).slice(0, 2));
    const lineHeight = Math.max(...columns.map((col) => w.lineHeight(col.title, 8, true)));
    const height = Math.max(...wrapped.map((l) => l.length)) * lineHeight + 10;
    w.ensure(height + 40);
    w.page.drawRectangle({ x: w.margin, y: w.y - height, width: w.width, height, color: SHADE });
    let x = w.margin;
    columns.forEach((col, i) => {
      wrapped[i]!.forEach((line, l) =>
        w.cell(line, x + pad, w.y - 5 - lineHeight * (l + 0.78), col.width - 2 * pad, {
          size: 8,
          bold: true,
          right: col.right ?? false,
          color: MUTED,
        }),
      );
      x += col.width;
    });
    w.y -= height;
  };
  drawHeader();
  invoice.lines.forEach((line, i) => {
    const description = line.credit
      ? [
          {
            text: t('billing:invoice.creditLine', { plan: t(`billing:plans.${line.credit.packageName}`) }),
            color: INK,
          },
          {
            text: t('billing:invoice.creditDays', {
              unused: formatNumber(line.credit.unusedDays, c.language),
              days: formatNumber(line.credit.periodDays, c.language),
            }),
            color: MUTED,
          },
        ]
      : line.description === null
        ? [
            { text: productName(c), color: INK },
            { text: periodRange(c), color: MUTED },
          ]
        : [{ text: line.description, color: INK }];
    const descriptionWidth = columns[0]!.width - 2 * pad;
    const wrapped = description.flatMap(({ text, color }) =>
      w.wrap(text, 10, descriptionWidth).map((l) => ({ text: l, color })),
    );
    const lineHeight = Math.max(...wrapped.map((l) => w.lineHeight(l.text || 'x', 10))) * 1.1;
    const height = wrapped.length * lineHeight + 12;
    if (w.y - height < w.margin + 20) {
      w.newPage();
      drawHeader();
    }
    const top = w.y - 6;
    wrapped.forEach((l, k) =>
      w.cell(l.text, w.margin + pad, top - lineHeight * (k + 0.78), descriptionWidth, {
        size: 10,
        color: l.color,
      }),
    );
    const figures = [
      formatNumber(line.quantity, c.language),
      money(c, line.unitAmountMinor),
      money(c, totals.lineAmountsMinor[i]!),
    ];
    let x = w.margin + columns[0]!.width;
    figures.forEach((figure, k) => {
      const col = columns[k + 1]!;
      w.cell(figure, x + pad, top - lineHeight * 0.78, col.width - 2 * pad, { size: 10, right: true });
      x += col.width;
    });
    w.y -= height;
    w.rule();
  });
  w.y -= 8;
}

/** Subtotal, tax line when a rate is set, total, and what is due or was paid; the stamp beside them. */
function totalsBlock(c: Context) {
  const { w, t, invoice, totals } = c;
  const width = 250;
  const x = A4[0] - w.margin - width;
  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: t('billing:invoice.subtotal'), value: money(c, totals.subtotalMinor) },
    ...(invoice.taxRateBasisPoints > 0
      ? [
          {
            label: invoice.seller.taxName
              ? t('billing:invoice.namedTax', { name: invoice.seller.taxName, rate: taxRate(c) })
              : t('billing:invoice.tax', { rate: taxRate(c) }),
            value: money(c, totals.taxMinor),
          },
        ]
      : []),
    { label: t('billing:invoice.total'), value: money(c, totals.totalMinor), strong: true },
  ];
  const height = rows.length * 20 + 34;
  w.ensure(height);
  const top = w.y;
  let y = top;
  for (const row of rows) {
    const size = row.strong ? 11 : 10;
    const valueWidth = w.measure(row.value, size, true) + 4;
    const bottom = column(c, [row.label], x + CELL_PAD, y, width - valueWidth - 2 * CELL_PAD - 10, {
      size,
      bold: row.strong ?? false,
      color: row.strong ? INK : MUTED,
    });
    column(c, [row.value], x + width - CELL_PAD - valueWidth, y, valueWidth, {
      size,
      bold: row.strong ?? false,
      right: true,
    });
    y = bottom - 5;
    if (row.strong) continue;
    w.page.drawLine({
      start: { x, y: y + 2 },
      end: { x: x + width, y: y + 2 },
      thickness: 0.5,
      color: RULE,
    });
  }
  // What is left to pay (or what was paid), on a band.
  const due = invoice.status === 'paid' ? 'amountPaid' : 'amountDue';
  const dueValue = money(c, invoice.status === 'closed' ? 0 : totals.totalMinor);
  const bandLabel = t(`billing:invoice.${due}`);
  const bandHeight = Math.max(w.lineHeight(bandLabel, 11, true), w.lineHeight(dueValue, 12, true)) + 12;
  y -= 4;
  w.page.drawRectangle({
    x,
    y: y - bandHeight,
    width,
    height: bandHeight,
    color: invoice.status === 'paid' ? rgb(0.91, 0.96, 0.92) : rgb(0.91, 0.94, 0.99),
  });
  const valueWidth = w.measure(dueValue, 12, true) + 4;
  w.cell(bandLabel, x + CELL_PAD, y - bandHeight / 2 - 4, width - valueWidth - 2 * CELL_PAD - 10, {
    size: 11,
    bold: true,
    color: invoice.status === 'paid' ? PAID : ACCENT,
  });
  w.cell(dueValue, x + width - valueWidth - CELL_PAD, y - bandHeight / 2 - 4, valueWidth, {
    size: 12,
    bold: true,
    right: true,
    color: invoice.status === 'paid' ? PAID : ACCENT,
  });
  y -= bandHeight;
  stamp(c, top);
  w.y = y - 18;
}

/** PAID (with the date) or CLOSED, framed, to the left of the totals. */
function stamp(c: Context, top: number) {
  const { w, t, invoice } = c;
  if (invoice.status === 'open') return;
  const color = invoice.status === 'paid' ? PAID : CLOSED;
  const word = t(`billing:invoice.stamp.${invoice.status}`);
  const note =
    invoice.status === 'paid'
      ? invoice.paidAt
        ? t('billing:invoice.paidOn', { date: date(c, invoice.paidAt) })
        : null
      : t('billing:invoice.closedNote');
  const maxWidth = w.width - 250 - 30;
  const wordSize = 20;
  const wordWidth = Math.min(maxWidth - 24, w.measure(word, wordSize, true));
  const noteLines = note ? w.wrap(note, 8, maxWidth - 24).slice(0, 3) : [];
  const noteWidth = Math.max(0, ...noteLines.map((l) => w.measure(l, 8)));
  // The widths measured, plus a point so that no rounding cuts a line that fits.
  const innerWidth = Math.max(wordWidth, noteWidth) + 1;
  const boxWidth = innerWidth + 24;
  const wordHeight = w.lineHeight(word, wordSize, true);
  const noteHeight = noteLines.reduce((sum, l) => sum + w.lineHeight(l, 8) * 1.1, 0);
  const boxHeight = wordHeight + noteHeight + 16;
  const x = w.margin + 10;
  const y = top - 4 - boxHeight;
  w.page.drawRectangle({
    x,
    y,
    width: boxWidth,
    height: boxHeight,
    borderColor: color,
    borderWidth: 2,
  });
  let baseline = top - 4 - 8 - wordHeight * 0.78;
  w.cell(word, x + (boxWidth - wordWidth) / 2, baseline, wordWidth + 1, {
    size: wordSize,
    bold: true,
    color,
  });
  baseline -= wordHeight * 0.22;
  for (const line of noteLines) {
    const height = w.lineHeight(line, 8) * 1.1;
    baseline -= height * 0.85;
    w.cell(line, x + 12, baseline, innerWidth, { size: 8, color });
    baseline -= height * 0.15;
  }
}

/** How to pay: the seller's bank details (or the translated default) and the reference to quote. */
function paymentInstructions(c: Context) {
  const { w, t, invoice } = c;
  if (invoice.status !== 'open') return;
  const { seller } = invoice;
  // A card checkout's invoice is paid by card only: bank details would invite a second payment.
  const card = invoice.method === 'card';
  const body = card
    ? [t('billing:invoice.payByCard')]
    : seller.paymentInstructions.length
      ? seller.paymentInstructions
      : [t('billing:invoice.defaultInstructions', { email: seller.email })];
  const notes = card
    ? [t('billing:invoice.payByCardNote', { email: seller.email })]
    : [t('billing:invoice.reference', { number: invoice.number }), t('billing:invoice.afterPaying')];
  const pad = 12;
  const innerWidth = w.width - 2 * pad;
  const measureLines = (texts: string[], size: number, bold = false) =>
    texts
      .flatMap((text) => w.wrap(text, size, innerWidth, bold))
      .reduce((sum, line) => sum + w.lineHeight(line || 'x', size, bold) * 1.1, 0);
  const title = t('billing:invoice.howToPay');
  const height =
    measureLines([title], 10, true) + 4 + measureLines(body, 9.5) + 6 + measureLines(notes, 8.5) + 2 * pad;
  // The box may come down to the margin: the footer sits below it, inside the margin.
  if (w.y - height < w.margin) w.newPage();
  const top = w.y;
  w.page.drawRectangle({ x: w.margin, y: top - height, width: w.width, height, color: SHADE });
  w.page.drawRectangle({ x: w.margin, y: top - height, width: 3, height, color: ACCENT });
  let y = column(c, [title], w.margin + pad, top - pad, innerWidth, { size: 10, bold: true, gap: 4 });
  y = column(c, body, w.margin + pad, y, innerWidth, { size: 9.5, gap: 6 });
  column(c, notes, w.margin + pad, y, innerWidth, { size: 8.5, color: MUTED });
  w.y = top - height - 16;
}

function footers(c: Context) {
  const { w, t, invoice } = c;
  w.pages.forEach((page, i) => {
    w.page = page;
    const baseline = w.margin - 20;
    page.drawLine({
      start: { x: w.margin, y: baseline + 12 },
      end: { x: A4[0] - w.margin, y: baseline + 12 },
      thickness: 0.5,
      color: RULE,
    });
    const pageText = t('billing:invoice.footer', {
      number: invoice.number,
      page: formatNumber(i + 1, c.language),
      pages: formatNumber(w.pages.length, c.language),
    });
    const pageWidth = w.measure(pageText, 8) + 2;
    w.cell(
      t('billing:invoice.questions', { email: invoice.seller.email }),
      w.margin,
      baseline,
      w.width - pageWidth - 16,
      {
        size: 8,
        color: MUTED,
      },
    );
    w.cell(pageText, A4[0] - w.margin - pageWidth, baseline, pageWidth, {
      size: 8,
      color: MUTED,
      right: true,
    });
  });
}

/** The invoice as PDF bytes, every label in `language`; names and addresses print as written. */
export async function renderInvoicePdf(invoice: InvoiceDocument, language: LanguageCode): Promise<Buffer> {
  const t = translatorFor(language);
  const totals = invoiceTotals(invoice);
  const w = await DocumentWriter.create({
    title: t('billing:invoice.documentTitle', { number: invoice.number }),
    subject: `${invoice.seller.name} – ${invoice.buyer.name}`,
    language,
    createdAt: invoice.issuedAt,
  });
  const c: Context = { w, t, language, invoice, totals };
  header(c);
  parties(c);
  lineTable(c);
  totalsBlock(c);
  paymentInstructions(c);
  footers(c);
  return w.save();
}

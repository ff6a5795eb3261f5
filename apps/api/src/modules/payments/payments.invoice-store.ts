// The organization's copy of the invoice: stored at the request and at each change of status, read by View invoice.
import { type LanguageCode } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { OrganizationRow, PaymentRecordRow } from '../../db/schema/index.ts';
import type { Actor } from '../../types.d.ts';
import { invoiceDocument, invoiceDownloadName, renderInvoice } from './payments.documents.ts';
import { updatePaymentRecord } from './payments.repository.ts';
import type { PaymentsContext } from './payments.context.ts';
import { readableRecord, assertAllowed, organizationOf } from './payments.access.ts';
import { languageOf, activeAdministrators } from './payments.receipts.ts';

const INVOICE_PREFIX = 'invoices';

/**
 * The language of the organization's copy of the invoice: that of the Administrator who asked for
 * the plan, else of the organization's first active Administrator, else English.
 */
async function invoiceLanguage(db: DbOrTx, row: PaymentRecordRow): Promise<LanguageCode> {
  const administrators = await activeAdministrators(db, row.organizationId);
  const requester = administrators.find((u) => u.id === row.createdBy);
  return languageOf((requester ?? administrators[0])?.language);
}

/**
 * Renders the invoice as the record stands and stores it (at the request, and again when its
 * status changes so the copy carries the PAID or CLOSED stamp). Never fails the change it follows:
 * without a stored copy, View invoice renders one.
 */
export async function storeInvoice(
  ctx: PaymentsContext,
  row: PaymentRecordRow,
  organization: Pick<OrganizationRow, 'name' | 'email' | 'phone' | 'address' | 'postalCode'>,
): Promise<PaymentRecordRow> {
  try {
    const language = await invoiceLanguage(ctx.db, row);
    const bytes = await renderInvoice(invoiceDocument(row, organization, ctx.config), language);
    const key = `${INVOICE_PREFIX}/${row.id}.pdf`;
    await ctx.files.saveFile(key, bytes);
    if (row.invoiceFileKey === key) return row;
    return (await updatePaymentRecord(ctx.db, row.id, { invoiceFileKey: key })) ?? row;
  } catch (err) {
    ctx.log.error({ err, paymentRecordId: row.id }, 'could not store the invoice');
    return row;
  }
}

/** View invoice: the stored invoice (the organization's copy), rendered for the reader when there is none. */
export async function invoicePdf(
  ctx: PaymentsContext,
  actor: Actor,
  id: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  const record = await readableRecord(ctx.db, actor, id);
  assertAllowed(actor, record, 'view-invoice');
  const organization = await organizationOf(ctx.db, record.organizationId);
  const invoice = invoiceDocument(record, organization, ctx.config);
  const stored = record.invoiceFileKey ? await ctx.files.readFile(record.invoiceFileKey) : null;
  // Records from before stored invoices (or whose copy could not be stored) are rendered for the reader.
  const bytes = stored ?? (await renderInvoice(invoice, languageOf(actor.language)));
  return { bytes, fileName: invoiceDownloadName(invoice) };
}

// Receipts (their types, the attachment) and the mail a change sets off, written in its transaction.
import { isLanguageCode, type LanguageCode } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { PaymentRecordRow, UserRow } from '../../db/schema/index.ts';
import type { MailAttachment, MailMessage } from '../mail/mailer.ts';
import { listOrganizationAdministrators } from '../organizations/organizations.repository.ts';
import type { PaymentsContext } from './payments.context.ts';

/** Receipts: a PDF or an image, decided by the bytes, never by the name or the declared type. */
export const RECEIPT_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;
export type ReceiptType = keyof typeof RECEIPT_TYPES;
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const RECEIPT_PREFIX = 'payment-receipts';

export const contentTypeOfKey = (key: string): ReceiptType =>
  (Object.entries(RECEIPT_TYPES).find(([, ext]) => key.endsWith(`.${ext}`))?.[0] as
    ReceiptType | undefined) ?? 'application/pdf';

export const languageOf = (value: string | null | undefined): LanguageCode =>
  isLanguageCode(value) ? value : 'en';

export async function activeAdministrators(db: DbOrTx, organizationId: string): Promise<UserRow[]> {
  return (await listOrganizationAdministrators(db, organizationId)).filter((u) => u.status === 'active');
}

/**
 * The mails a change sets off. With `tx`, written in the change's transaction
 * (docs/architecture/effects.md): each is in the outbox, with its delivery job, exactly when the
 * change commits, so a crash after the commit loses none and a rollback sends none; they are built
 * and stored in a savepoint of `tx`. With null, after the commit (each mail in a transaction of its
 * own): only where building them (a PDF) must not hold the change's locks. Either way a mail that
 * cannot be built or stored is logged and never fails the change.
 */
export async function sendAll(
  ctx: Pick<PaymentsContext, 'db' | 'mailer' | 'log'>,
  tx: DbOrTx | null,
  what: string,
  build: (db: DbOrTx) => Promise<Array<Promise<MailMessage> | MailMessage>>,
): Promise<void> {
  try {
    if (!tx) {
      const messages = await Promise.all(await build(ctx.db));
      for (const message of messages) await ctx.mailer.send(message);
      return;
    }
    await tx.transaction(async (savepoint) => {
      const messages = await Promise.all(await build(savepoint));
      for (const message of messages) await ctx.mailer.send(message, { tx: savepoint });
    });
  } catch (err) {
    ctx.log.error({ err }, `could not send the ${what} mail`);
  }
}

export async function receiptAttachment(
  ctx: PaymentsContext,
  row: PaymentRecordRow,
): Promise<MailAttachment | undefined> {
  if (!row.receiptFileKey) return undefined;
  const content = await ctx.files.readFile(row.receiptFileKey);
  if (!content) return undefined;
  const contentType = contentTypeOfKey(row.receiptFileKey);
  return {
    filename: `receipt-${row.invoiceNumber ?? row.id}.${RECEIPT_TYPES[contentType]}`,
    content,
    contentType,
  };
}

import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A mail's attachment as kept in the outbox: its bytes in base64, so the job can send it later. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * Every mail sent, kept whether or not SMTP is configured (docs/architecture/overview.md mail). A row with SMTP
 * configured has a delivery job (queue `mail-deliver`, job id = row id); `sent_at` is set once the
 * server took it, `error` holds the last failure (kept when every retry failed).
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** Certificate and invoice PDFs; null when the mail has none. */
  attachments: jsonb('attachments').$type<StoredAttachment[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  /**
   * Set by a sender that may run twice (a job retried after a crash): a second mail with the same
   * key is not stored, so the person gets it once.
   */
  dedupeKey: text('dedupe_key').unique(),
});

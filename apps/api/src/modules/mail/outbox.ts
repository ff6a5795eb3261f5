import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox, type StoredAttachment } from '../../db/schema/index.ts';
import type { MailMessage } from './mailer.ts';

/** The durable queue's mail deliveries: one job per outbox row, job id = row id. */
export const MAIL_QUEUE = 'mail-deliver';
/**
 * Tries after the first: with the queue's back-off (jobs/queue.ts: 30 s doubling, each wait up to
 * twice that at random, at most an hour) a mail is given up 4 to 5 hours after it was stored, and
 * then stays in the outbox with its last error. The schedule is in docs/operations/mail.md.
 */
export const MAIL_RETRY_LIMIT = 10;
/**
 * Mails sent side by side by each process: a burst (a receipt to every Super Administrator) goes
 * out in a few rounds, and one slow SMTP answer does not hold back the invitation queued after it.
 */
export const MAIL_CONCURRENCY = 4;

/** What the mailer needs of a nodemailer transport. */
export interface MailTransport {
  sendMail(message: MailMessage): Promise<unknown>;
  close(): void;
}

const describeError = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Keeps a mail with its attachments (base64) in the outbox; answers the row id, or null when a
 * mail with the same `dedupeKey` is kept already (nothing is stored then).
 */
export async function storeMail(
  db: DbOrTx,
  message: MailMessage,
  now: Date,
  dedupeKey?: string,
): Promise<string | null> {
  const attachments: StoredAttachment[] | null = message.attachments?.length
    ? message.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        contentBase64: a.content.toString('base64'),
      }))
    : null;
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      attachments,
      createdAt: now,
      dedupeKey: dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return row?.id ?? null;
}

/**
 * Sends one outbox row over SMTP and marks it sent. A row sent already (the job ran again: pg-boss
 * delivers at least once) or gone is left alone, so a mail goes out once as far as SMTP allows
 * (only a crash between the server's answer and the update can still send it twice). A failure
 * is recorded on the row and thrown, so the job is retried with back-off.
 */
export async function deliverStoredMail(
  app: FastifyInstance,
  transport: MailTransport,
  outboxId: string,
): Promise<void> {
  const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
  if (!row || row.sentAt) return;
  const message: MailMessage = {
    to: row.to,
    subject: row.subject,
    text: row.text,
    ...(row.html ? { html: row.html } : {}),
    ...(row.attachments?.length
      ? {
          attachments: row.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        }
      : {}),
  };
  try {
    await transport.sendMail(message);
  } catch (err) {
    app.log.error({ err, outboxId, subject: row.subject }, 'mail delivery failed; kept in the outbox');
    await app.db
      .update(mailOutbox)
      .set({ error: describeError(err) })
      .where(eq(mailOutbox.id, outboxId))
      .catch((dbErr: unknown) => app.log.error({ err: dbErr }, 'could not record the mail delivery failure'));
    throw err;
  }
  await app.db
    .update(mailOutbox)
    .set({ sentAt: app.clock.now(), error: null })
    .where(and(eq(mailOutbox.id, outboxId), isNull(mailOutbox.sentAt)));
}

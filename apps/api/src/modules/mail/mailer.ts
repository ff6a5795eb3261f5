import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../../db/schema/index.ts';

/** A file sent with a mail (an invoice PDF, a receipt); not kept in the outbox, which keeps the texts. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /**
   * Keeps the mail in the outbox, then delivers it in the background (SMTP_URL) or logs that it
   * was kept, never its links (no SMTP). Never throws: a failed delivery is recorded on the outbox row instead.
   * Resolves with the outbox row id once the mail is stored (null if even that failed).
   */
  send(message: MailMessage): Promise<{ id: string | null }>;
  /**
   * Keeps the mail in the outbox and delivers it now, resolving once the SMTP server took it and
   * rejecting when it did not (the failure is recorded on the outbox row too): for a job, which
   * is retried with back-off when this throws. Without SMTP_URL it logs the mail, like send.
   */
  deliver(message: MailMessage): Promise<void>;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Links in a mail's text, so that a developer without SMTP can follow them from the log. */

const describeError = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Outgoing mail (DESIGN §1): nodemailer over SMTP_URL, or the app log when it is not set; every
 * mail is kept in mail_outbox either way, so a failed delivery loses nothing and tests can read
 * the links from the table. Delivery happens after the request has its answer, so a slow or broken SMTP server
 * neither delays nor fails sign-ups and password resets.
 */
export default fp(
  async function mailPlugin(app: FastifyInstance) {
    const { SMTP_URL, MAIL_FROM } = app.config;
    const transport = SMTP_URL
      ? nodemailer.createTransport(
          { url: SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
          { from: MAIL_FROM },
        )
      : null;
    const inFlight = new Set<Promise<void>>();

    const deliver = async (
      id: string | null,
      message: MailMessage,
      { rethrow = false } = {},
    ): Promise<void> => {
      if (!transport) {
        app.log.info(
          {
            to: message.to,
            subject: message.subject,
            // Never its links: a reset or activation link in a log is a way into the account (issue 16).
            ...(message.attachments?.length
              ? { attachments: message.attachments.map((a) => a.filename) }
              : {}),
          },
          'mail not sent (SMTP_URL is not set); kept in the outbox table mail_outbox',
        );
        return;
      }
      try {
        await transport.sendMail(message);
        if (id) await app.db.update(mailOutbox).set({ sentAt: app.clock.now() }).where(eq(mailOutbox.id, id));
      } catch (err) {
        app.log.error(
          { err, to: message.to, subject: message.subject },
          'mail delivery failed; kept in the outbox',
        );
        if (id) {
          await app.db
            .update(mailOutbox)
            .set({ error: describeError(err) })
            .where(eq(mailOutbox.id, id))
            .catch((dbErr: unknown) =>
              app.log.error({ err: dbErr }, 'could not record the mail delivery failure'),
            );
        }
        if (rethrow) throw err;
      }
    };

    const store = async (message: MailMessage): Promise<string | null> => {
      const [row] = await app.db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          createdAt: app.clock.now(),
        })
        .returning({ id: mailOutbox.id });
      return row?.id ?? null;
    };

    const mailer: Mailer = {
      async send(message) {
        let id: string | null = null;
        try {
          id = await store(message);
        } catch (err) {
          // Still try to deliver: a mail that reaches the person matters more than its copy.
          app.log.error(
            { err, to: message.to, subject: message.subject },
            'could not store the mail in the outbox',
          );
        }
        const delivery = deliver(id, message).finally(() => inFlight.delete(delivery));
        inFlight.add(delivery);
        return { id };
      },
      async deliver(message) {
        await deliver(await store(message), message, { rethrow: true });
      },
      async idle() {
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      },
    };

    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.idle();
      transport?.close();
    });
  },
  { name: 'mailer' },
);

/** Sends a mail through the app's mailer (see Mailer.send). */
export const sendMail = (app: FastifyInstance, message: MailMessage) => app.mailer.send(message);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { DbOrTx } from '../../db/client.ts';
import {
  deliverStoredMail,
  MAIL_CONCURRENCY,
  MAIL_QUEUE,
  MAIL_RETRY_LIMIT,
  storeMail,
  type MailTransport,
} from './outbox.ts';

/** A file sent with a mail (an invoice PDF, a certificate); kept in the outbox with the mail. */
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

export interface SendOptions {
  /**
   * The caller's transaction: the mail and its delivery job are written in it, so they exist
   * exactly when the change commits. Without one the mailer opens its own transaction for both.
   */
  tx?: DbOrTx;
  /**
   * For a sender that may run twice (a job retried after a crash): the mail is kept once per key;
   * a second send with the key stores and delivers nothing.
   */
  dedupeKey?: string;
}

export interface Mailer {
  /**
   * Keeps the mail (and its attachments) in the outbox and, with SMTP_URL, queues its delivery
   * job in the same transaction: the job sends it as soon as that transaction commits (within a
   * second or so), retried with back-off, even after a restart. Without SMTP_URL it logs that the
   * mail was kept (no links: read the outbox). Never throws: resolves with the outbox row id
   * (null if even storing failed, or if a mail with the same `dedupeKey` was kept already).
   */
  send(message: MailMessage, options?: SendOptions): Promise<{ id: string | null }>;
  /**
   * Keeps the mail in the outbox and delivers it now, resolving once the SMTP server took it and
   * rejecting when it did not (the failure is recorded on the outbox row too): for a job that has
   * its own retries (notifications). Without SMTP_URL it logs the mail, like send.
   */
  deliver(message: MailMessage): Promise<void>;
  /**
   * Resolves once every mail delivery job that is ready now has run (tests, whose workers are
   * off: it runs them in this process; a failed one waits for its retry).
   */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Outgoing mail (docs/architecture/overview.md): every mail is kept in mail_outbox; with SMTP_URL a job of the
 * durable queue (jobs/queue.ts) delivers it with nodemailer, after the request has its answer, so
 * a slow or broken SMTP server neither delays nor fails sign-ups and password resets, and a crash
 * or a refusal loses nothing. The job starts when its transaction commits: send() wakes this
 * process's mail workers after its own transaction, and the queue's NOTIFY wakes them (on any
 * instance) when a caller's transaction commits; the queue's polls only catch retries and the
 * jobs of a process that died. Registered after the jobs plugin (it declares its queue there).
 */
export default fp(
  async function mailPlugin(app: FastifyInstance) {
    const { SMTP_URL, MAIL_FROM } = app.config;
    const transport: MailTransport | null = SMTP_URL
      ? nodemailer.createTransport(
          { url: SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
          { from: MAIL_FROM },
        )
      : null;

    const logKept = (id: string | null, message: MailMessage) =>
      app.log.info(
        {
          outboxId: id,
          to: message.to,
          subject: message.subject,
          ...(message.attachments?.length ? { attachments: message.attachments.map((a) => a.filename) } : {}),
        },
        'mail not sent (SMTP_URL is not set); kept in the outbox: read it with ' +
          '`select "to", subject, text from mail_outbox where id = \'<outboxId>\'`',
      );

    if (transport) {
      app.jobs.handle<{ outboxId: string }>(
        MAIL_QUEUE,
        ({ outboxId }) => deliverStoredMail(app, transport, outboxId),
        { retryLimit: MAIL_RETRY_LIMIT, concurrency: MAIL_CONCURRENCY },
      );
    }

    const mailer: Mailer = {
      async send(message, { tx, dedupeKey } = {}) {
        // A reserved .invalid address (RFC 6761) never receives mail: people an LTI launch made
        // without an address of their own carry one (modules/lti/README.md).
        if (/\.invalid$/i.test(message.to.trim())) return { id: null };
        try {
          // The row and its job in one transaction, so neither exists without the other: a savepoint
          // in the caller's (a failure here leaves the caller's change intact), else one of ours.
          const store = async (db: DbOrTx) => {
            const id = await storeMail(db, message, app.clock.now(), dedupeKey);
            if (id && transport) await app.jobs.send(MAIL_QUEUE, { outboxId: id }, { tx: db, id });
            return id;
          };
          const id = await (tx ?? app.db).transaction(store);
          if (!id) return { id: null }; // kept already under this dedupeKey
          if (!transport) logKept(id, message);
          // Ours has committed: the job can start now. A caller's commits later; its NOTIFY wakes them.
          else if (!tx) app.jobs.wake(MAIL_QUEUE);
          return { id };
        } catch (err) {
          app.log.error({ err, subject: message.subject }, 'could not keep the mail in the outbox');
          // Still try once in this process: a mail that reaches the person matters more than its
          // copy (not inside the caller's transaction, which may still roll back).
          if (transport && !tx) {
            await transport
              .sendMail(message)
              .catch((sendErr: unknown) => app.log.error({ err: sendErr }, 'mail delivery failed'));
          }
          return { id: null };
        }
      },
      async deliver(message) {
        const id = (await storeMail(app.db, message, app.clock.now()))!;
        if (!transport) {
          logKept(id, message);
          return;
        }
        await deliverStoredMail(app, transport, id);
      },
      async idle() {
        if (transport) await app.jobs.drain([MAIL_QUEUE]);
      },
    };

    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mailer', dependencies: ['jobs'] },
);

/** Sends a mail through the app's mailer (see Mailer.send). */
export const sendMail = (app: FastifyInstance, message: MailMessage, options?: SendOptions) =>
  app.mailer.send(message, options);

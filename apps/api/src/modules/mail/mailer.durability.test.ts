import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type AppDependencies } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../test/build-test-app.ts';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import { eventually } from '../notifications/test-helpers.ts';
import { MAIL_QUEUE } from './outbox.ts';

/**
 * Mail through the durable job queue: a mail goes out within about a second of
 * its commit, even behind a burst, a refused mail is delivered by a retry, a mail stored by a
 * process that stopped is delivered once by the next one on the same database, attachments
 * survive the queue, and a job run twice sends once. PGlite, or PostgreSQL with
 * TEST_DATABASE_URL; a real SMTP peer.
 */

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function appOn(database: Database, smtpUrl: string, jobs: AppDependencies['jobs']) {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3999',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    SMTP_URL: smtpUrl,
  });
  const app = await buildApp(config, { logger: false, database, jobs });
  await app.ready();
  return app;
}

async function fresh() {
  const database = await openTestDatabase();
  closers.push(() => database.close());
  return database;
}

async function peer(options: { refuse?: number } = {}) {
  const smtp = await startSmtpPeer(options);
  closers.push(() => smtp.close());
  return smtp;
}

const mail = (subject: string) => ({ to: 'ada@example.test', subject, text: `About ${subject}` });

/** When the mail with this subject reached the peer (ms since the epoch), waiting up to 20 s. */
async function arrival(smtp: Awaited<ReturnType<typeof peer>>, subject: string): Promise<number> {
  const until = Date.now() + 20_000;
  while (!smtp.received.some((m) => m.mail.subject === subject)) {
    if (Date.now() > until) throw new Error(`"${subject}" did not arrive within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now();
}

/**
 * Workers on as in production, their polls far apart (every 10 s, every 50 s while notifications
 * are on): a mail out within a second or two was started by its commit, not found by a poll.
 * (Bounds leave room for a loaded machine; in the journeys a single mail takes 0.1 to 0.9 s.)
 */
const slowPolls = { work: true, pollingSeconds: 10, retryDelaySeconds: 1 };

const rowOf = async (database: Database, id: string) =>
  (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('mail through the job queue', () => {
  it('goes out within about a second of its commit, even right after a burst of mails', async () => {
    const smtp = await peer();
    const database = await fresh();
    const app = await appOn(database, smtp.url, slowPolls);
    closers.push(() => app.close());

    let sent = Date.now();
    await app.mailer.send(mail('Alone'));
    expect((await arrival(smtp, 'Alone')) - sent).toBeLessThan(2000);

    // A receipt to every Super Administrator, then an invitation: it waits for a few rounds at most.
    for (let i = 0; i < 20; i++) await app.mailer.send(mail(`Receipt ${i}`));
    sent = Date.now();
    await app.mailer.send(mail('Invitation'));
    expect((await arrival(smtp, 'Invitation')) - sent).toBeLessThan(4000);
    await eventually(async () => smtp.received.length === 22);
    expect(new Set(smtp.received.map((m) => m.mail.subject)).size).toBe(22);
  });

  it("in the caller's transaction, goes out within about a second of that commit", async () => {
    const smtp = await peer();
    const database = await fresh();
    const app = await appOn(database, smtp.url, slowPolls);
    closers.push(() => app.close());

    let committed = 0;
    await app.db.transaction(async (tx) => {
      await app.mailer.send(mail('With the change'), { tx });
      // Not before the commit, however long the change takes.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.received).toHaveLength(0);
      committed = Date.now();
    });
    expect((await arrival(smtp, 'With the change')) - committed).toBeLessThan(2000);
  });

  it('is delivered by a retry when the first SMTP attempt is refused', async () => {
    const smtp = await peer({ refuse: 1 });
    const database = await fresh();
    const app = await appOn(database, smtp.url, { work: true, pollingSeconds: 0.5, retryDelaySeconds: 1 });
    closers.push(() => app.close());

    const { id } = await app.mailer.send(mail('Second try'));
    // The refusal is kept on the row until the retry succeeds.
    await eventually(async () => (await rowOf(database, id!)).error?.includes('Try again later'), 20_000);
    expect(smtp.received).toHaveLength(0);
    await eventually(async () => (await rowOf(database, id!)).sentAt !== null, 20_000);
    expect(smtp.received.map((m) => m.mail.subject)).toEqual(['Second try']);
    expect(smtp.attempts()).toBe(2);
    expect((await rowOf(database, id!)).error).toBeNull();
  });

  it('stored by a process that stopped is delivered once by the next one', async () => {
    const smtp = await peer();
    const database = await fresh();
    const first = await appOn(database, smtp.url, { work: false });
    const { id } = await first.mailer.send(mail('Across a restart'));
    await first.close();
    expect(smtp.received).toHaveLength(0);

    const second = await appOn(database, smtp.url, { work: true, pollingSeconds: 0.5 });
    closers.push(() => second.close());
    await eventually(async () => (await rowOf(database, id!)).sentAt !== null, 20_000);
    // Nothing left to run: no second copy.
    await second.jobs.drain([MAIL_QUEUE]);
    expect(smtp.received.map((m) => m.mail.subject)).toEqual(['Across a restart']);
  });

  it('keeps attachments intact through the outbox and the queue', async () => {
    const smtp = await peer();
    const database = await fresh();
    const app = await appOn(database, smtp.url, { work: false });
    closers.push(() => app.close());
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(64 * 1024)]);

    const { id } = await app.mailer.send({
      ...mail('Your invoice'),
      attachments: [{ filename: 'invoice-0001.pdf', contentType: 'application/pdf', content: pdf }],
    });
    expect((await rowOf(database, id!)).attachments).toHaveLength(1);
    await app.mailer.idle();

    const [received] = smtp.received;
    expect(received!.mail.attachments).toHaveLength(1);
    const [attachment] = received!.mail.attachments;
    expect(attachment!.filename).toBe('invoice-0001.pdf');
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.content.equals(pdf)).toBe(true);
  });

  it('sends once when its job runs again after the mail was sent', async () => {
    const smtp = await peer();
    const database = await fresh();
    const app = await appOn(database, smtp.url, { work: false });
    closers.push(() => app.close());

    const { id } = await app.mailer.send(mail('Only once'));
    await app.mailer.idle();
    expect(smtp.received).toHaveLength(1);
    // pg-boss delivers at least once: the same delivery again, as a new job.
    await app.jobs.send(MAIL_QUEUE, { outboxId: id }, { id: crypto.randomUUID() });
    await app.mailer.idle();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.attempts()).toBe(1);
  });

  it("in the caller's transaction, exists and goes out only if the transaction commits", async () => {
    const smtp = await peer();
    const database = await fresh();
    const app = await appOn(database, smtp.url, { work: false });
    closers.push(() => app.close());

    let undone: string | null = null;
    await expect(
      app.db.transaction(async (tx) => {
        undone = (await app.mailer.send(mail('Undone'), { tx })).id;
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await app.db.transaction(async (tx) => {
      await app.mailer.send(mail('Done'), { tx });
    });
    await app.mailer.idle();

    expect(smtp.received.map((m) => m.mail.subject)).toEqual(['Done']);
    expect(undone).not.toBeNull();
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, undone!))).toEqual([]);
  });
});

import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type AppDependencies } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { mailOutbox, notifications } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../test/build-test-app.ts';
import { makeOrganization } from '../../test/sign-in.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { createAssessmentAs } from '../assessments/test-helpers.ts';
import { eventually, member, openStream, rowsOf } from './test-helpers.ts';

/**
 * What the job queue promises: a notification whose process stopped between the event
 * and the mail is mailed once by the next process on the same database; a mail the SMTP server
 * refuses is tried again later; a notification made on one API instance reaches a browser
 * streaming from another (LISTEN/NOTIFY; two instances on one PostgreSQL database, or on PGlite
 * two apps on one database in one process). Real workers and a real SMTP peer here.
 */

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function appOn(database: Database, env: Record<string, string>, jobs: AppDependencies['jobs']) {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3999',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp(config, { logger: false, database, jobs });
  await app.ready();
  return app;
}

/** A school with a teacher and a student; the teacher publishes to the student through `app`. */
async function school(app: FastifyInstance) {
  const organizationId = (await makeOrganization(app)).id;
  const teacher = await member(app, 'Teacher', organizationId);
  const student = await member(app, 'Student', organizationId, { language: 'vi' });
  const publish = (via: FastifyInstance, title: string) =>
    createAssessmentAs(via, teacher.headers, {
      title,
      status: 'published',
      assignment: { mode: 'selected', studentIds: [student.user.id] },
    });
  return { teacher, student, publish };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a process stopped between the event and the mail', () => {
  let smtp: SmtpPeer;

  it('is mailed exactly once by the next process on the same database', async () => {
    smtp = await startSmtpPeer();
    closers.push(() => smtp.close());
    const database = await openTestDatabase();
    closers.push(() => database.close());

    // The first process takes the change and stops before any worker ran.
    const first = await appOn(database, { SMTP_URL: smtp.url }, { work: false });
    const { student, publish } = await school(first);
    await publish(first, 'Before the restart');
    await first.close();
    expect(smtp.received).toHaveLength(0);
    expect(await rowsOf(first, student.user.id)).toHaveLength(0);

    // The next process on the same database finds the job and does it: one row, one mail.
    const second = await appOn(database, { SMTP_URL: smtp.url }, { work: true, pollingSeconds: 0.5 });
    closers.push(() => second.close());
    await eventually(async () => smtp.received.length > 0, 30_000);
    await pause(1500);
    expect(smtp.received.map((m) => m.mail.subject)).toEqual(['Bài kiểm tra mới: Before the restart']);
    expect(smtp.received[0]!.to).toEqual([student.user.email]);
    const rows = await rowsOf(second, student.user.id);
    expect(rows).toHaveLength(1);
    await eventually(async () => (await rowsOf(second, student.user.id))[0]!.mailedAt !== null);
  });
});

describe('a mail the SMTP server refuses', () => {
  it('is tried again with back-off and sent once', async () => {
    // A real SMTP server that refuses the first message with a temporary failure.
    let attempts = 0;
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            attempts += 1;
            if (attempts === 1) {
              callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
              return;
            }
            received.push(mail.subject ?? '');
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.server.address() as AddressInfo;

    const database = await openTestDatabase();
    closers.push(() => database.close());
    const app = await appOn(
      database,
      { SMTP_URL: `smtp://127.0.0.1:${port}` },
      { work: true, pollingSeconds: 0.5, retryDelaySeconds: 1 },
    );
    closers.push(() => app.close());
    const { student, publish } = await school(app);
    const startedAt = Date.now();
    await publish(app, 'Second try');

    await eventually(async () => received.length > 0, 20_000);
    // The refusal is kept on the outbox row of the first try; the retry waited its delay.
    const tries = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, student.user.email));
    expect(tries).toHaveLength(2);
    expect(tries.filter((row) => row.error !== null)).toHaveLength(1);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(500);
    await pause(1500);
    expect(received).toEqual(['Bài kiểm tra mới: Second try']);
    expect(attempts).toBe(2);
    const [row] = await app.db.select().from(notifications).where(eq(notifications.userId, student.user.id));
    expect(row!.mailedAt).not.toBeNull();
  });
});

describe('the stream', () => {
  it('brings a notification made on another instance to an open browser', async () => {
    const database = await openTestDatabase();
    closers.push(() => database.close());
    // On PostgreSQL the second instance has its own connections to the same database; on PGlite
    // both apps share the one embedded database (all PGlite can do across apps).
    let otherDatabase = database;
    if (database.kind === 'postgres') {
      const client = (database.db as unknown as { $client: { options: { connectionString: string } } })
        .$client;
      otherDatabase = await openDatabase({ databaseUrl: client.options.connectionString });
      closers.push(() => otherDatabase.close());
    }
    const streaming = await appOn(database, {}, { work: false });
    closers.push(() => streaming.close());
    const other = await appOn(otherDatabase, {}, { work: false });
    closers.push(() => other.close());

    const { student, publish } = await school(streaming);
    const address = await streaming.listen({ host: '127.0.0.1', port: 0 });
    const stream = await openStream(address, student.headers);
    closers.push(async () => stream.close());
    await eventually(async () => stream.events.length > 0);
    expect(stream.events[0]).toEqual({ event: 'unread', data: { unread: 0 } });

    // The teacher publishes through the other instance, whose job makes the notification.
    await publish(other, 'Live one');
    await other.jobs.drain();
    const arrived = await eventually(async () => stream.events.find((e) => e.event === 'notification'), 5000);
    expect(arrived.data).toMatchObject({
      unread: 1,
      notification: { kind: 'assessment_published', params: { assessmentTitle: 'Live one' }, readAt: null },
    });
    // Nobody else's stream hears of it: a second student's stays quiet.
    expect(stream.events.filter((e) => e.event === 'notification')).toHaveLength(1);
  });

  it("tells a stream only its own person's notifications", async () => {
    const database = await openTestDatabase();
    closers.push(() => database.close());
    const app = await appOn(database, {}, { work: false });
    closers.push(() => app.close());
    const { student, publish } = await school(app);
    const bystander = await member(app, 'Student', student.user.organizationId);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const theirs = await openStream(address, bystander.headers);
    const mine = await openStream(address, student.headers);
    closers.push(
      async () => theirs.close(),
      async () => mine.close(),
    );
    await eventually(async () => theirs.events.length > 0 && mine.events.length > 0);
    // The security headers of every answer go out with the stream too.
    expect(mine.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('cache-control')).toBe('no-store, no-transform');

    await publish(app, 'Only for one');
    await app.jobs.drain();
    await eventually(async () => mine.events.some((e) => e.event === 'notification'), 5000);
    await pause(300);
    expect(theirs.events.map((e) => e.event)).toEqual(['unread']);
  });

  it('refuses a request without a token', async () => {
    const database = await openTestDatabase();
    closers.push(() => database.close());
    const app = await appOn(database, {}, { work: false });
    closers.push(() => app.close());
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${address}/api/notifications/stream`);
    expect(res.status).toBe(401);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import { certificateRules, certificates, mailOutbox, notifications } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import type { Actor } from '../../types.d.ts';
import { questionOf } from '../attempts/test-fixtures.ts';
import { attemptsContext, closeAttempt } from '../attempts/attempts.service.ts';
import { makeAssessment } from '../submissions/test-fixtures.ts';
import { certificatesContext, revokeCertificate } from './certificates.service.ts';

/**
 * What a certificate given or revoked sets off (the holder's notice, and for a give its mail) is
 * written in the transaction that gives or revokes it (docs/architecture/effects.md): rolled back,
 * nothing is ever delivered; committed, a fresh process on the same database delivers it from the
 * queue exactly once, and running the queue again delivers nothing more. Workers are off
 * (NODE_ENV=test): each process runs the queue with `app.jobs.drain()`; mail goes to a real SMTP
 * peer.
 */

let database: Database;
let smtp: SmtpPeer;
const open: FastifyInstance[] = [];

/** A process of the app on the shared database; the previous one is closed first. */
async function freshApp(): Promise<FastifyInstance> {
  await open.pop()?.close();
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3999',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
  });
  const app = await buildApp(config, { logger: false, database });
  await app.ready();
  open.push(app);
  return app;
}

const TF = questionOf('true-false', 'q1');
const RIGHT = (TF.config as { correct: boolean }).correct;

let app: FastifyInstance;
let admin: Actor;
let student: { id: string; email: string; headers: Record<string, string> };
let assessmentId: string;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await openTestDatabase();
  app = await freshApp();
  const organizationId = (await makeOrganization(app, 'Effects Academy')).id;
  const adminUser = await makeUser(app, 'Administrator', organizationId);
  admin = {
    userId: adminUser.id,
    organizationId,
    role: 'Administrator',
    sessionId: null,
    language: 'en',
  };
  const user = await makeUser(app, 'Student', organizationId, { name: 'Ada Lovelace' });
  student = { id: user.id, email: user.email, headers: bearer(await tokenFor(app, user)) };
  const assessment = await makeAssessment(app, organizationId, {
    title: 'Effects quiz',
    questions: [TF],
    totalMarks: 1,
  });
  assessmentId = assessment.id;
  await app.db.insert(certificateRules).values({ assessmentId, organizationId, autoGive: true });
});
afterAll(async () => {
  await open.pop()?.close();
  await database.close();
  await smtp.close();
});

/** A started attempt with the right answer saved, ready to submit. */
async function answeredAttempt(): Promise<string> {
  const started = await app.inject({
    method: 'POST',
    url: `/api/assessments/${assessmentId}/attempts`,
    headers: student.headers,
  });
  expect(started.statusCode).toBeLessThan(300);
  const attemptId = started.json().id as string;
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/attempts/${attemptId}/answers/q1`,
    headers: student.headers,
    payload: { answer: RIGHT, revision: 1, idempotencyKey: crypto.randomUUID() },
  });
  expect(saved.statusCode).toBe(200);
  return attemptId;
}

const certificatesOfStudent = (db: Db) =>
  db
    .select()
    .from(certificates)
    .where(and(eq(certificates.assessmentId, assessmentId), eq(certificates.studentId, student.id)));
const notices = async (kind: string) =>
  (await app.db.select().from(notifications).where(eq(notifications.userId, student.id))).filter(
    (n) => n.kind === kind,
  );
const outbox = (db: Db = app.db) => db.select().from(mailOutbox).where(eq(mailOutbox.to, student.email));
/** The notice's job for this certificate as `db` sees it (inside a transaction: before its commit). */
const noticeJobs = async (db: Db, kind: string, certificateId: string) =>
  (
    (await db.execute(
      sql`select id from pgboss.job where name = 'notifications-event' and data->'event'->>'kind' = ${kind} and data->'event'->>'certificateId' = ${certificateId}`,
    )) as unknown as { rows: unknown[] }
  ).rows;
const delivered = (subject: RegExp) =>
  smtp.received.filter((m) => m.to.includes(student.email) && subject.test(m.mail.subject ?? ''));

/** Runs `change` in a transaction that is then rolled back. */
async function rolledBack(change: (tx: Db) => Promise<void>) {
  await expect(
    app.db.transaction(async (tx) => {
      await change(tx as unknown as Db);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
}

describe('a certificate given by the rule when a submission passes', () => {
  it('is told in the submit’s transaction: rolled back, nothing; committed, delivered once', async () => {
    const attemptId = await answeredAttempt();
    // The submit (and the certificate the rule gives with it) undone: no notice, no mail, ever.
    await rolledBack(async (tx) => {
      await closeAttempt(tx, attemptId, 'student', app.clock.now(), attemptsContext(app));
      // Inside the submit's transaction: the certificate, its notice's job and its mail.
      const [given] = await certificatesOfStudent(tx);
      expect(await noticeJobs(tx, 'certificate_given', given!.id)).toHaveLength(1);
      expect(await outbox(tx)).toHaveLength(1);
    });
    expect(await certificatesOfStudent(app.db)).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
    await app.jobs.drain();
    expect(await notices('certificate_given')).toHaveLength(0);
    expect(smtp.received).toHaveLength(0);

    // Committed, and the process stops before any worker ran: the next one delivers it, once.
    const submitted = await app.inject({
      method: 'POST',
      url: `/api/attempts/${attemptId}/submit`,
      headers: student.headers,
    });
    expect(submitted.statusCode).toBe(200);
    expect(await certificatesOfStudent(app.db)).toHaveLength(1);
    expect(smtp.received).toHaveLength(0);
    app = await freshApp();
    await app.jobs.drain();
    expect(await notices('certificate_given')).toHaveLength(1);
    expect(delivered(/Effects quiz/)).toHaveLength(1);
    await app.jobs.drain();
    expect(await notices('certificate_given')).toHaveLength(1);
    expect(delivered(/Effects quiz/)).toHaveLength(1);
    expect(await outbox()).toHaveLength(1);
  });
});

describe('a certificate revoked', () => {
  it('is told in the revoke’s transaction: rolled back, nothing; committed, delivered once', async () => {
    const [certificate] = await certificatesOfStudent(app.db);
    const mailsBefore = smtp.received.length;
    await rolledBack(async (tx) => {
      await revokeCertificate(
        { ...certificatesContext(app), db: tx },
        admin,
        certificate!.id,
        'Marked in error',
      );
      expect(await noticeJobs(tx, 'certificate_revoked', certificate!.id)).toHaveLength(1);
    });
    expect((await certificatesOfStudent(app.db))[0]!.revokedAt).toBeNull();
    expect(await noticeJobs(app.db, 'certificate_revoked', certificate!.id)).toHaveLength(0);
    await app.jobs.drain();
    expect(await notices('certificate_revoked')).toHaveLength(0);
    expect(smtp.received).toHaveLength(mailsBefore);

    await revokeCertificate(certificatesContext(app), admin, certificate!.id, 'Marked in error');
    expect(smtp.received).toHaveLength(mailsBefore);
    app = await freshApp();
    await app.jobs.drain();
    const [notice] = await notices('certificate_revoked');
    expect(notice).toBeDefined();
    expect(await notices('certificate_revoked')).toHaveLength(1);
    // Told in the app and by mail (the default for a revoke), with the reason.
    expect(smtp.received).toHaveLength(mailsBefore + 1);
    expect(smtp.received.at(-1)!.mail.text).toContain('Marked in error');
    await app.jobs.drain();
    expect(await notices('certificate_revoked')).toHaveLength(1);
    expect(smtp.received).toHaveLength(mailsBefore + 1);
  });
});

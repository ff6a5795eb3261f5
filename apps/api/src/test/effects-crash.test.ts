import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AttemptResultSchema,
  CertificateListSchema,
  NotificationListResponseSchema,
  PaymentRecordResponseSchema,
  type NotificationKind,
  type Role,
} from '@vbuilder/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { notifications, paymentRecords } from '../db/schema/index.ts';
import { insertAssessment, questionOf } from '../modules/attempts/test-fixtures.ts';
import { EVENT_QUEUE, MAIL_QUEUE } from '../modules/notifications/notifications.service.ts';
import {
  freshDatabaseUrl,
  serverEnv,
  startServer,
  stopped,
  WAIT_MS,
  type Cleanup,
} from './server-process.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from './sign-in.ts';

/**
 * The effects crash test (docs/architecture/effects.md): a change and the notice it sets off are
 * stored together, so a process killed after the change and before the notice went out loses
 * nothing, and the next process delivers it once. Server A (JOBS_WORK=false: it takes requests and
 * runs no jobs) takes the changes over HTTP — a payment activated, certificates given by passing
 * submissions, one of them revoked, an open answer submitted for marking — and is SIGKILLed with
 * nothing delivered. A subscription of the school then ends within the reminder window, and server B
 * (workers on, the billing clock every second) starts on the same database: each person concerned
 * gets exactly one notice of each kind, the renewal reminder included, and still one once every job
 * has run. PGlite in a temporary DATA_DIR; PostgreSQL (a fresh database) when TEST_DATABASE_URL is
 * set. Nothing waits a fixed time; each wait has a generous limit.
 */

/** Tokens name this origin (issuer, audience); the servers are reached on whatever port they get. */
const PUBLIC_URL = 'http://effects-crash-test.invalid';
const TRUE_FALSE = questionOf('true-false', 'q1');
const RIGHT = (TRUE_FALSE.config as { correct: boolean }).correct;
/** Inside the billing clock's reminder window (a week before the end). */
const ENDS_IN_MS = 3 * 86_400_000;

interface Person {
  id: string;
  headers: Record<string, string>;
}

interface Scene {
  organizationId: string;
  superAdministrator: Person;
  administrator: Person;
  teacher: Person;
  /** Passes the quiz and keeps the certificate; submits the essay. */
  student: Person;
  /** Passes the quiz too, and has the certificate revoked before anyone was told of it. */
  revokedStudent: Person;
  /** One true/false question; a pass gives the certificate of its rule. */
  quizId: string;
  /** One essay: a submission waits for the teacher's mark. */
  essayId: string;
}

/** Who must be told what, exactly once. */
const expected = (scene: Scene): [Person, NotificationKind][] => [
  [scene.administrator, 'payment_activated'],
  [scene.administrator, 'subscription_expiring'],
  [scene.student, 'certificate_given'],
  // A certificate revoked before its notice went out is not announced as given (the notice is
  // written when its job runs, from the certificate as it is then): only the revocation is told.
  [scene.revokedStudent, 'certificate_revoked'],
  [scene.teacher, 'marking_waiting'],
];
const KINDS: NotificationKind[] = [
  'payment_activated',
  'subscription_expiring',
  'certificate_given',
  'certificate_revoked',
  'marking_waiting',
];

const log = (message: string) => {
  if (process.env.CRASH_TEST_DEBUG) console.error(`[effects-crash] ${new Date().toISOString()} ${message}`);
};

const cleanups: Cleanup[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** An app on the test's database in this process, without workers (to prepare and to inspect). */
async function appOn(env: Record<string, string>) {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildApp(config, {
    database,
    logger: false,
    deadlineCloserMs: false,
    billingClockMs: false,
    jobs: { work: false },
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The school, its people (with tokens that outlive a restart) and its two assessments. */
async function prepare(env: Record<string, string>): Promise<Scene> {
  const { app, close } = await appOn(env);
  try {
    const organizationId = (await makeOrganization(app, 'Effects Crash School')).id;
    const person = async (role: Role, organization: string | null): Promise<Person> => {
      const user = await makeUser(app, role, organization);
      return { id: user.id, headers: bearer(await tokenFor(app, user, 3600)) };
    };
    const scene: Scene = {
      organizationId,
      superAdministrator: await person('Super Administrator', null),
      administrator: await person('Administrator', organizationId),
      teacher: await person('Teacher', organizationId),
      student: await person('Student', organizationId),
      revokedStudent: await person('Student', organizationId),
      quizId: '',
      essayId: '',
    };
    const owned = { organizationId, createdBy: scene.teacher.id };
    scene.quizId = (await insertAssessment(app.db, { ...owned, questions: [TRUE_FALSE] })).id;
    scene.essayId = (await insertAssessment(app.db, { ...owned, questions: [questionOf('essay', 'e1')] })).id;
    const rule = await app.inject({
      method: 'PUT',
      url: `/api/certificates/rules/${scene.quizId}`,
      headers: scene.administrator.headers,
      payload: { autoGive: true },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    return scene;
  } finally {
    await close();
  }
}

/** A request to a server process; the status must be `status`; the JSON answer. */
async function call(
  base: string,
  who: Person,
  method: string,
  url: string,
  status: number,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { ...who.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  expect(res.status, `${method} ${url}: ${text}`).toBe(status);
  return text ? JSON.parse(text) : undefined;
}

/** The student starts the assessment, answers its one question and submits; the result. */
async function takeAndSubmit(
  base: string,
  student: Person,
  assessmentId: string,
  questionId: string,
  answer: unknown,
) {
  const started = await call(base, student, 'POST', `/assessments/${assessmentId}/attempts`, 201);
  const { id } = z.object({ id: z.string() }).parse(started);
  await call(base, student, 'PUT', `/attempts/${id}/answers/${questionId}`, 200, {
    answer,
    revision: 1,
    idempotencyKey: randomUUID(),
  });
  return AttemptResultSchema.parse(await call(base, student, 'POST', `/attempts/${id}/submit`, 200));
}

/** The five changes, over HTTP; returns the payment record activated. */
async function makeTheChanges(base: string, scene: Scene): Promise<string> {
  const { superAdministrator, administrator } = scene;
  // A payment record confirmed: the school's plan is in force, its Administrators told.
  const requested = PaymentRecordResponseSchema.parse(
    await call(base, superAdministrator, 'POST', '/payments', 201, {
      plan: 'Custom',
      organizationId: scene.organizationId,
      amountMinor: 1000,
      currency: 'USD',
      period: 'month',
      monthlyAssessments: null,
    }),
  );
  const paymentId = requested.data.id;
  await call(base, superAdministrator, 'POST', `/payments/${paymentId}/activate`, 200);
  // Passing submissions under the certificate rule: each student's certificate.
  for (const student of [scene.student, scene.revokedStudent]) {
    expect((await takeAndSubmit(base, student, scene.quizId, 'q1', RIGHT)).passed).toBe(true);
  }
  const certificates = CertificateListSchema.parse(
    await call(base, administrator, 'GET', `/certificates?assessmentId=${scene.quizId}`, 200),
  );
  expect(certificates.items).toHaveLength(2);
  const revoked = certificates.items.find((c) => c.holder.id === scene.revokedStudent.id)!;
  // One of them revoked: its holder told why.
  await call(base, administrator, 'POST', `/certificates/${revoked.id}/revoke`, 200, {
    reason: 'Given by mistake',
  });
  // An open answer submitted: the assessment's owner has marking waiting.
  const waiting = await takeAndSubmit(base, scene.student, scene.essayId, 'e1', { text: '<p>An essay.</p>' });
  expect(waiting.markingStatus).toBe('pending');
  return paymentId;
}

/** Notification rows of the five kinds, by `userId kind`, counted. */
async function countsOf(database: Database): Promise<Map<string, number>> {
  const rows = await database.db
    .select({ userId: notifications.userId, kind: notifications.kind, count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(inArray(notifications.kind, KINDS))
    .groupBy(notifications.userId, notifications.kind);
  return new Map(rows.map((r) => [`${r.userId} ${r.kind}`, Number(r.count)]));
}

/** Jobs of the notification queues not done yet (waiting, running or to be retried). */
async function unfinishedNotificationJobs(database: Database): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as count from pgboss.job
        where name in (${EVENT_QUEUE}, ${MAIL_QUEUE}) and state in ('created', 'retry', 'active')`,
  )) as unknown as { rows: { count: number }[] };
  return Number(result.rows[0]!.count);
}

/** A person's notices of one kind, as their bell lists them. */
async function listed(base: string, who: Person, kind: NotificationKind): Promise<number> {
  const res = await fetch(`${base}/api/notifications?limit=50`, { headers: who.headers });
  if (res.status !== 200) throw new Error(`notifications answered ${res.status}: ${await res.text()}`);
  const { items } = NotificationListResponseSchema.parse(await res.json());
  return items.filter((n) => n.kind === kind).length;
}

/** Polls until every person concerned lists their notice, or fails after `ms`. */
async function allListed(base: string, scene: Scene, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const missing: string[] = [];
    for (const [who, kind] of expected(scene)) if ((await listed(base, who, kind)) === 0) missing.push(kind);
    if (missing.length === 0) return;
    if (Date.now() > until) throw new Error(`Not delivered within ${ms} ms: ${missing.join(', ')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('effects crash test: SIGKILL between the changes and their notices', () => {
  it(
    'delivers each notice exactly once from the next instance on the same database',
    { timeout: 8 * WAIT_MS },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'vb-effects-crash-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const databaseUrl = await freshDatabaseUrl('vb_effects_crash', cleanups);
      const env = serverEnv({ publicUrl: PUBLIC_URL, dataDir, databaseUrl });
      const scene = await prepare(env);
      log('prepared');

      // A takes the changes and runs no job.
      const a = await startServer({ ...env, JOBS_WORK: 'false' }, 'effects-crash A');
      cleanups.push(async () => {
        a.child.kill('SIGKILL');
      });
      const paymentId = await makeTheChanges(a.base, scene);
      a.child.kill('SIGKILL');
      await stopped(a.child);
      log('A killed');

      // Nothing was delivered; the notices wait in the database. The school's plan now ends within
      // the reminder window, for B's billing clock to find.
      {
        const database = await openDatabase({ databaseUrl, dataDir });
        try {
          expect(await countsOf(database)).toEqual(new Map());
          expect(await unfinishedNotificationJobs(database)).toBeGreaterThanOrEqual(5);
          const moved = await database.db
            .update(paymentRecords)
            .set({ endsAt: new Date(Date.now() + ENDS_IN_MS) })
            .where(and(eq(paymentRecords.id, paymentId), eq(paymentRecords.status, 'active')))
            .returning({ id: paymentRecords.id });
          expect(moved).toHaveLength(1);
        } finally {
          await database.close();
        }
      }

      // B, with workers and the billing clock every second, delivers.
      const b = await startServer({ ...env, BILLING_CLOCK_INTERVAL_MS: '1000' }, 'effects-crash B');
      cleanups.push(async () => {
        b.child.kill('SIGKILL');
      });
      await allListed(b.base, scene, 2 * WAIT_MS);
      log('delivered');
      for (const [who, kind] of expected(scene)) expect(await listed(b.base, who, kind), kind).toBe(1);
      b.child.kill('SIGTERM');
      await stopped(b.child);

      // Every job that was still to run, run: still exactly one of each, to each person concerned.
      const { app, close } = await appOn(env);
      try {
        await app.jobs.drain();
        expect(await unfinishedNotificationJobs(app.database)).toBe(0);
        expect(await countsOf(app.database)).toEqual(
          new Map(expected(scene).map(([who, kind]) => [`${who.id} ${kind}`, 1])),
        );
      } finally {
        await close();
      }
    },
  );
});

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import { mailOutbox, notifications } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { lockPaymentRecord } from './payments.repository.ts';
import type { Actor } from '../../types.d.ts';
import {
  activatePayment,
  applyActivation,
  paymentsContext,
  runBillingClock,
  type PaymentsContext,
} from './payments.service.ts';
import { INVOICE_MAIL_QUEUE } from './payments.requests.ts';
import { movableClock, recordRow } from './test-helpers.ts';

/**
 * The activation notice and the billing clock's renewal reminder are written in the transaction
 * that makes their change (docs/architecture/effects.md): a change rolled back after the notice
 * was written leaves no notice; a committed one is delivered from the database by a fresh app on
 * it, once, however often its queue is drained. Workers are off (NODE_ENV=test): jobs wait in the
 * database until `app.jobs.drain()`. In the committed cases the module's queue refuses any job sent
 * outside a transaction, as a process that stopped right after the commit would never send it.
 */
const clock = movableClock('2026-03-01T08:00:00Z');
let database: Database;
let app: FastifyInstance;

async function appOn(db: Database): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3999',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  const built = await buildApp(config, { logger: false, database: db, clock });
  await built.ready();
  return built;
}

/** A fresh app on the same database in place of `app` (the first one stopped, its jobs waiting). */
async function restart(): Promise<FastifyInstance> {
  await app.close();
  app = await appOn(database);
  return app;
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = await appOn(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const noticesOf = (userId: string, kind: string) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

const mailsTo = (email: string, subject: RegExp) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .then((rows) => rows.filter((row) => subject.test(row.subject)));

/** A school whose Administrator has requested Professional for a month (a pending record). */
async function schoolWithRequest(name: string) {
  const organizationId = (await makeOrganization(app, name)).id;
  const admin = await makeUser(app, 'Administrator', organizationId);
  const superUser = await makeUser(app, 'Super Administrator', null);
  const superAdmin = bearer(await tokenFor(app, superUser));
  const priced = await app.inject({
    method: 'PUT',
    url: '/api/plans/Professional/prices',
    headers: superAdmin,
    payload: { prices: [{ period: 'month', amountMinor: 4900, currency: 'USD' }] },
  });
  expect(priced.statusCode, priced.body).toBe(200);
  const requested = await app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: bearer(await tokenFor(app, admin)),
    payload: { plan: 'Professional', period: 'month' },
  });
  expect(requested.statusCode, requested.body).toBe(201);
  return { admin, superUser, id: requested.json().data.id as string };
}

/** The app's context, whose queue takes a job only in the caller's transaction. */
const inTransactionOnly = (): PaymentsContext => {
  const ctx = paymentsContext(app);
  const jobs = new Proxy(ctx.jobs, {
    get(target, property, receiver) {
      if (property !== 'send') return Reflect.get(target, property, receiver) as unknown;
      return (name: string, data: object, options?: { tx?: unknown }) =>
        options?.tx
          ? target.send(name, data, options as Parameters<typeof target.send>[2])
          : Promise.reject(new Error(`${name} sent outside the change's transaction`));
    },
  });
  return { ...ctx, jobs };
};

const superActor = (user: Awaited<ReturnType<typeof makeUser>>): Actor => ({
  userId: user.id,
  organizationId: null,
  role: 'Super Administrator',
  sessionId: null,
  language: 'en',
});

const activate = async (id: string, superUser: Awaited<ReturnType<typeof makeUser>>) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/payments/${id}/activate`,
    headers: bearer(await tokenFor(app, superUser)),
  });
  expect(res.statusCode, res.body).toBe(200);
  return new Date(res.json().data.endsAt as string);
};

describe('the activation notice', () => {
  it('is never delivered when the activation rolls back after it was written', async () => {
    clock.set('2026-03-01T08:00:00Z');
    const { admin, id } = await schoolWithRequest('Rolled Back Academy');
    const ctx = paymentsContext(app);
    // The webhook's shape: the activation in a transaction that fails later, after its effects.
    await expect(
      app.db.transaction(async (tx) => {
        const record = await lockPaymentRecord(tx, id);
        await applyActivation(
          ctx,
          tx,
          { provider: 'test', eventId: 'evt_rolled_back' },
          record!,
          clock.now(),
        );
        throw new Error('injected failure after the activation');
      }),
    ).rejects.toThrow('injected failure');
    await app.jobs.drain();
    await app.jobs.drain();
    expect((await recordRow(app, id))!.status).toBe('pending');
    expect(await noticesOf(admin.id, 'payment_activated')).toHaveLength(0);
    expect(await mailsTo(admin.email, /package is active/)).toHaveLength(0);
  });

  it('is delivered once, from the database, by a fresh app after the activation committed', async () => {
    clock.set('2026-03-01T08:00:00Z');
    const { admin, superUser, id } = await schoolWithRequest('Committed College');
    await activatePayment(inTransactionOnly(), superActor(superUser), id);
    // Workers are off: the notice waits in the database, with the mail, and nobody has drained it.
    expect(await noticesOf(admin.id, 'payment_activated')).toHaveLength(0);
    expect(await mailsTo(admin.email, /package is active/)).toHaveLength(1);

    await restart();
    await app.jobs.drain();
    expect(await noticesOf(admin.id, 'payment_activated')).toHaveLength(1);
    await app.jobs.drain();
    expect(await noticesOf(admin.id, 'payment_activated')).toHaveLength(1);
    expect(await mailsTo(admin.email, /package is active/)).toHaveLength(1);
  });
});

describe("the billing clock's renewal reminder", () => {
  it('is never delivered when the claim rolls back after it was written, and is sent by the next run', async () => {
    clock.set('2026-03-01T08:00:00Z');
    const { admin, superUser, id } = await schoolWithRequest('Rolled Back Reminders');
    const endsAt = await activate(id, superUser);
    await app.jobs.drain();
    const remindAt = new Date(endsAt.getTime() - 3 * 86_400_000);
    const ctx = paymentsContext(app);
    // The run inside a transaction that fails after it: the claim's transaction is a part of it.
    await expect(
      app.db.transaction(async (tx) => {
        const run = await runBillingClock({ ...ctx, db: tx as unknown as Db }, remindAt);
        expect(run.reminded).toContain(id);
        throw new Error('injected failure after the reminder');
      }),
    ).rejects.toThrow('injected failure');
    await app.jobs.drain();
    expect((await recordRow(app, id))!.reminderSentAt).toBeNull();
    expect(await noticesOf(admin.id, 'subscription_expiring')).toHaveLength(0);
    expect(await mailsTo(admin.email, /package ends on/)).toHaveLength(0);

    // Nothing was claimed, so the next run reminds, once.
    expect((await runBillingClock(ctx, remindAt)).reminded).toContain(id);
    await app.jobs.drain();
    expect(await noticesOf(admin.id, 'subscription_expiring')).toHaveLength(1);
    expect(await mailsTo(admin.email, /package ends on/)).toHaveLength(1);
  });

  it('is delivered once, from the database, by a fresh app after the claim committed', async () => {
    clock.set('2026-03-01T08:00:00Z');
    const { admin, superUser, id } = await schoolWithRequest('Committed Reminders');
    const endsAt = await activate(id, superUser);
    await app.jobs.drain();
    const remindAt = new Date(endsAt.getTime() - 3 * 86_400_000);
    expect((await runBillingClock(inTransactionOnly(), remindAt)).reminded).toContain(id);
    expect(await noticesOf(admin.id, 'subscription_expiring')).toHaveLength(0);
    expect(await mailsTo(admin.email, /package ends on/)).toHaveLength(1);

    await restart();
    await app.jobs.drain();
    expect(await noticesOf(admin.id, 'subscription_expiring')).toHaveLength(1);
    await app.jobs.drain();
    // A second run of the clock finds the record claimed: nothing more.
    expect((await runBillingClock(paymentsContext(app), remindAt)).reminded).not.toContain(id);
    await app.jobs.drain();
    expect(await noticesOf(admin.id, 'subscription_expiring')).toHaveLength(1);
    expect(await mailsTo(admin.email, /package ends on/)).toHaveLength(1);
  });
});

describe("a new invoice's mail", () => {
  it('is queued with the record, and kept once for its reader however often its job runs', async () => {
    clock.set('2026-03-01T08:00:00Z');
    const { admin, id } = await schoolWithRequest('Invoice Mail Institute');
    // The request committed the record with the mail's job; workers are off, so nothing ran yet.
    expect(await mailsTo(admin.email, /^Invoice VB-/)).toHaveLength(0);

    await restart();
    await app.jobs.drain();
    expect(await mailsTo(admin.email, /^Invoice VB-/)).toHaveLength(1);
    // The job once more, as after a crash before the queue recorded it done: nobody mailed twice.
    await app.jobs.send(INVOICE_MAIL_QUEUE, { recordId: id, recipients: 'administrators' });
    await app.jobs.drain();
    expect(await mailsTo(admin.email, /^Invoice VB-/)).toHaveLength(1);
  });
});

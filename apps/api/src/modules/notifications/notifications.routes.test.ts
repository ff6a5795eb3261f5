import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NotificationListResponseSchema,
  NotificationPreferencesResponseSchema,
  OPENING_SOON_LEAD_MS,
  type NotificationKind,
} from '@vbuilder/shared';
import { paymentRecords } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization } from '../../test/sign-in.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { createAssessmentAs, questionOf } from '../assessments/test-helpers.ts';
import { insertAssessment } from '../attempts/test-fixtures.ts';
import { makeAssessment, submitAttempt } from '../submissions/test-fixtures.ts';
import { runBillingClock, paymentsContext } from '../payments/payments.service.ts';
import { invitationToken, mailsTo, nextAddress } from '../users/test-helpers.ts';
import { member, rowsOf, type Member } from './test-helpers.ts';

/**
 * Notifications end to end on a real database and a real SMTP peer: each event makes
 * its notification for exactly the people it concerns (organization and role), mailed in their
 * language as they chose; the routes show and change only the caller's own. Workers are off
 * here: `app.jobs.drain()` runs the queued jobs in the test, deterministically.
 */

let t: TestApp;
let smtp: SmtpPeer;
let orgA: string;
let orgB: string;
let adminA: Member;
let adminB: Member;
let teacherA: Member;
let teacherA2: Member;
let ada: Member;
let somchai: Member;
let bo: Member;
let studentB: Member;
let superAdmin: Member;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await buildTestApp({ SMTP_URL: smtp.url });
  orgA = (await makeOrganization(t.app, 'Notice School A')).id;
  orgB = (await makeOrganization(t.app, 'Notice School B')).id;
  adminA = await member(t.app, 'Administrator', orgA);
  adminB = await member(t.app, 'Administrator', orgB);
  teacherA = await member(t.app, 'Teacher', orgA, { name: 'Teacher Tan' });
  teacherA2 = await member(t.app, 'Teacher', orgA);
  ada = await member(t.app, 'Student', orgA, { name: 'Ada Lovelace' });
  somchai = await member(t.app, 'Student', orgA, { name: 'สมชาย ใจดี', language: 'th' });
  bo = await member(t.app, 'Student', orgA, { name: 'Bo' });
  studentB = await member(t.app, 'Student', orgB);
  superAdmin = await member(t.app, 'Super Administrator', null);
  // School A creates many assessments here: a Custom plan without a monthly limit.
  await t.app.db.insert(paymentRecords).values({
    organizationId: orgA,
    planName: 'Custom',
    status: 'active',
    invoiceStatus: 'paid',
    activatedAt: new Date(),
    customMonthlyAssessments: null,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const everyone = () => [adminA, adminB, teacherA, teacherA2, ada, somchai, bo, studentB, superAdmin];

/** Runs the queued jobs, then waits for the mails they sent. */
async function settle() {
  await t.app.jobs.drain();
  await t.app.mailer.idle();
}

/** Who has how many notifications of a kind (only those with any). */
async function holders(kind: NotificationKind): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const m of everyone()) {
    const rows = (await rowsOf(t.app, m.user.id)).filter((r) => r.kind === kind);
    if (rows.length) counts.set(m.user.id, rows.length);
  }
  return counts;
}

const mailed = (to: Member, subject: string | RegExp) =>
  smtp.received.filter(
    (m) =>
      m.to.includes(to.user.email) &&
      (typeof subject === 'string' ? m.mail.subject === subject : subject.test(m.mail.subject ?? '')),
  );

const list = async (who: Member, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return NotificationListResponseSchema.parse(res.json());
};

const setPreference = (who: Member, kind: NotificationKind, delivery: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/notifications/preferences',
    headers: who.headers,
    payload: { preferences: [{ kind, delivery }] },
  });

beforeEach(async () => {
  // Every case starts from no notifications and default choices.
  await t.app.db.execute(sql`delete from notifications`);
  await t.app.db.execute(sql`delete from notification_preferences`);
  smtp.received.length = 0;
});

describe('an assessment published to students', () => {
  it('tells exactly the chosen students of its organization, each mailed in their language', async () => {
    const assessment = await createAssessmentAs(t.app, teacherA.headers, {
      title: 'Fractions check',
      status: 'published',
      assignment: { mode: 'selected', studentIds: [ada.user.id, somchai.user.id] },
    });
    // Nothing is told before the job runs: the job is what tells.
    expect(await holders('assessment_published')).toEqual(new Map());
    await settle();
    expect(await holders('assessment_published')).toEqual(
      new Map([
        [ada.user.id, 1],
        [somchai.user.id, 1],
      ]),
    );
    const { items, unread } = await list(ada);
    expect(unread).toBe(1);
    expect(items[0]).toMatchObject({
      kind: 'assessment_published',
      params: { assessmentTitle: 'Fractions check' },
      link: `/account/user/${ada.user.id}/quiz/${assessment.id}`,
      readAt: null,
    });
    expect(mailed(ada, 'New assessment: Fractions check')).toHaveLength(1);
    const [thai] = mailed(somchai, 'แบบทดสอบใหม่: Fractions check');
    expect(thai!.mail.text).toContain('เผยแพร่ให้คุณแล้ว');
    expect(thai!.mail.text).toContain(
      `http://localhost:3999/account/user/${somchai.user.id}/quiz/${assessment.id}?lng=th`,
    );
    expect(smtp.received).toHaveLength(2);
  });

  it('tells only students added to an assessment already published, and nobody for a draft', async () => {
    const input = {
      title: 'Draft first',
      assignment: { mode: 'selected' as const, studentIds: [ada.user.id] },
    };
    const draft = await createAssessmentAs(t.app, teacherA.headers, input);
    await settle();
    expect(await holders('assessment_published')).toEqual(new Map());

    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/assessments/${draft.id}`,
        headers: teacherA.headers,
        payload: {
          ...input,
          subject: 'Mathematics',
          difficulty: 'Easy',
          generationType: 'manual',
          passMark: 50,
          questions: [questionOf('multiple-choice', 'q1')],
          ...payload,
        },
      });
    expect((await put({ status: 'published' })).statusCode).toBe(200);
    await settle();
    expect(await holders('assessment_published')).toEqual(new Map([[ada.user.id, 1]]));

    // Adding Bo tells Bo only; saving again tells nobody.
    const both = {
      status: 'published',
      assignment: { mode: 'selected', studentIds: [ada.user.id, bo.user.id] },
    };
    expect((await put(both)).statusCode).toBe(200);
    expect((await put(both)).statusCode).toBe(200);
    await settle();
    expect(await holders('assessment_published')).toEqual(
      new Map([
        [ada.user.id, 1],
        [bo.user.id, 1],
      ]),
    );

    // Given to every student now: only Somchai is new to it (never the other school's student).
    expect((await put({ status: 'published', assignment: { mode: 'all' } })).statusCode).toBe(200);
    await settle();
    expect(await holders('assessment_published')).toEqual(
      new Map([
        [ada.user.id, 1],
        [bo.user.id, 1],
        [somchai.user.id, 1],
      ]),
    );
  });

  it('reminds its students an hour before it opens, unless the time changed since', async () => {
    const opens = new Date(Date.now() + 3 * OPENING_SOON_LEAD_MS);
    const assessment = await createAssessmentAs(t.app, teacherA.headers, {
      title: 'Timed quiz',
      status: 'published',
      startsAt: opens.toISOString(),
      endsAt: new Date(opens.getTime() + OPENING_SOON_LEAD_MS).toISOString(),
      assignment: { mode: 'selected', studentIds: [bo.user.id] },
    });
    await settle();
    // The reminder waits in the queue until an hour before the opening.
    const waiting = (await t.app.db.execute(
      sql`select start_after from pgboss.job where name = 'notifications-event' and data->'event'->>'kind' = 'assessment_opening_soon' and state = 'created'`,
    )) as unknown as { rows: { start_after: string | Date }[] };
    const rows = waiting.rows;
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.start_after).getTime()).toBe(opens.getTime() - OPENING_SOON_LEAD_MS);
    expect(await holders('assessment_opening_soon')).toEqual(new Map());

    // Moved a day later before the reminder ran: the old reminder tells nobody, the new one does.
    const later = new Date(opens.getTime() + 24 * OPENING_SOON_LEAD_MS);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/assessments/${assessment.id}`,
      headers: teacherA.headers,
      payload: {
        title: 'Timed quiz',
        subject: 'Mathematics',
        difficulty: 'Easy',
        generationType: 'manual',
        passMark: 50,
        questions: [questionOf('multiple-choice', 'q1')],
        status: 'published',
        startsAt: later.toISOString(),
        assignment: { mode: 'selected', studentIds: [bo.user.id] },
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.app.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'notifications-event' and data->'event'->>'kind' = 'assessment_opening_soon'`,
    );
    await settle();
    const [reminder] = (await rowsOf(t.app, bo.user.id)).filter((r) => r.kind === 'assessment_opening_soon');
    expect(await holders('assessment_opening_soon')).toEqual(new Map([[bo.user.id, 1]]));
    expect(reminder!.params).toMatchObject({ opensAt: later.toISOString() });
    expect(mailed(bo, 'Timed quiz opens soon')).toHaveLength(1);
    expect(mailed(bo, 'Timed quiz opens soon')[0]!.mail.text).toContain('(UTC)');
  });
});

describe('marking', () => {
  it('tells the owner that answers wait, and the student when the marks are given', async () => {
    const essay = questionOf('essay', 'e1');
    // Written straight to the database: essays are outside the Free plan these schools are on.
    const assessment = await insertAssessment(t.app.db, {
      organizationId: orgA,
      createdBy: teacherA.user.id,
      questions: [essay],
      assignees: [ada.user.id],
    });
    await t.app.db.execute(sql`update assessments set title = 'Essay week' where id = ${assessment.id}`);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/assessments/${assessment.id}/attempts`,
      headers: ada.headers,
    });
    expect(started.statusCode, started.body).toBe(201);
    const attemptId = (started.json() as { id: string }).id;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/attempts/${attemptId}/answers/e1`,
      headers: ada.headers,
      payload: { answer: { text: '<p>Because.</p>' }, revision: 1, idempotencyKey: crypto.randomUUID() },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/attempts/${attemptId}/submit`,
      headers: ada.headers,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await settle();
    // The assessment's owner, not the other teacher, not the Administrator, not the student.
    expect(await holders('marking_waiting')).toEqual(new Map([[teacherA.user.id, 1]]));
    const [waiting] = (await list(teacherA)).items;
    expect(waiting).toMatchObject({
      params: { assessmentTitle: 'Essay week', studentName: 'Ada Lovelace' },
      link: `/account/questions/pending-marking/${assessment.id}/${ada.user.id}`,
    });
    // Marking waits in the app only by default.
    expect(mailed(teacherA, /Essay week/)).toHaveLength(0);

    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/attempts/${attemptId}/marks`,
      headers: teacherA.headers,
      payload: { marks: [{ questionId: 'e1', score: essay.score }] },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await settle();
    expect(await holders('result_released')).toEqual(new Map([[ada.user.id, 1]]));
    expect(mailed(ada, 'Your results for Essay week')).toHaveLength(1);
  });
});

describe('a certificate given', () => {
  it("tells the student it was given to, in the app (its mail is the certificate's own)", async () => {
    const tf = questionOf('true-false', 'q1');
    const quiz = await makeAssessment(t.app, orgA, {
      title: 'Certified quiz',
      questions: [tf],
      totalMarks: 1,
    });
    await submitAttempt(t.app, quiz, somchai.user.id, { q1: (tf.config as { correct: boolean }).correct });
    const given = await t.app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: adminA.headers,
      payload: { assessmentId: quiz.id, studentIds: [somchai.user.id] },
    });
    expect(given.statusCode, given.body).toBe(201);
    await settle();
    expect(await holders('certificate_given')).toEqual(new Map([[somchai.user.id, 1]]));
    expect((await list(somchai)).items[0]).toMatchObject({
      params: { assessmentTitle: 'Certified quiz', organizationName: 'Notice School A' },
      link: `/account/certifications/${somchai.user.id}`,
    });
    // One mail: the certificates module's, not a second one from the bell.
    expect(smtp.received.filter((m) => m.to.includes(somchai.user.email))).toHaveLength(1);
  });
});

describe('a certificate revoked', () => {
  it('tells its holder, and only them, in the app and by mail in their language, with the reason', async () => {
    const tf = questionOf('true-false', 'q1');
    const quiz = await makeAssessment(t.app, orgA, {
      title: 'Revoked quiz',
      questions: [tf],
      totalMarks: 1,
    });
    await submitAttempt(t.app, quiz, ada.user.id, { q1: (tf.config as { correct: boolean }).correct });
    await submitAttempt(t.app, quiz, somchai.user.id, { q1: (tf.config as { correct: boolean }).correct });
    const given = await t.app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: adminA.headers,
      payload: { assessmentId: quiz.id, studentIds: [ada.user.id, somchai.user.id] },
    });
    expect(given.statusCode, given.body).toBe(201);
    await settle();
    smtp.received.length = 0;
    const [forAda, forSomchai] = (given.json() as { data: { id: string; studentId: string }[] }).data.sort(
      (a, b) => (a.studentId === ada.user.id ? -1 : b.studentId === ada.user.id ? 1 : 0),
    );

    const revoke = (id: string, reason: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/certificates/${id}/revoke`,
        headers: adminA.headers,
        payload: { reason },
      });
    expect((await revoke(forAda!.id, 'Copied answers from a neighbour')).statusCode).toBe(200);
    expect((await revoke(forSomchai!.id, 'ลอกคำตอบ')).statusCode).toBe(200);
    await settle();

    expect(await holders('certificate_revoked')).toEqual(
      new Map([
        [ada.user.id, 1],
        [somchai.user.id, 1],
      ]),
    );
    expect((await list(ada)).items[0]).toMatchObject({
      kind: 'certificate_revoked',
      params: {
        assessmentTitle: 'Revoked quiz',
        organizationName: 'Notice School A',
        reason: 'Copied answers from a neighbour',
      },
      link: `/account/certifications/${ada.user.id}`,
    });
    const [mail] = mailed(ada, 'Your certificate for Revoked quiz has been revoked');
    expect(mail, 'the revoke mail reached the holder').toBeDefined();
    expect(mail!.mail.text).toContain(
      'Notice School A has revoked your certificate for Revoked quiz. Reason: Copied answers from a neighbour',
    );
    expect(mail!.mail.text).toContain(`/account/certifications/${ada.user.id}`);
    // In the holder's language, with the reason as it was written.
    const [thai] = mailed(somchai, /Revoked quiz/);
    expect(thai!.mail.subject).toBe('ใบประกาศนียบัตรสำหรับ Revoked quiz ของคุณถูกเพิกถอนแล้ว');
    expect(thai!.mail.text).toContain('เหตุผล: ลอกคำตอบ');
    // Nobody else hears of it.
    expect(
      smtp.received.filter((m) => !m.to.includes(ada.user.email) && !m.to.includes(somchai.user.email)),
    ).toEqual([]);
  });

  it("enqueues the notice in the revoke's transaction: a refused revoke tells nobody", async () => {
    const tf = questionOf('true-false', 'q1');
    const quiz = await makeAssessment(t.app, orgA, {
      title: 'Twice revoked',
      questions: [tf],
      totalMarks: 1,
    });
    await submitAttempt(t.app, quiz, bo.user.id, { q1: (tf.config as { correct: boolean }).correct });
    const given = await t.app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: adminA.headers,
      payload: { assessmentId: quiz.id, studentIds: [bo.user.id] },
    });
    const id = (given.json() as { data: { id: string }[] }).data[0]!.id;
    const revoke = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/certificates/${id}/revoke`,
        headers,
        payload: { reason: 'Error' },
      });
    // Another organization's Administrator: 404, nothing queued.
    expect((await revoke(adminB.headers)).statusCode).toBe(404);
    await settle();
    expect(await holders('certificate_revoked')).toEqual(new Map());
    expect((await revoke(adminA.headers)).statusCode).toBe(200);
    // A second revoke is refused (409): still one notice.
    expect((await revoke(adminA.headers)).statusCode).toBe(409);
    await settle();
    expect(await holders('certificate_revoked')).toEqual(new Map([[bo.user.id, 1]]));
    expect(mailed(bo, 'Your certificate for Twice revoked has been revoked')).toHaveLength(1);
  });
});

describe('billing', () => {
  it("tells the organization's Administrators of an invoice, its activation and the coming renewal", async () => {
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: superAdmin.headers,
      payload: {
        plan: 'Custom',
        organizationId: orgA,
        amountMinor: 1000,
        currency: 'USD',
        period: 'month',
        monthlyAssessments: null,
      },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const payment = (requested.json() as { data: { id: string; invoiceNumber: string } }).data;
    await settle();
    expect(await holders('invoice_issued')).toEqual(new Map([[adminA.user.id, 1]]));
    const [invoice] = (await list(adminA)).items;
    expect(invoice).toMatchObject({
      kind: 'invoice_issued',
      params: { invoiceNumber: payment.invoiceNumber, planName: 'Custom' },
      link: '/account/payments/payment_history',
    });

    const activated = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/activate`,
      headers: superAdmin.headers,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    await settle();
    expect(await holders('payment_activated')).toEqual(new Map([[adminA.user.id, 1]]));

    const endsAt = new Date((activated.json() as { data: { endsAt: string } }).data.endsAt);
    await runBillingClock(paymentsContext(t.app), new Date(endsAt.getTime() - 3 * 86_400_000));
    await settle();
    expect(await holders('subscription_expiring')).toEqual(new Map([[adminA.user.id, 1]]));
    // The billing mails are the module's own (with the invoice): the bell adds none.
    expect(smtp.received.filter((m) => m.mail.subject?.startsWith('New assessment'))).toHaveLength(0);
  });
});

describe('an accepted invitation', () => {
  it('tells the Administrator who invited the person', async () => {
    const address = `invited-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: adminA.headers,
      payload: { name: 'New Teacher', email: address, role: 'Teacher' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    await t.app.mailer.idle();
    const token = invitationToken((await mailsTo(t.app, address))[0]!.text);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/reset-password',
      payload: { token, password: 'my first password' },
      remoteAddress: nextAddress(),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await settle();
    expect(await holders('invitation_accepted')).toEqual(new Map([[adminA.user.id, 1]]));
    expect((await list(adminA)).items[0]).toMatchObject({ params: { personName: 'New Teacher' } });
  });
});

describe('preferences', () => {
  const publishTo = async (students: Member[], title: string) => {
    await createAssessmentAs(t.app, teacherA.headers, {
      title,
      status: 'published',
      assignment: { mode: 'selected', studentIds: students.map((s) => s.user.id) },
    });
    await settle();
  };

  it('lists the kinds of the role with their defaults, and saves a choice', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/preferences',
      headers: teacherA.headers,
    });
    expect(NotificationPreferencesResponseSchema.parse(res.json()).preferences).toEqual([
      { kind: 'marking_waiting', delivery: 'in_app' },
      { kind: 'invitation_accepted', delivery: 'in_app' },
    ]);
    const saved = await setPreference(teacherA, 'marking_waiting', 'both');
    expect(saved.statusCode).toBe(200);
    expect(NotificationPreferencesResponseSchema.parse(saved.json()).preferences[0]).toEqual({
      kind: 'marking_waiting',
      delivery: 'both',
    });
  });

  it('refuses a kind the role is never sent, changing nothing', async () => {
    const res = await setPreference(ada, 'invoice_issued', 'none');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/preferences',
      headers: ada.headers,
    });
    expect(NotificationPreferencesResponseSchema.parse(after.json()).preferences[0]).toEqual({
      kind: 'assessment_published',
      delivery: 'both',
    });
  });

  it('honours in the app only, by mail only and neither', async () => {
    expect((await setPreference(ada, 'assessment_published', 'in_app')).statusCode).toBe(200);
    expect((await setPreference(bo, 'assessment_published', 'mail')).statusCode).toBe(200);
    expect((await setPreference(somchai, 'assessment_published', 'none')).statusCode).toBe(200);
    await publishTo([ada, bo, somchai], 'Choices quiz');

    expect((await list(ada)).items).toHaveLength(1);
    expect(mailed(ada, /Choices quiz/)).toHaveLength(0);

    expect((await list(bo)).items).toHaveLength(0);
    expect(mailed(bo, 'New assessment: Choices quiz')).toHaveLength(1);

    expect((await list(somchai)).items).toHaveLength(0);
    expect(await rowsOf(t.app, somchai.user.id)).toHaveLength(0);
    expect(mailed(somchai, /Choices quiz/)).toHaveLength(0);
  });
});

describe('reading', () => {
  it("marks one or all of the caller's own read, never another person's", async () => {
    await createAssessmentAs(t.app, teacherA.headers, {
      title: 'Read me',
      status: 'published',
      assignment: { mode: 'selected', studentIds: [ada.user.id, bo.user.id] },
    });
    await createAssessmentAs(t.app, teacherA.headers, {
      title: 'Read me too',
      status: 'published',
      assignment: { mode: 'selected', studentIds: [ada.user.id] },
    });
    await settle();
    const adas = await list(ada);
    expect(adas.unread).toBe(2);
    const bos = await list(bo);

    // Bo names Ada's notification: nothing of Ada's changes.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bo.headers,
      payload: { ids: [adas.items[0]!.id] },
    });
    expect(foreign.json()).toEqual({ unread: 1 });
    expect((await list(ada)).unread).toBe(2);

    const one = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: ada.headers,
      payload: { ids: [adas.items[0]!.id] },
    });
    expect(one.json()).toEqual({ unread: 1 });
    expect((await list(ada, '?unread=true')).items.map((n) => n.id)).toEqual([adas.items[1]!.id]);

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: ada.headers,
      payload: { all: true },
    });
    expect(all.json()).toEqual({ unread: 0 });
    expect((await list(bo)).unread).toBe(bos.unread);
  });

  it('refuses a malformed body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: ada.headers,
      payload: { ids: ['not-an-id'] },
    });
    expect(res.statusCode).toBe(400);
  });

  it('pages older ones with nextBefore', async () => {
    for (const title of ['P1', 'P2', 'P3']) {
      await createAssessmentAs(t.app, teacherA.headers, {
        title,
        status: 'published',
        assignment: { mode: 'selected', studentIds: [bo.user.id] },
      });
      await settle();
    }
    const first = await list(bo, '?limit=2');
    expect(first.items.map((n) => n.params.assessmentTitle)).toEqual(['P3', 'P2']);
    const next = await list(bo, `?limit=2&before=${encodeURIComponent(first.nextBefore!)}`);
    expect(next.items.map((n) => n.params.assessmentTitle)).toEqual(['P1']);
    expect(next.nextBefore).toBeNull();
  });
});

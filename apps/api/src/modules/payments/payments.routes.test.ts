import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowedPaymentActions,
  PAYMENT_ACTIONS,
  PaymentRecordResponseSchema,
  PaymentRecordsResponseSchema,
  PlansResponseSchema,
  roleMayTakePaymentAction,
  SubscriptionResponseSchema,
  type PaymentAction,
  type Role,
} from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { pdfText } from '../../test/pdf.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { insertPaymentRecord } from '../plans/plans.repository.ts';
import { currentPlan } from '../plans/plans.service.ts';
import { toPaymentRecord } from './payments.mapper.ts';
import { allocateInvoiceSequence } from './payments.repository.ts';
import {
  auditOf,
  mailsTo,
  movableClock,
  multipartFile,
  PDF_BYTES,
  PNG_BYTES,
  recordRow,
} from './test-helpers.ts';

const clock = movableClock('2026-03-10T09:00:00Z');
let t: TestApp;

interface Member {
  id: string;
  email: string;
  headers: Record<string, string>;
}
const as = async (role: Role, organizationId: string | null): Promise<Member> => {
  const user = await makeUser(t.app, role, organizationId);
  return { id: user.id, email: user.email, headers: bearer(await tokenFor(t.app, user)) };
};

let orgA: string;
let orgB: string;
let superAdmin: Member;
let adminA: Member;
let adminB: Member;
let teacherA: Member;

beforeAll(async () => {
  // 7 % tax: every invoice of this file carries a tax line.
  t = await buildTestApp({ BILLING_TAX_RATE_BP: '700' }, { clock });
  orgA = (await makeOrganization(t.app, 'Billing Academy A')).id;
  orgB = (await makeOrganization(t.app, 'Billing Academy B')).id;
  superAdmin = await as('Super Administrator', null);
  adminA = await as('Administrator', orgA);
  adminB = await as('Administrator', orgB);
  teacherA = await as('Teacher', orgA);
  const prices = await putPrices(superAdmin, 'Professional', {
    prices: [
      { period: 'month', amountMinor: 4900, currency: 'USD' },
      { period: 'year', amountMinor: 49000, currency: 'USD' },
    ],
  });
  expect(prices.statusCode).toBe(200);
  await putPrices(superAdmin, 'Basic', { prices: [{ period: 'month', amountMinor: 1900, currency: 'USD' }] });
});
afterAll(() => t.close());

/** PUT /plans/:name/prices as `who`. */
function putPrices(who: Member, plan: string, payload: object) {
  return t.app.inject({ method: 'PUT', url: `/api/plans/${plan}/prices`, headers: who.headers, payload });
}

const request = (who: Member, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/payments', headers: who.headers, payload });

/** A Custom plan request for the organization (10.00 USD a month, unlimited), as these tests send it. */
const customRequest = (organizationId: string) => ({
  plan: 'Custom',
  organizationId,
  amountMinor: 1000,
  currency: 'USD',
  period: 'month',
  monthlyAssessments: null,
});

describe('plan catalog', () => {
  it('lists the five packages with allowances, types and prices to any signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plans', headers: teacherA.headers });
    expect(res.statusCode).toBe(200);
    const { data, cardPayments } = PlansResponseSchema.parse(res.json());
    expect(data.map((p) => p.name)).toEqual(['Free', 'Basic', 'Professional', 'Enterprise', 'Custom']);
    const professional = data.find((p) => p.name === 'Professional')!;
    expect(professional.monthlyAssessments).toBe(500);
    expect(professional.questionTypes).toHaveLength(10);
    expect(professional.prices).toEqual([
      { period: 'month', amountMinor: 4900, currency: 'USD' },
      { period: 'year', amountMinor: 49000, currency: 'USD' },
    ]);
    expect(data.find((p) => p.name === 'Free')!.prices).toEqual([]);
    expect(cardPayments).toBe(false);
  });

  it('only the Super Administrator edits prices; Free and Custom have none to edit', async () => {
    const body = { prices: [{ period: 'month', amountMinor: 100, currency: 'USD' }] };
    for (const who of [adminA, teacherA]) {
      const res = await putPrices(who, 'Basic', body);
      expect(res.statusCode).toBe(403);
    }
    const free = await putPrices(superAdmin, 'Free', body);
    expect(free.statusCode).toBe(400);
  });
});

describe('requesting a plan', () => {
  it('an Administrator gets a pending record, a numbered invoice and the invoice mail', async () => {
    const res = await request(adminA, { plan: 'Professional', period: 'month' });
    expect(res.statusCode).toBe(201);
    const { data } = PaymentRecordResponseSchema.parse(res.json());
    expect(data).toMatchObject({
      organizationId: orgA,
      organisation: 'Billing Academy A',
      planName: 'Professional',
      packageId: 'vbuilder-professional',
      productLine: 'vbuilder',
      status: 'pending',
      invoiceStatus: 'open',
      amountMinor: 4900,
      taxMinor: 343,
      totalMinor: 5243,
      currency: 'USD',
      billingPeriod: 'month',
      monthlyAssessments: 500,
      activatedAt: null,
      endsAt: null,
      method: 'invoice',
      hasInvoice: true,
      hasReceipt: false,
    });
    expect(data.invoiceNumber).toMatch(/^VB-2026-\d{6}$/);
    expect(data.dueAt).toBe('2026-03-24T09:00:00.000Z');
    expect((await auditOf(t.app, data.id)).map((e) => e.action)).toEqual(['payment.requested']);
    const mails = await mailsTo(t.app, adminA.email);
    expect(mails.some((m) => m.text.includes(data.invoiceNumber!))).toBe(true);
    // Requesting does not change the plan in force.
    expect((await currentPlan(t.app.db, orgA, clock.now())).plan.name).toBe('Free');
  });

  it('refuses a plan without a price, Custom from an Administrator, other roles and other organizations', async () => {
    const noPrice = await request(adminA, { plan: 'Enterprise', period: 'month' });
    expect(noPrice.statusCode).toBe(409);
    expect(noPrice.json().code).toBe('plan_price_missing');
    const custom = await request(adminA, customRequest(orgA));
    expect(custom.statusCode).toBe(403);
    expect((await request(teacherA, { plan: 'Basic', period: 'month' })).statusCode).toBe(403);
    const foreign = await request(adminA, { plan: 'Basic', period: 'month', organizationId: orgB });
    expect(foreign.statusCode).toBe(404);
    const superWithoutOrganization = await request(superAdmin, { plan: 'Basic', period: 'month' });
    expect(superWithoutOrganization.statusCode).toBe(400);
  });

  it('the Super Administrator sets up a Custom plan for any organization', async () => {
    const res = await request(superAdmin, {
      plan: 'Custom',
      organizationId: orgB,
      amountMinor: 150000,
      currency: 'thb',
      period: 'year',
      monthlyAssessments: 120,
    });
    expect(res.statusCode).toBe(201);
    const { data } = PaymentRecordResponseSchema.parse(res.json());
    expect(data).toMatchObject({
      planName: 'Custom',
      currency: 'THB',
      monthlyAssessments: 120,
      status: 'pending',
    });
    // Every Administrator of the organization gets the invoice.
    expect((await mailsTo(t.app, adminB.email)).some((m) => m.text.includes(data.invoiceNumber!))).toBe(true);
  });
});

describe('one pending request at a time', () => {
  it('a second request while one waits is refused with 409, nothing made; after closing it, a request goes through', async () => {
    clock.set('2026-06-01T00:00:00Z');
    const org = (await makeOrganization(t.app, 'One Request School')).id;
    const admin = await as('Administrator', org);
    const first = PaymentRecordResponseSchema.parse(
      (await request(admin, { plan: 'Basic', period: 'month' })).json(),
    ).data;
    const records = async () =>
      PaymentRecordsResponseSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/payments/organization/${org}`,
            headers: admin.headers,
          })
        ).json(),
      ).total;
    expect(await records()).toBe(1);

    // The same plan, another plan, and a Custom plan from the Super Administrator: all wait for the open one.
    for (const [who, payload] of [
      [admin, { plan: 'Basic', period: 'month' }],
      [admin, { plan: 'Professional', period: 'year' }],
      [superAdmin, customRequest(org)],
    ] as const) {
      const res = await request(who, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'payment_request_pending',
        details: { paymentId: first.id, invoiceNumber: first.invoiceNumber },
      });
      expect(res.json().message).toContain(first.invoiceNumber);
    }
    expect(await records()).toBe(1);
    // Translated for the reader.
    const thaiAdmin = bearer(
      await tokenFor(t.app, await makeUser(t.app, 'Administrator', org, { language: 'th' })),
    );
    const thai = await request({ id: '', email: '', headers: thaiAdmin }, { plan: 'Basic', period: 'month' });
    expect(thai.json().message).toBe(
      'มีคำขอแพ็กเกจที่กำลังรอการชำระเงินอยู่แล้ว ชำระใบแจ้งหนี้นั้น หรือปิดใบแจ้งหนี้นั้นในประวัติการชำระเงินก่อนขอแพ็กเกจอื่น',
    );

    // A renewal waits too: activate, request the renewal, and a second renewal is refused.
    await call('activate', first.id, superAdmin);
    const renewal = await request(admin, { plan: 'Basic', period: 'month' });
    expect(renewal.statusCode).toBe(201);
    expect((await request(admin, { plan: 'Basic', period: 'month' })).json().code).toBe(
      'payment_request_pending',
    );
    // Closing the waiting invoice lets the school ask again.
    await call('close', renewal.json().data.id, admin);
    expect((await request(admin, { plan: 'Professional', period: 'month' })).statusCode).toBe(201);
    clock.set('2026-03-10T09:00:00Z');
  });

  it('two requests at once: one is made, the other refused', async () => {
    const org = (await makeOrganization(t.app, 'Double Click School')).id;
    const admin = await as('Administrator', org);
    const results = await Promise.all([
      request(admin, { plan: 'Basic', period: 'month' }),
      request(admin, { plan: 'Basic', period: 'month' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('lists and the subscription', () => {
  it('an Administrator lists their organization only; the Super Administrator every one, filtered', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/payments/organization/${orgA}?productLine=vbuilder`,
      headers: adminA.headers,
    });
    expect(own.statusCode).toBe(200);
    const list = PaymentRecordsResponseSchema.parse(own.json());
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((r) => r.organizationId === orgA)).toBe(true);

    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/payments/organization/${orgB}`,
      headers: adminA.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const teacher = await t.app.inject({
      method: 'GET',
      url: `/api/payments/organization/${orgA}`,
      headers: teacherA.headers,
    });
    expect(teacher.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/payments', headers: adminA.headers })).statusCode,
    ).toBe(403);

    const all = await t.app.inject({
      method: 'GET',
      url: `/api/payments?organizationId=${orgB}&status=pending`,
      headers: superAdmin.headers,
    });
    expect(all.statusCode).toBe(200);
    const filtered = PaymentRecordsResponseSchema.parse(all.json());
    expect(filtered.data.length).toBeGreaterThan(0);
    expect(filtered.data.every((r) => r.organizationId === orgB && r.status === 'pending')).toBe(true);
  });

  it('free → pending → active with renewal date → renewal extends from the old end → upgrade supersedes', async () => {
    const org = (await makeOrganization(t.app, 'Subscription School')).id;
    const admin = await as('Administrator', org);
    const subscription = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/subscriptions/organization/${org}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      return SubscriptionResponseSchema.parse(res.json()).data;
    };
    expect(await subscription()).toMatchObject({
      status: 'free',
      packageName: 'Free',
      renewalDate: null,
      pendingRequest: null,
    });

    clock.set('2026-04-01T00:00:00Z');
    const first = PaymentRecordResponseSchema.parse(
      (await request(admin, { plan: 'Basic', period: 'month' })).json(),
    ).data;
    expect(await subscription()).toMatchObject({
      status: 'pending',
      packageName: 'Free',
      pendingRequest: { id: first.id },
    });

    clock.set('2026-04-02T00:00:00Z');
    const activated = await call('activate', first.id, superAdmin);
    expect(activated.statusCode).toBe(200);
    expect(activated.json().data).toMatchObject({
      status: 'active',
      invoiceStatus: 'paid',
      periodStart: '2026-04-02T00:00:00.000Z',
      endsAt: '2026-05-02T00:00:00.000Z',
    });
    expect(await subscription()).toMatchObject({
      status: 'active',
      packageName: 'Basic',
      packageId: 'vbuilder-basic',
      renewalDate: '2026-05-02T00:00:00.000Z',
      productDetails: { planName: 'Basic', monthlyAssessments: 50 },
      pendingRequest: null,
    });
    const usage = await t.app.inject({
      method: 'GET',
      url: '/api/assessments/usage',
      headers: admin.headers,
    });
    expect(usage.json()).toMatchObject({ plan: { name: 'Basic', monthlyAssessments: 50 }, status: 'active' });

    // Renewal: the same plan while active starts at the old end; the paid plan stays meanwhile.
    clock.set('2026-04-28T00:00:00Z');
    const renewal = PaymentRecordResponseSchema.parse(
      (await request(admin, { plan: 'Basic', period: 'month' })).json(),
    ).data;
    expect(renewal.periodStart).toBe('2026-05-02T00:00:00.000Z');
    expect(await subscription()).toMatchObject({
      status: 'active',
      packageName: 'Basic',
      pendingRequest: { id: renewal.id },
    });
    const renewed = await call('activate', renewal.id, superAdmin);
    expect(renewed.json().data).toMatchObject({
      periodStart: '2026-05-02T00:00:00.000Z',
      endsAt: '2026-06-02T00:00:00.000Z',
    });
    expect((await recordRow(t.app, first.id))!.status).toBe('inactive');
    expect((await subscription()).renewalDate).toBe('2026-06-02T00:00:00.000Z');

    // Upgrade: another plan starts at activation and supersedes.
    clock.set('2026-05-10T00:00:00Z');
    const upgrade = PaymentRecordResponseSchema.parse(
      (await request(admin, { plan: 'Professional', period: 'year' })).json(),
    ).data;
    expect(upgrade.periodStart).toBeNull();
    await call('activate', upgrade.id, superAdmin);
    expect((await recordRow(t.app, renewal.id))!.status).toBe('inactive');
    expect(await subscription()).toMatchObject({
      status: 'active',
      packageName: 'Professional',
      periodStart: '2026-05-10T00:00:00.000Z',
      renewalDate: '2027-05-10T00:00:00.000Z',
    });
    expect((await auditOf(t.app, renewal.id)).map((e) => e.action)).toEqual([
      'payment.requested',
      'payment.activated',
      'payment.superseded',
    ]);

    // A passed end is lapsed at once, before the clock marks it.
    clock.set('2027-05-10T00:00:01Z');
    expect(await subscription()).toMatchObject({
      status: 'inactive',
      packageName: 'Free',
      renewalDate: null,
    });
    clock.set('2026-03-10T09:00:00Z');
  });
});

// ---------------------------------------------------------------------------------------------
// Every state × every action × role over HTTP: legal ones succeed, illegal ones 409 with nothing changed.

type State = 'pending' | 'active' | 'inactive' | 'closed';
const STATES: State[] = ['pending', 'active', 'inactive', 'closed'];

async function seed(state: State): Promise<string> {
  const at = clock.now();
  const activated = state === 'active' || state === 'inactive';
  const row = await insertPaymentRecord(t.app.db, {
    organizationId: orgA,
    planName: 'Professional',
    packageId: 'vbuilder-professional',
    status: state,
    invoiceStatus: state === 'pending' ? 'open' : state === 'closed' ? 'closed' : 'paid',
    invoiceNumber: `VB-1999-${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    amountMinor: 4900,
    currency: 'USD',
    billingPeriod: 'month',
    createdAt: at,
    dueAt: at,
    activatedAt: activated ? at : null,
    periodStart: activated ? at : null,
    // Ends far ahead, so no record of this table is the organization's lapsed one.
    endsAt: activated ? new Date('2099-01-01T00:00:00Z') : null,
  });
  return row.id;
}

/** A receipt file uploaded to the record as the payment history's form sends it. */
function uploadReceipt(id: string, who: Member, filename: string, contentType: string, bytes: Buffer) {
  const upload = multipartFile('file', filename, contentType, bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${id}/receipt`,
    headers: { ...who.headers, ...upload.headers },
    payload: upload.payload,
  });
}

function call(action: PaymentAction, id: string, who: Member) {
  const headers = who.headers;
  switch (action) {
    case 'activate':
    case 'close':
    case 'send-receipt':
      return t.app.inject({ method: 'POST', url: `/api/payments/${id}/${action}`, headers });
    case 'receipt':
      return uploadReceipt(id, who, 'receipt.pdf', 'application/pdf', PDF_BYTES);
    case 'delete':
      return t.app.inject({ method: 'DELETE', url: `/api/payments/${id}`, headers });
    case 'view-payment':
      return t.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers });
    case 'view-invoice':
      return t.app.inject({ method: 'GET', url: `/api/payments/${id}/invoice.pdf`, headers });
  }
}

const ROLES_UNDER_TEST = ['Super Administrator', 'Administrator'] as const;
const table = ROLES_UNDER_TEST.flatMap((role) =>
  STATES.flatMap((state) => PAYMENT_ACTIONS.map((action) => ({ role, state, action }))),
);

describe('state machine over HTTP', () => {
  it.each(table)('$role: $action on a $state record', async ({ role, state, action }) => {
    const who = role === 'Super Administrator' ? superAdmin : adminA;
    const id = await seed(state);
    const before = (await recordRow(t.app, id))!;
    const auditBefore = (await auditOf(t.app, id)).length;
    const legal = allowedPaymentActions(toPaymentRecord({ ...before, organisation: '' }), role).includes(
      action,
    );
    const res = await call(action, id, who);
    if (legal) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      return;
    }
    expect(res.statusCode, res.body).toBe(roleMayTakePaymentAction(action, role) ? 409 : 403);
    if (res.statusCode === 409) expect(res.json().code).toBe('payment_transition_not_allowed');
    expect(await recordRow(t.app, id)).toEqual(before);
    expect((await auditOf(t.app, id)).length).toBe(auditBefore);
  });

  it('the legal transitions land where they should, audited', async () => {
    const pending = await seed('pending');
    const closed = await call('close', pending, adminA);
    expect(closed.json().data).toMatchObject({ status: 'closed', invoiceStatus: 'closed' });
    const deleted = await call('delete', pending, superAdmin);
    expect(deleted.statusCode).toBe(204);
    expect(await recordRow(t.app, pending)).toBeNull();
    expect((await auditOf(t.app, pending)).map((e) => e.action)).toEqual([
      'payment.closed',
      'payment.deleted',
    ]);
  });

  it("another organization's record is answered like a missing one, for every action", async () => {
    const id = await seed('pending');
    for (const action of PAYMENT_ACTIONS) {
      const foreign = await call(action, id, adminB);
      const missing = await call(action, crypto.randomUUID(), adminB);
      expect([foreign.statusCode, foreign.json().code], action).toEqual([
        missing.statusCode,
        missing.json().code,
      ]);
    }
    expect((await recordRow(t.app, id))!.status).toBe('pending');
  });
});

describe('receipts and invoices', () => {
  it('takes a PDF or an image by its bytes and serves it back; refuses mismatched content, changing nothing', async () => {
    const id = await seed('pending');
    const refused = await uploadReceipt(
      id,
      adminA,
      'receipt.pdf',
      'application/pdf',
      Buffer.from('this is not a PDF at all'),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('unsupported_file_type');
    const refusedHtml = await uploadReceipt(
      id,
      adminA,
      'receipt.png',
      'image/png',
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(refusedHtml.statusCode).toBe(400);
    expect((await recordRow(t.app, id))!.receiptFileKey).toBeNull();
    expect(await auditOf(t.app, id)).toEqual([]);

    // A PNG declared as a PDF is still a PNG: the bytes decide.
    const accepted = await uploadReceipt(id, adminA, 'receipt.pdf', 'application/pdf', PNG_BYTES);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.hasReceipt).toBe(true);
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${id}/receipt`,
      headers: superAdmin.headers,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it("stores the organization's copy of the invoice at the request and again with the status stamp", async () => {
    const admin = await as('Administrator', (await makeOrganization(t.app, 'Invoice Copy School')).id);
    const { data } = PaymentRecordResponseSchema.parse(
      (await request(admin, { plan: 'Basic', period: 'month' })).json(),
    );
    const view = (who: Member) =>
      t.app.inject({ method: 'GET', url: `/api/payments/${data.id}/invoice.pdf`, headers: who.headers });
    const open = await view(admin);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('application/pdf');
    expect(open.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await recordRow(t.app, data.id))!.invoiceFileKey).toBe(`invoices/${data.id}.pdf`);
    // The invoice reads back with its number and the total with the 7 % tax line (19.00 + 1.33).
    const text = pdfText(open.rawPayload).replace(/\s+/g, '');
    expect(text).toContain(data.invoiceNumber!);
    expect(text).toContain('$20.33');
    // Everyone reads the same stored copy.
    expect((await view(superAdmin)).rawPayload.equals(open.rawPayload)).toBe(true);
    await call('close', data.id, admin);
    expect((await view(admin)).rawPayload.equals(open.rawPayload)).toBe(false);
  });
});

describe('invoice numbers', () => {
  it('are gapless and unique under 50 concurrent requests', async () => {
    clock.set('2031-01-15T00:00:00Z');
    // One request each (an organization has one pending request at a time); no Administrators: no mail to render.
    const orgs: string[] = [];
    for (let i = 0; i < 50; i++) orgs.push((await makeOrganization(t.app, `Numbering School ${i}`)).id);
    const results = await Promise.all(orgs.map((org) => request(superAdmin, customRequest(org))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => r.json().data.invoiceNumber as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, i) => `VB-2031-${String(i + 1).padStart(6, '0')}`),
    );
    clock.set('2026-03-10T09:00:00Z');
  });

  it('a rolled-back request gives its number back', async () => {
    await t.app.db
      .transaction(async (tx) => {
        expect(await allocateInvoiceSequence(tx, 2040)).toBe(1);
        throw new Error('the insert failed');
      })
      .catch(() => undefined);
    await t.app.db.transaction(async (tx) => {
      expect(await allocateInvoiceSequence(tx, 2040)).toBe(1);
    });
  });
});

describe('activations at once', () => {
  it('two pending records of one organization activated together leave exactly one active', async () => {
    const org = (await makeOrganization(t.app, 'Race School')).id;
    // Requests are one at a time now, but records from before (or a request and a set-plan) can still meet here.
    const custom = async () =>
      (
        await insertPaymentRecord(t.app.db, {
          organizationId: org,
          planName: 'Custom',
          packageId: 'vbuilder-custom',
          status: 'pending',
          invoiceStatus: 'open',
          amountMinor: 1000,
          currency: 'USD',
          billingPeriod: 'month',
          customMonthlyAssessments: 10,
          createdAt: clock.now(),
        })
      ).id;
    const ids = [await custom(), await custom()];
    const results = await Promise.all(ids.map((id) => call('activate', id, superAdmin)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const statuses = await Promise.all(ids.map(async (id) => (await recordRow(t.app, id))!.status));
    expect(statuses.filter((s) => s === 'active')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'inactive')).toHaveLength(1);
  });
});

import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_CODE_PATTERN,
  CertificateListSchema,
  CertificateResponseSchema,
  CertificateTemplateResponseSchema,
  CertificateVerificationResponseSchema,
  AssessmentSchema,
  GiveCertificatesResponseSchema,
  type Certificate,
  type Role,
} from '@vbuilder/shared';
import {
  auditEvents,
  certificates,
  mailOutbox,
  paymentRecords,
  type AssessmentRow,
  type UserRow,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { questionOf } from '../attempts/test-fixtures.ts';
import { assessmentInput } from '../assessments/test-helpers.ts';
import { makeAssessment, submitAttempt } from '../submissions/test-fixtures.ts';
import { savePageImage } from '../../test/pdf.ts';
import { decodeQr, pdfPagePng, pdfText } from './test-helpers.ts';

/**
 * Certificates end to end through the API on a real database: giving (one, several,
 * everyone who passed), duplicates refused, the automatic rule on submit and on a teacher's mark,
 * revoke and reissue, who may do what across roles and organizations, the public verification,
 * the PDF read back with pdftotext and its QR code decoded, and the Open Badges credential checked
 * with jose against the key of its issuer's DID document fetched over HTTP (the independent
 * verifier, the status list and the baked PNG: certificates.badge.test.ts).
 */

let t: TestApp;
const BASE = 'http://localhost:3999';

interface Member {
  user: UserRow;
  headers: Record<string, string>;
}
const as = async (
  role: Role,
  organizationId: string | null,
  overrides: Partial<UserRow> = {},
): Promise<Member> => {
  const user = await makeUser(t.app, role, organizationId, overrides);
  return { user, headers: bearer(await tokenFor(t.app, user)) };
};

const TF = questionOf('true-false', 'q1');
const RIGHT = (TF.config as { correct: boolean }).correct;
const ESSAY = questionOf('essay', 'q2');

let orgA: string;
let orgB: string;
let adminA: Member;
let adminB: Member;
let teacherA: Member;
let superAdmin: Member;
/** Passed the quiz (Latin, Thai, Chinese names); failed; a student of B. */
let ada: Member;
let somchai: Member;
let li: Member;
let failed: Member;
let studentB: Member;
let quiz: AssessmentRow;

beforeAll(async () => {
  t = await buildTestApp();
  orgA = (await makeOrganization(t.app, 'Certificate Academy A')).id;
  orgB = (await makeOrganization(t.app, 'Certificate Academy B')).id;
  adminA = await as('Administrator', orgA, { name: 'Grace Hopper' });
  adminB = await as('Administrator', orgB);
  teacherA = await as('Teacher', orgA);
  superAdmin = await as('Super Administrator', null);
  ada = await as('Student', orgA, { name: 'Ada Lovelace' });
  somchai = await as('Student', orgA, { name: 'สมชาย ใจดี', language: 'th' });
  li = await as('Student', orgA, { name: '李小龙', language: 'zh' });
  failed = await as('Student', orgA, { name: 'Failed Student' });
  studentB = await as('Student', orgB);
  quiz = await makeAssessment(t.app, orgA, { title: 'Algebra basics', questions: [TF], totalMarks: 1 });
  for (const member of [ada, somchai, li]) await submitAttempt(t.app, quiz, member.user.id, { q1: RIGHT });
  await submitAttempt(t.app, quiz, failed.user.id, { q1: !RIGHT });
});
afterAll(() => t.close());

const give = (who: Member, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/certificates', headers: who.headers, payload });
const get = (who: Member | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const post = (who: Member, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload });

const certificateRows = (assessmentId: string, studentId: string) =>
  t.app.db
    .select()
    .from(certificates)
    .where(and(eq(certificates.assessmentId, assessmentId), eq(certificates.studentId, studentId)));

async function mailsTo(email: string) {
  await t.app.mailer.idle();
  return t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

const auditOf = (id: string) => t.app.db.select().from(auditEvents).where(eq(auditEvents.targetId, id));

let adaCertificate: Certificate;

describe('giving certificates', () => {
  it('gives one student a certificate with an unguessable code, audited and mailed in their language', async () => {
    const res = await give(adminA, { assessmentId: quiz.id, studentIds: [somchai.user.id] });
    expect(res.statusCode).toBe(201);
    const body = GiveCertificatesResponseSchema.parse(res.json());
    expect(body.alreadyGiven).toEqual([]);
    const [certificate] = body.data;
    expect(certificate).toMatchObject({
      holder: { id: somchai.user.id, name: 'สมชาย ใจดี' },
      assessment: { id: quiz.id, title: 'Algebra basics' },
      organization: { id: orgA, name: 'Certificate Academy A' },
      percentage: 100,
      status: 'valid',
      revokedAt: null,
      issuedBy: { id: adminA.user.id, name: 'Grace Hopper' },
    });
    expect(certificate!.code).toMatch(CERTIFICATE_CODE_PATTERN);
    expect(certificate!.verificationUrl).toBe(`${BASE}/verify/${certificate!.code}`);

    const audit = await auditOf(certificate!.id);
    expect(audit.map((a) => a.action)).toEqual(['certificate.given']);
    expect(audit[0]!.actorId).toBe(adminA.user.id);

    const [mail] = await mailsTo(somchai.user.email);
    expect(mail!.subject).toBe('ใบประกาศนียบัตรของคุณสำหรับAlgebra basics');
    expect(mail!.text).toContain(`${BASE}/verify/${certificate!.code}`);
    expect(mail!.text).toContain(`${BASE}/account/certifications/${somchai.user.id}`);
  });

  it('refuses a duplicate: one live certificate per student and assessment', async () => {
    const res = await give(adminA, { assessmentId: quiz.id, studentIds: [somchai.user.id, ada.user.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'certificate_already_given',
      details: { studentIds: [somchai.user.id] },
    });
    // All or nothing: Ada got none either.
    expect(await certificateRows(quiz.id, ada.user.id)).toHaveLength(0);
    expect(await certificateRows(quiz.id, somchai.user.id)).toHaveLength(1);
  });

  it('refuses a student who did not pass, and one of another organization', async () => {
    const notPassed = await give(adminA, {
      assessmentId: quiz.id,
      studentIds: [ada.user.id, failed.user.id],
    });
    expect(notPassed.statusCode).toBe(409);
    expect(notPassed.json()).toMatchObject({
      code: 'certificate_not_passed',
      details: { studentIds: [failed.user.id] },
    });
    const stranger = await give(adminA, { assessmentId: quiz.id, studentIds: [studentB.user.id] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe('student_not_in_organization');
    expect(await certificateRows(quiz.id, ada.user.id)).toHaveLength(0);
  });

  it('gives several students at once', async () => {
    const res = await give(adminA, { assessmentId: quiz.id, studentIds: [ada.user.id, li.user.id] });
    expect(res.statusCode).toBe(201);
    const body = GiveCertificatesResponseSchema.parse(res.json());
    expect(body.data.map((c) => c.holder.name).sort()).toEqual(['Ada Lovelace', '李小龙']);
    adaCertificate = body.data.find((c) => c.holder.id === ada.user.id)!;
    const codes = new Set(body.data.map((c) => c.code));
    expect(codes.size).toBe(2);
  });

  it('gives everyone who passed, leaving out those who already hold one', async () => {
    const second = await makeAssessment(t.app, orgA, { title: 'Geometry', questions: [TF], totalMarks: 1 });
    for (const member of [ada, somchai]) await submitAttempt(t.app, second, member.user.id, { q1: RIGHT });
    await submitAttempt(t.app, second, failed.user.id, { q1: !RIGHT });
    expect((await give(adminA, { assessmentId: second.id, studentIds: [ada.user.id] })).statusCode).toBe(201);

    const res = await give(adminA, { assessmentId: second.id, allPassed: true });
    expect(res.statusCode).toBe(201);
    const body = GiveCertificatesResponseSchema.parse(res.json());
    expect(body.data.map((c) => c.holder.id)).toEqual([somchai.user.id]);
    expect(body.alreadyGiven).toEqual([ada.user.id]);
    expect(await certificateRows(second.id, failed.user.id)).toHaveLength(0);
    const again = GiveCertificatesResponseSchema.parse(
      (await give(adminA, { assessmentId: second.id, allPassed: true })).json(),
    );
    expect(again.data).toEqual([]);
    expect(again.alreadyGiven.sort()).toEqual([ada.user.id, somchai.user.id].sort());
  });

  it('lets only Administrators give, and only for their own organization', async () => {
    for (const who of [teacherA, ada]) {
      expect((await give(who, { assessmentId: quiz.id, allPassed: true })).statusCode).toBe(403);
    }
    const foreign = await give(adminB, { assessmentId: quiz.id, studentIds: [ada.user.id] });
    expect(foreign.statusCode).toBe(404);
    expect((await give(adminB, { assessmentId: crypto.randomUUID(), allPassed: true })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/certificates',
      payload: { assessmentId: quiz.id, allPassed: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('listing and reading', () => {
  it("shows an Administrator their organization's certificates, filtered", async () => {
    const all = CertificateListSchema.parse((await get(adminA, '/api/certificates?pageSize=100')).json());
    expect(all.total).toBe(5);
    expect(all.items.every((c) => c.organization.id === orgA)).toBe(true);
    const forQuiz = CertificateListSchema.parse(
      (await get(adminA, `/api/certificates?assessmentId=${quiz.id}`)).json(),
    );
    expect(forQuiz.total).toBe(3);
    const forAda = CertificateListSchema.parse(
      (await get(adminA, `/api/certificates?studentId=${ada.user.id}`)).json(),
    );
    expect(forAda.items.map((c) => c.holder.id)).toEqual([ada.user.id, ada.user.id]);
    const revoked = CertificateListSchema.parse(
      (await get(adminA, '/api/certificates?status=revoked')).json(),
    );
    expect(revoked.total).toBe(0);
  });

  it('shows a Student only their own, another organization nothing, a Teacher no list', async () => {
    const own = CertificateListSchema.parse(
      (await get(ada, `/api/certificates?studentId=${li.user.id}`)).json(),
    );
    expect(own.items.length).toBe(2);
    expect(own.items.every((c) => c.holder.id === ada.user.id)).toBe(true);
    const foreign = CertificateListSchema.parse((await get(adminB, '/api/certificates')).json());
    expect(foreign.total).toBe(0);
    expect((await get(teacherA, '/api/certificates')).statusCode).toBe(403);
    expect((await get(null, '/api/certificates')).statusCode).toBe(401);
    const everyone = CertificateListSchema.parse((await get(superAdmin, '/api/certificates')).json());
    expect(everyone.total).toBe(5);
  });

  it('lets the holder and their Administrators read one; others get 404', async () => {
    const url = `/api/certificates/${adaCertificate.id}`;
    for (const who of [ada, adminA, superAdmin]) {
      expect(CertificateResponseSchema.parse((await get(who, url)).json()).data.id).toBe(adaCertificate.id);
    }
    for (const who of [li, adminB, studentB]) expect((await get(who, url)).statusCode).toBe(404);
    expect((await get(teacherA, url)).statusCode).toBe(403);
  });
});

describe('public verification', () => {
  it('answers holder, assessment, organization, date and status, and nothing else, without a token', async () => {
    const res = await get(null, `/api/certificates/verify/${adaCertificate.code}`);
    expect(res.statusCode).toBe(200);
    const body = CertificateVerificationResponseSchema.parse(res.json());
    expect(body).toEqual({
      data: {
        holderName: 'Ada Lovelace',
        assessmentTitle: 'Algebra basics',
        organizationName: 'Certificate Academy A',
        issuedAt: adaCertificate.issuedAt,
        status: 'valid',
        revokedAt: null,
      },
    });
    for (const secret of [ada.user.id, ada.user.email, orgA, quiz.id, adaCertificate.id]) {
      expect(res.body).not.toContain(secret);
    }
    // The code as typed from paper, in lower case, still verifies.
    expect(
      (await get(null, `/api/certificates/verify/${adaCertificate.code.toLowerCase()}`)).statusCode,
    ).toBe(200);
  });

  it('says so for an unknown or malformed code', async () => {
    for (const code of ['ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 'not-a-code', adaCertificate.id]) {
      const res = await get(null, `/api/certificates/verify/${code}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('certificate_not_found');
    }
  });
});

describe('revoking and reissuing', () => {
  it('revokes with a reason; verification then says Revoked with the date; twice is refused', async () => {
    const [li1] = CertificateListSchema.parse((await get(li, '/api/certificates')).json()).items;
    for (const who of [teacherA, li]) {
      expect((await post(who, `/api/certificates/${li1!.id}/revoke`, { reason: 'x' })).statusCode).toBe(403);
    }
    expect((await post(adminB, `/api/certificates/${li1!.id}/revoke`, { reason: 'x' })).statusCode).toBe(404);
    expect((await post(adminA, `/api/certificates/${li1!.id}/revoke`, { reason: ' ' })).statusCode).toBe(400);

    const res = await post(adminA, `/api/certificates/${li1!.id}/revoke`, { reason: 'Marked in error' });
    expect(res.statusCode).toBe(200);
    const revoked = CertificateResponseSchema.parse(res.json()).data;
    expect(revoked).toMatchObject({ status: 'revoked', revokeReason: 'Marked in error' });
    expect(revoked.revokedAt).not.toBeNull();

    const check = CertificateVerificationResponseSchema.parse(
      (await get(null, `/api/certificates/verify/${li1!.code}`)).json(),
    ).data;
    expect(check).toMatchObject({ status: 'revoked', revokedAt: revoked.revokedAt });

    const again = await post(adminA, `/api/certificates/${li1!.id}/revoke`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('certificate_revoked');
    expect((await auditOf(li1!.id)).map((a) => a.action)).toContain('certificate.revoked');

    // Revoked, the student may be given a new one.
    const anew = await give(adminA, { assessmentId: quiz.id, studentIds: [li.user.id] });
    expect(anew.statusCode).toBe(201);
  });

  it('reissues a live certificate: a new code replaces it and the old one is revoked', async () => {
    expect((await post(teacherA, `/api/certificates/${adaCertificate.id}/reissue`)).statusCode).toBe(403);
    expect((await post(adminB, `/api/certificates/${adaCertificate.id}/reissue`)).statusCode).toBe(404);
    const res = await post(adminA, `/api/certificates/${adaCertificate.id}/reissue`, {
      reason: 'Name corrected',
    });
    expect(res.statusCode).toBe(201);
    const fresh = CertificateResponseSchema.parse(res.json()).data;
    expect(fresh).toMatchObject({
      status: 'valid',
      replacesId: adaCertificate.id,
      holder: { id: ada.user.id },
    });
    expect(fresh.code).not.toBe(adaCertificate.code);
    const old = CertificateResponseSchema.parse(
      (await get(adminA, `/api/certificates/${adaCertificate.id}`)).json(),
    ).data;
    expect(old).toMatchObject({ status: 'revoked', replacedById: fresh.id, revokeReason: 'Name corrected' });
    expect((await auditOf(fresh.id)).map((a) => a.action)).toEqual(['certificate.reissued']);
    // A replaced certificate is not reissued twice.
    expect((await post(adminA, `/api/certificates/${adaCertificate.id}/reissue`)).statusCode).toBe(409);
    const live = (await certificateRows(quiz.id, ada.user.id)).filter((r) => r.revokedAt === null);
    expect(live.map((r) => r.id)).toEqual([fresh.id]);
    adaCertificate = fresh;
  });
});

describe('the automatic rule', () => {
  it('is read and set by Administrators of the organization only', async () => {
    const url = `/api/certificates/rules/${quiz.id}`;
    expect((await get(adminA, url)).json()).toEqual({ data: { assessmentId: quiz.id, autoGive: false } });
    expect((await get(adminB, url)).statusCode).toBe(404);
    expect((await get(teacherA, url)).statusCode).toBe(403);
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: adminB.headers,
      payload: { autoGive: true },
    });
    expect(put.statusCode).toBe(404);
  });

  it('gives a certificate when a submission passes, and none on a fail or without the rule', async () => {
    const auto = await makeAssessment(t.app, orgA, { title: 'Auto quiz', questions: [TF], totalMarks: 1 });
    const plain = await makeAssessment(t.app, orgA, { title: 'Plain quiz', questions: [TF], totalMarks: 1 });
    const rule = await t.app.inject({
      method: 'PUT',
      url: `/api/certificates/rules/${auto.id}`,
      headers: adminA.headers,
      payload: { autoGive: true },
    });
    expect(rule.json()).toEqual({ data: { assessmentId: auto.id, autoGive: true } });

    const takeAndSubmit = async (who: Member, assessment: AssessmentRow, answer: boolean) => {
      const started = await post(who, `/api/assessments/${assessment.id}/attempts`);
      expect(started.statusCode).toBeLessThan(300);
      const attemptId = started.json().id as string;
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/attempts/${attemptId}/answers/q1`,
        headers: who.headers,
        payload: { answer, revision: 1, idempotencyKey: crypto.randomUUID() },
      });
      expect(saved.statusCode).toBe(200);
      expect((await post(who, `/api/attempts/${attemptId}/submit`)).statusCode).toBe(200);
    };
    const passer = await as('Student', orgA, { name: 'Nguyễn Thị Minh Khai', language: 'vi' });
    const loser = await as('Student', orgA);
    await takeAndSubmit(passer, auto, RIGHT);
    await takeAndSubmit(loser, auto, !RIGHT);
    await takeAndSubmit(passer, plain, RIGHT);

    const [given] = await certificateRows(auto.id, passer.user.id);
    expect(given).toMatchObject({ issuedBy: null, holderName: 'Nguyễn Thị Minh Khai', percentage: 100 });
    expect(await certificateRows(auto.id, loser.user.id)).toHaveLength(0);
    expect(await certificateRows(plain.id, passer.user.id)).toHaveLength(0);
    const audit = await auditOf(given!.id);
    expect(audit[0]).toMatchObject({ action: 'certificate.given', actorId: null });
    const mails = await mailsTo(passer.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Chứng chỉ của bạn cho Auto quiz']);
  });

  it("gives one when a teacher's mark turns a submission into a pass", async () => {
    const marked = await makeAssessment(t.app, orgA, {
      title: 'Essay test',
      questions: [TF, ESSAY],
      passMark: 100,
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/certificates/rules/${marked.id}`,
      headers: adminA.headers,
      payload: { autoGive: true },
    });
    const writer = await as('Student', orgA, { name: 'राम बहादुर', language: 'ne' });
    const attempt = await submitAttempt(t.app, marked, writer.user.id, {
      q1: RIGHT,
      q2: { text: '<p>An essay.</p>' },
    });
    expect(attempt.passed).toBeNull();
    expect(await certificateRows(marked.id, writer.user.id)).toHaveLength(0);

    const low = await post(teacherA, `/api/attempts/${attempt.id}/marks`, {
      marks: [{ questionId: 'q2', score: 0 }],
    });
    expect(low.statusCode).toBe(200);
    expect(await certificateRows(marked.id, writer.user.id)).toHaveLength(0);

    const high = await post(teacherA, `/api/attempts/${attempt.id}/marks`, {
      marks: [{ questionId: 'q2', score: ESSAY.score }],
    });
    expect(high.statusCode).toBe(200);
    const [given] = await certificateRows(marked.id, writer.user.id);
    expect(given).toMatchObject({ issuedBy: null, percentage: 100 });
    const mails = await mailsTo(writer.user.email);
    expect(mails).toHaveLength(1);
  });
});

describe('automatic certificates as a setting of the assessment', () => {
  it('saves with the assessment: Administrators set it, a Teacher keeps it, a pass then gives one', async () => {
    await t.app.db.insert(paymentRecords).values({
      organizationId: orgA,
      planName: 'Custom',
      status: 'active',
      invoiceStatus: 'paid',
      activatedAt: new Date(),
      customMonthlyAssessments: null,
    });
    const input = assessmentInput({
      title: 'Setting quiz',
      questions: [TF],
      status: 'published',
      autoCertificate: true,
    });
    // A Teacher may not switch it on…
    const refused = await post(teacherA, '/api/assessments', input);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    // …an Administrator may, in the same save as the rest of the settings.
    const created = await post(adminA, '/api/assessments', input);
    expect(created.statusCode, created.body).toBe(201);
    const assessment = AssessmentSchema.parse(created.json());
    expect(assessment.autoCertificate).toBe(true);
    const rule = await get(adminA, `/api/certificates/rules/${assessment.id}`);
    expect(rule.json()).toEqual({ data: { assessmentId: assessment.id, autoGive: true } });
    expect((await auditOf(assessment.id)).map((a) => a.action)).toContain('certificate.rule_updated');
    // Staff read it with the assessment; a Student does not.
    expect(
      AssessmentSchema.parse((await get(teacherA, `/api/assessments/${assessment.id}`)).json()),
    ).toMatchObject({ autoCertificate: true });
    expect(
      AssessmentSchema.parse((await get(ada, `/api/assessments/${assessment.id}`)).json()),
    ).toMatchObject({
      autoCertificate: false,
    });

    const put = (who: Member, changes: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/assessments/${assessment.id}`,
        headers: who.headers,
        payload: { ...input, ...changes },
      });
    // A Teacher's save that would switch it off is refused whole: the title does not change either.
    const off = await put(teacherA, { title: 'Renamed by a teacher', autoCertificate: false });
    expect(off.statusCode).toBe(403);
    const after = AssessmentSchema.parse((await get(adminA, `/api/assessments/${assessment.id}`)).json());
    expect(after).toMatchObject({ title: 'Setting quiz', autoCertificate: true });
    // Saving the value they were shown (or none) is an ordinary save.
    expect((await put(teacherA, { title: 'Setting quiz 2' })).statusCode).toBe(200);
    expect((await put(teacherA, { title: 'Setting quiz 3', autoCertificate: true })).statusCode).toBe(200);

    // The rule is the real one: a student who passes gets a certificate, without anyone giving it.
    const passer = await as('Student', orgA, { name: 'Setting Passer' });
    const started = await post(passer, `/api/assessments/${assessment.id}/attempts`);
    expect(started.statusCode, started.body).toBeLessThan(300);
    const attemptId = started.json().id as string;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/attempts/${attemptId}/answers/${TF.id}`,
      headers: passer.headers,
      payload: { answer: RIGHT, revision: 1, idempotencyKey: crypto.randomUUID() },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await post(passer, `/api/attempts/${attemptId}/submit`)).statusCode).toBe(200);
    expect(await certificateRows(assessment.id, passer.user.id)).toHaveLength(1);

    // An Administrator switches it off with the settings; the old route reads the same.
    expect((await put(adminA, { autoCertificate: false })).statusCode).toBe(200);
    expect((await get(adminA, `/api/certificates/rules/${assessment.id}`)).json().data.autoGive).toBe(false);
  });
});

describe('the certificate PDF', () => {
  it('downloads for the holder and their Administrators, not for others', async () => {
    const url = `/api/certificates/${adaCertificate.id}/pdf`;
    for (const who of [ada, adminA]) {
      const res = await get(who, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`certificate-${adaCertificate.code}.pdf`);
    }
    for (const who of [li, adminB]) expect((await get(who, url)).statusCode).toBe(404);
    expect((await get(teacherA, url)).statusCode).toBe(403);
  });

  it('prints the name as written, the code and the address, and its QR code opens that address', async () => {
    for (const member of [ada, somchai, li]) {
      const [certificate] = CertificateListSchema.parse(
        (await get(member, `/api/certificates?assessmentId=${quiz.id}&status=valid`)).json(),
      ).items;
      const pdf = (await get(member, `/api/certificates/${certificate!.id}/pdf`)).rawPayload;
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      expect(text).toContain(member.user.name);
      expect(text).toContain(certificate!.code);
      expect(text).toContain(certificate!.verificationUrl);
      expect(text).toContain('Algebra basics');
      expect(decodeQr(pdfPagePng(pdf))).toBe(certificate!.verificationUrl);
    }
  });

  it('sets a Thai certificate as Thai is typeset: a space between Thai and the English title, the score and the name', async () => {
    const [certificate] = CertificateListSchema.parse(
      (await get(somchai, `/api/certificates?assessmentId=${quiz.id}&status=valid`)).json(),
    ).items;
    const pdf = (await get(somchai, `/api/certificates/${certificate!.id}/pdf`)).rawPayload;
    savePageImage(pdf, 'certificate-th');
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    // The catalog's words run into the values ('สำหรับการผ่าน{assessment}ด้วยคะแนน').
    expect(text).toContain('สำหรับการผ่าน Algebra basics ด้วยคะแนน 100%');
    expect(text).toContain('โดย Certificate Academy A เมื่อวันที่');
    expect(text).not.toMatch(
      /[\u0e01-\u0e3a\u0e40-\u0e5b][A-Za-z0-9]|[A-Za-z0-9][\u0e01-\u0e3a\u0e40-\u0e5b]/,
    );
  });
});

describe('the template', () => {
  it('answers the default in the reader’s language until one is saved, then the saved one', async () => {
    const initial = CertificateTemplateResponseSchema.parse(
      (await get(adminA, '/api/certificates/template')).json(),
    );
    expect(initial.data).toMatchObject({
      id: null,
      organizationId: orgA,
      title: 'Certificate of Achievement',
    });
    expect((await get(teacherA, '/api/certificates/template')).statusCode).toBe(403);

    const body = {
      title: 'Certificate of Excellence',
      body: '{student} passed {assessment} with {score} on {date} at {organization}.',
      signatoryName: 'Grace Hopper',
      signatoryTitle: 'Principal',
      primaryColor: '#0B5394',
      accentColor: '#C9A227',
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/certificates/template',
      headers: adminA.headers,
      payload: body,
    });
    expect(saved.statusCode).toBe(200);
    expect(CertificateTemplateResponseSchema.parse(saved.json()).data).toMatchObject(body);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/certificates/template',
      headers: adminA.headers,
      payload: { ...body, primaryColor: 'blue' },
    });
    expect(bad.statusCode).toBe(400);
    // B's template is still the default.
    expect(
      CertificateTemplateResponseSchema.parse((await get(adminB, '/api/certificates/template')).json()).data
        .id,
    ).toBeNull();

    const pdf = (await get(adminA, `/api/certificates/${adaCertificate.id}/pdf`)).rawPayload;
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Certificate of Excellence');
    expect(text).toContain('Ada Lovelace passed Algebra basics with 100% on');
    expect(text).toContain('at Certificate Academy A.');
    expect(text).toContain('Principal');
  });

  it('takes a PNG logo, serves it to the organization’s Administrators and prints it', async () => {
    const png = pdfPagePng((await get(adminA, `/api/certificates/${adaCertificate.id}/pdf`)).rawPayload, 10);
    const boundary = 'certificate-logo';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/certificates/template/logo',
      headers: { ...adminA.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(upload.statusCode).toBe(200);
    expect(CertificateTemplateResponseSchema.parse(upload.json()).data.logoUrl).toBe(
      '/api/certificates/template/logo',
    );
    const logo = await get(adminA, '/api/certificates/template/logo');
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(png)).toBe(true);
    expect((await get(adminB, '/api/certificates/template/logo')).statusCode).toBe(404);

    const pdf = (await get(ada, `/api/certificates/${adaCertificate.id}/pdf`)).rawPayload;
    expect(pdf.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    expect(decodeQr(pdfPagePng(pdf))).toBe(adaCertificate.verificationUrl);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/certificates/template/logo',
      headers: adminA.headers,
    });
    expect(CertificateTemplateResponseSchema.parse(removed.json()).data.logoUrl).toBeNull();
  });
});

describe('Open Badges 3.0', () => {
  it("is a VC-JWT that a plain JOSE verifier accepts with the key of the issuer's DID document", async () => {
    const res = await get(ada, `/api/certificates/${adaCertificate.id}/badge`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vc+jwt');
    expect(res.headers['content-disposition']).toContain('.jwt');
    const jwt = res.body;
    const did = `did:web:localhost%3A3999:orgs:${orgA}`;
    const header = decodeProtectedHeader(jwt);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'vc+jwt' });
    expect(header.kid).toMatch(new RegExp(`^${did}#[A-Za-z0-9_-]{43}$`));

    // did:web: did:web:localhost%3A3999:orgs:<id> is at /orgs/<id>/did.json (here over plain HTTP).
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const document = (await (await fetch(`${address}/orgs/${orgA}/did.json`)).json()) as {
      id: string;
      verificationMethod: { id: string; publicKeyJwk: JWK }[];
    };
    expect(document.id).toBe(did);
    const method = document.verificationMethod.find((m) => m.id === header.kid)!;
    const key = await importJWK(method.publicKeyJwk, 'ES256');
    const { payload } = await jwtVerify(jwt, key, { issuer: did });

    expect(payload['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(payload.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(payload).toMatchObject({
      id: `urn:uuid:${adaCertificate.id}`,
      validFrom: adaCertificate.issuedAt,
      issuer: { id: did, type: ['Profile'], name: 'Certificate Academy A', url: BASE },
      credentialSubject: {
        type: ['AchievementSubject'],
        achievement: { type: ['Achievement'], name: 'Algebra basics' },
      },
      credentialStatus: { type: 'BitstringStatusListEntry', statusPurpose: 'revocation' },
    });
    // The holder is named only by a salted hash of their email, which a verifier can check.
    const subject = payload.credentialSubject as {
      identifier: { identityHash: string; salt: string; hashed: boolean; identityType: string }[];
    };
    const [identity] = subject.identifier;
    expect(identity).toMatchObject({ hashed: true, identityType: 'emailAddress' });
    const expected = createHash('sha256').update(`${ada.user.email}${identity!.salt}`).digest('hex');
    expect(identity!.identityHash).toBe(`sha256$${expected}`);
    expect(JSON.stringify(payload)).not.toContain(ada.user.email);

    // One changed byte in the payload: the signature no longer holds.
    const [head, body, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, name: 'Algebra basicz' })).toString('base64url');
    await expect(jwtVerify(`${head}.${forged}.${signature}`, key)).rejects.toThrow();
    const flipped = body!.slice(0, 10) + (body![10] === 'A' ? 'B' : 'A') + body!.slice(11);
    await expect(jwtVerify(`${head}.${flipped}.${signature}`, key)).rejects.toThrow();
    // The JWKS names the same key by its thumbprint (the DID URL's fragment).
    const jwks = (await get(null, '/api/certificates/issuer-key')).json() as { keys: JWK[] };
    expect(jwks.keys.map((k) => `${did}#${k.kid}`)).toContain(header.kid);

    // Revoking sets its bit in the status list it points at (decoded in certificates.badge.test.ts).
    await post(adminA, `/api/certificates/${adaCertificate.id}/revoke`, { reason: 'Cheating found' });
    // The signature itself still verifies: revocation is read from the status, as the standard has it.
    await expect(jwtVerify(jwt, key)).resolves.toBeTruthy();
  });

  it('is for the holder and their Administrators only; the key set is public', async () => {
    const url = `/api/certificates/${adaCertificate.id}/badge`;
    for (const who of [li, adminB]) expect((await get(who, url)).statusCode).toBe(404);
    expect((await get(null, url)).statusCode).toBe(401);
    const keys = (await get(null, '/api/certificates/issuer-key')).json() as {
      keys: Record<string, unknown>[];
    };
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(keys.keys[0]).not.toHaveProperty('d');
  });
});

describe('rate limit', () => {
  it('limits how often codes are checked', async () => {
    let limited = 0;
    for (let i = 0; i < 40; i++) {
      const res = await get(null, `/api/certificates/verify/ABCDEFGHIJKLMNOPQRSTUVWXYZ23456${i % 8}`);
      if (res.statusCode === 429) limited += 1;
    }
    expect(limited).toBeGreaterThan(0);
  });
});

import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exampleToQuestion, PLANS, QUESTION_EXAMPLES, QuestionSchema, type Role } from '@vbuilder/shared';
import authPlugin from '../plugins/auth.ts';
import type { DeclaredRoute, Policy } from '../plugins/authorize.ts';
import {
  aiConversations,
  assessments,
  attempts,
  auditEvents,
  certificates,
  paymentRecords,
  questionBankCategories,
  questionBankQuestions,
} from '../db/schema/index.ts';
import { recordPlan } from '../modules/plans/plans.service.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from './sign-in.ts';

/**
 * The authorization matrix: every route the app registers with a policy, called as
 * every role, as a member of a foreign organization and without a token, with ids that are the
 * caller's own, another organization's, missing, and (for user ids) the caller's own account,
 * each with an empty and a plausible body. It fails on:
 * - any 5xx;
 * - a 2xx the policy refuses (no token on a non-public route: 401; a role not in it: 403);
 * - a 2xx on a missing id, or on another organization's id for anyone but the Super Administrator;
 * - another organization's id answered differently from a missing one (ids must not be confirmed);
 * - a 2xx that shows a non-Super-Administrator another organization's records (their ids or emails),
 *   also when the route is asked with own ids in the path but foreign ones in the query or body;
 * - an audit event showing a member changed something in another organization, whatever the answer;
 * - EXPECTATIONS, a small table for id-scoped routes: who must (or must never) succeed on their
 *   own ids, so rules that are too strict fail too and the requests are known to reach the rules.
 *
 * Routes come from `app.declaredRoutes` (filled by the auth plugin's onRoute hook) and bodies
 * from each route's zod schema, so a new route is covered the day it is registered. What an id
 * is comes from the path: `/organizations/:id` an organization, `/users/:id` a user (ID_KINDS).
 */

const t = await buildTestApp();
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// The explicit part: id kinds and per-route expectations.

type IdKind =
  | 'organization'
  | 'user'
  | 'assessment'
  | 'attempt'
  | 'payment'
  | 'certificate'
  | 'conversation'
  | 'bankCategory'
  | 'bankQuestion';
/** The path segment before a parameter (or the parameter's name) tells what the id is. */
const ID_KINDS: Record<string, IdKind> = {
  organizations: 'organization',
  organization: 'organization',
  orgId: 'organization',
  organizationId: 'organization',
  users: 'user',
  userId: 'user',
  assessments: 'assessment',
  attempts: 'attempt',
  studentId: 'user',
  payments: 'payment',
  assessmentId: 'assessment',
  certificates: 'certificate',
  conversations: 'conversation',
  categoryId: 'bankCategory',
  bankQuestionId: 'bankQuestion',
};

const ALL_ROLES: readonly Role[] = ['Super Administrator', 'Administrator', 'user', 'Teacher', 'Student'];
const ADMINS: readonly Role[] = ['Super Administrator', 'Administrator', 'user'];
/** Who writes assessments: an organization's administrators and teachers. */
const AUTHORS: readonly Role[] = ['Administrator', 'user', 'Teacher'];

/**
 * Public routes that answer for every organization by design, and so for another organization's
 * id too: an organization's did:web DID document and its revocation status lists, which anyone
 * must be able to read to verify the organization's Open Badges. They show the organization's id
 * (in its DID) and public keys; the matrix still checks that a missing organization is a 404 and
 * that nothing else of another organization (its members' ids and emails, its certificates) shows.
 */
const PUBLIC_RECORDS = new Set(['GET /orgs/:orgId/did.json', 'GET /orgs/:orgId/status/:list']);

/** Values for opaque path parameters that a plausible request needs (a status list's number). */
const OPAQUE_VALUES: Record<string, string> = { list: '0' };

interface Expectation {
  /** Roles that must get a 2xx on their own id with a plausible request. */
  ownMustPass?: readonly Role[];
  /** Roles that must never get a 2xx on their own id (on top of what the policy refuses). */
  ownNever?: readonly Role[];
  /** For user ids: roles that must never get a 2xx on their own account (the caller's id). */
  selfNever?: readonly Role[];
}

/** Keyed "METHOD /api/path". "Own" user = a Student of the caller's organization; "self" = the caller. */
const EXPECTATIONS: Record<string, Expectation> = {
  'GET /api/organizations/:id': { ownMustPass: ALL_ROLES },
  'PATCH /api/organizations/:id': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  'GET /api/organizations/:id/users': { ownMustPass: [...ADMINS, 'Teacher'], ownNever: ['Student'] },
  // The school's own provider (docs/product/school-sign-in.md): its Administrators only. The
  // plausible bodies are not valid (no https issuer, no domain), so nothing reaches the network.
  'GET /api/organizations/:id/school-sign-in': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  'PUT /api/organizations/:id/school-sign-in': { ownNever: ['Teacher', 'Student'] },
  'POST /api/organizations/:id/school-sign-in/test': { ownNever: ['Teacher', 'Student'] },
  'GET /api/users/:id': { ownMustPass: [...ADMINS, 'Teacher'], ownNever: ['Student'] },
  // The plausible body changes role and status: nobody may do that to their own account.
  'PATCH /api/users/:id': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'], selfNever: ALL_ROLES },
  'DELETE /api/users/:id': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'], selfNever: ALL_ROLES },
  // Assessments: "own" is a published one assigned to every student of the caller's organization.
  'GET /api/assessments/:id': { ownMustPass: ALL_ROLES },
  'PUT /api/assessments/:id': { ownMustPass: AUTHORS, ownNever: ['Super Administrator', 'Student'] },
  // Deleting, and releasing results below, is the author's or an administrator's call: the matrix's
  // assessments have no author, so its Teacher never may (assessment-author.test.ts: the author may).
  'DELETE /api/assessments/:id': {
    ownMustPass: ['Administrator', 'user'],
    ownNever: ['Super Administrator', 'Teacher', 'Student'],
  },
  'POST /api/assessments/:id/duplicate': {
    ownMustPass: AUTHORS,
    ownNever: ['Super Administrator', 'Student'],
  },
  'POST /api/assessments/:id/resources': {
    ownMustPass: AUTHORS,
    ownNever: ['Super Administrator', 'Student'],
  },
  // Submissions: staff of the organization read them, the Super Administrator too; never a Student.
  'GET /api/assessments/:id/submissions': { ownMustPass: [...ADMINS, 'Teacher'], ownNever: ['Student'] },
  'GET /api/assessments/:id/students': { ownMustPass: [...ADMINS, 'Teacher'], ownNever: ['Student'] },
  'GET /api/assessments/:id/export.csv': { ownMustPass: [...ADMINS, 'Teacher'], ownNever: ['Student'] },
  'GET /api/assessments/:id/export.xlsx': { ownMustPass: [...ADMINS, 'Teacher'], ownNever: ['Student'] },
  'GET /api/assessments/:id/report.pdf': { ownMustPass: [...ADMINS, 'Teacher'], ownNever: ['Student'] },
  // Item analysis: as the submissions it is computed from.
  'GET /api/assessments/:id/item-analysis': { ownMustPass: [...ADMINS, 'Teacher'], ownNever: ['Student'] },
  // Regrades: staff read; those who mark preview and apply (the generated body is
  // refused, 400: the own 2xx is shown by regrades.routes.test.ts); never a Student.
  'GET /api/assessments/:id/regrades': { ownMustPass: [...ADMINS, 'Teacher'], ownNever: ['Student'] },
  'POST /api/assessments/:id/regrades/preview': { ownNever: ['Super Administrator', 'Student'] },
  'POST /api/assessments/:id/regrades': { ownNever: ['Super Administrator', 'Student'] },
  // The standing student has not submitted: 404 no_submission for everyone, and never 2xx for a Student.
  'GET /api/assessments/:id/marking/:studentId': { ownNever: ['Student'] },
  // The standing attempt is still in progress: 404 no_submission for staff, never 2xx for a Student.
  'GET /api/attempts/:id/submission': { ownNever: ['Student'] },
  'POST /api/attempts/:id/marks': { ownNever: ['Super Administrator', 'Student'] },
  // Accommodations: staff read them; those who mark set and remove them; never a Student.
  'GET /api/assessments/:id/accommodations': { ownMustPass: [...ADMINS, 'Teacher'], ownNever: ['Student'] },
  // The generated body gives minutes and percent at once (refused, 400): the own 2xx of the
  // authors is shown by accommodations.routes.test.ts.
  'PUT /api/assessments/:id/accommodations/:studentId': { ownNever: ['Super Administrator', 'Student'] },
  'DELETE /api/assessments/:id/accommodations/:studentId': { ownNever: ['Super Administrator', 'Student'] },
  // Release of results: as marking.
  'GET /api/assessments/:id/release': { ownMustPass: [...ADMINS, 'Teacher'], ownNever: ['Student'] },
  'POST /api/assessments/:id/release': {
    ownMustPass: ['Administrator', 'user'],
    ownNever: ['Super Administrator', 'Teacher', 'Student'],
  },
  // Marking queue and rubrics: the organization's markers (as POST /attempts/:id/marks);
  // never the platform team or a Student. The standing attempt is in progress: marks and
  // suggestions on it answer 404 (their own 2xx is shown by marking-queue.routes.test.ts).
  'GET /api/marking-queue': { ownMustPass: AUTHORS, ownNever: ['Super Administrator', 'Student'] },
  'GET /api/marking-queue/count': { ownMustPass: AUTHORS, ownNever: ['Super Administrator', 'Student'] },
  'POST /api/marking-queue/marks': { ownNever: ['Super Administrator', 'Student'] },
  'POST /api/marking-queue/suggestions': { ownNever: ['Super Administrator', 'Student'] },
  'POST /api/marking-queue/suggestions/:id/reject': { ownNever: ['Super Administrator', 'Student'] },
  'GET /api/assessments/:id/rubrics': { ownMustPass: AUTHORS, ownNever: ['Super Administrator', 'Student'] },
  'PUT /api/assessments/:id/rubrics/:questionId': { ownNever: ['Super Administrator', 'Student'] },
  'DELETE /api/assessments/:id/rubrics/:questionId': { ownNever: ['Super Administrator', 'Student'] },
  // Attempts: a Student starts one at their organization's published assessment and reads their
  // results; the standing attempt belongs to no caller, so only staff of its organization read it.
  'POST /api/assessments/:id/attempts': { ownMustPass: ['Student'] },
  'GET /api/assessments/:id/my-results': { ownMustPass: ['Student'] },
  'GET /api/attempts/:id': { ownMustPass: [...ADMINS, 'Teacher'], ownNever: ['Student'] },
  // The timer's refresh: the standing attempt is no caller's own, so nobody reads it.
  'GET /api/attempts/:id/deadline': { ownNever: ALL_ROLES },
  // A result PDF is its own student's only: the standing attempt is no caller's own.
  'GET /api/attempts/:id/result.pdf': { ownNever: ALL_ROLES },
  'PUT /api/attempts/:id/answers/:questionId': { ownNever: ALL_ROLES },
  'POST /api/attempts/:id/answers/:questionId/files': { ownNever: ALL_ROLES },
  'POST /api/attempts/:id/submit': { ownNever: ALL_ROLES },
  'GET /api/assessments/organization/:orgId/monthly': {
    ownMustPass: ['Super Administrator', ...AUTHORS],
    ownNever: ['Student'],
  },
  // Billing: "own" payment record is a pending one of the caller's organization.
  'GET /api/payments/organization/:orgId': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  'GET /api/subscriptions/organization/:orgId': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  // The matrix's organizations have nothing paid in force: no period end to schedule at (409).
  'POST /api/subscriptions/organization/:orgId/scheduled-change': { ownNever: ALL_ROLES },
  'DELETE /api/subscriptions/organization/:orgId/scheduled-change': { ownNever: ALL_ROLES },
  'GET /api/payments/:id': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  'GET /api/payments/:id/invoice.pdf': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  'POST /api/payments/:id/activate': { ownMustPass: ['Super Administrator'], ownNever: AUTHORS },
  'POST /api/payments/:id/close': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  'DELETE /api/payments/:id': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  // A pending record has no paid invoice to send, and a CSV is no receipt.
  'POST /api/payments/:id/send-receipt': { ownNever: ALL_ROLES },
  'POST /api/payments/:id/receipt': { ownNever: ALL_ROLES },
  // Card payments: without STRIPE_SECRET_KEY here, checkout and the webhook answer 409
  // card_payments_unavailable. The webhook is public: its Stripe-Signature header is its
  // authorization (payments.card.test.ts).
  // Certificates: "own" is one held by a Student of the caller's organization (not the
  // calling Student); only its Administrators (and the Super Administrator) reach it.
  'GET /api/certificates/:id': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  'GET /api/certificates/:id/pdf': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  'GET /api/certificates/:id/badge': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  'GET /api/certificates/:id/badge.png': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  // An organization's issuer documents: public, for anyone and any organization (PUBLIC_RECORDS).
  'GET /orgs/:orgId/did.json': { ownMustPass: ALL_ROLES },
  'GET /orgs/:orgId/status/:list': { ownMustPass: ALL_ROLES },
  'POST /api/certificates/:id/revoke': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  'POST /api/certificates/:id/reissue': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  'GET /api/certificates/rules/:assessmentId': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  'PUT /api/certificates/rules/:assessmentId': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  // Dashboard: each card's route answers exactly the roles whose dashboard shows it.
  'GET /api/dashboard/summary': { ownMustPass: ALL_ROLES },
  'GET /api/dashboard/schedule': { ownMustPass: [...AUTHORS, 'Student'], ownNever: ['Super Administrator'] },
  'GET /api/dashboard/submissions-week': {
    ownMustPass: AUTHORS,
    ownNever: ['Super Administrator', 'Student'],
  },
  'GET /api/dashboard/recent-results': { ownMustPass: AUTHORS, ownNever: ['Super Administrator', 'Student'] },
  'GET /api/dashboard/marking-queue': { ownMustPass: AUTHORS, ownNever: ['Super Administrator', 'Student'] },
  'GET /api/dashboard/my-results': { ownMustPass: ['Student'], ownNever: ADMINS },
  'GET /api/dashboard/my-certificates': { ownMustPass: ['Student'], ownNever: ADMINS },
  'GET /api/dashboard/organizations': { ownMustPass: ['Super Administrator'], ownNever: AUTHORS },
  'GET /api/dashboard/payments-month': { ownMustPass: ['Super Administrator'], ownNever: AUTHORS },
  // AI assistant: "own" is a conversation of the organization's Teacher, seen by that
  // Teacher only: not by the organization's administrators, nor anyone else.
  'GET /api/ai/conversations/:id': { ownMustPass: ['Teacher'], ownNever: [...ADMINS, 'Student'] },
  'PATCH /api/ai/conversations/:id': { ownMustPass: ['Teacher'], ownNever: [...ADMINS, 'Student'] },
  'DELETE /api/ai/conversations/:id': { ownMustPass: ['Teacher'], ownNever: [...ADMINS, 'Student'] },
  // Question bank: the organization's authors read and write it; the platform team and
  // students never. "Own" category and question are the organization's (fresh ones for changes).
  'PATCH /api/question-bank/categories/:categoryId': { ownNever: ['Super Administrator', 'Student'] },
  'DELETE /api/question-bank/categories/:categoryId': {
    ownMustPass: AUTHORS,
    ownNever: ['Super Administrator', 'Student'],
  },
  'GET /api/question-bank/questions/:bankQuestionId': {
    ownMustPass: AUTHORS,
    ownNever: ['Super Administrator', 'Student'],
  },
  'GET /api/question-bank/questions/:bankQuestionId/links': {
    ownMustPass: AUTHORS,
    ownNever: ['Super Administrator', 'Student'],
  },
  'PUT /api/question-bank/questions/:bankQuestionId': { ownNever: ['Super Administrator', 'Student'] },
  'DELETE /api/question-bank/questions/:bankQuestionId': {
    ownMustPass: AUTHORS,
    ownNever: ['Super Administrator', 'Student'],
  },
  'POST /api/question-bank/assessments/:assessmentId/save-to-bank': {
    ownNever: ['Super Administrator', 'Student'],
  },
  'POST /api/question-bank/assessments/:assessmentId/questions': {
    ownNever: ['Super Administrator', 'Student'],
  },
  // Question exports: the organization's authors take its assessments' and bank's
  // questions away; the platform team and students never.
  'GET /api/question-exports/check': { ownNever: ['Super Administrator', 'Student'] },
  'GET /api/question-exports/file': { ownNever: ['Super Administrator', 'Student'] },
  // LTI registrations: the organization's Administrators (and the Super Administrator) only.
  // The generated manual registration may be refused (400, an address the schema's example
  // does not make https) or a repeat (409); its 201 is shown by lti.routes.test.ts. The
  // registration ids in the path are nobody's (no standing registration): 404 for everyone.
  'GET /api/organizations/:id/lti/registrations': { ownMustPass: ADMINS, ownNever: ['Teacher', 'Student'] },
  'POST /api/organizations/:id/lti/registrations': { ownNever: ['Teacher', 'Student'] },
  'POST /api/organizations/:id/lti/registration-links': {
    ownMustPass: ADMINS,
    ownNever: ['Teacher', 'Student'],
  },
  'PATCH /api/organizations/:id/lti/registrations/:registrationId': { ownNever: ALL_ROLES },
  'DELETE /api/organizations/:id/lti/registrations/:registrationId': { ownNever: ALL_ROLES },
  // A deep linking request is its instructor's only; the matrix has none standing: 404 for all
  // (lti.launch.test.ts shows its instructor's 2xx and another Teacher's 404).
  'GET /api/lti/deep-links/:id': { ownNever: ALL_ROLES },
  'POST /api/lti/deep-links/:id/response': { ownNever: ALL_ROLES },
  'POST /api/lti/tool-keys/rotate': {
    ownMustPass: ['Super Administrator'],
    ownNever: [...AUTHORS, 'Student'],
  },
};

// ---------------------------------------------------------------------------------------------
// The world: two organizations, members of every role in A, an Administrator in B.

interface Tenant {
  organizationId: string;
  /** Ids and emails of this organization's users: must never reach another organization's members. */
  secrets: Set<string>;
}

async function makeTenant(name: string): Promise<Tenant> {
  const org = await makeOrganization(t.app, name);
  return { organizationId: org.id, secrets: new Set([org.id]) };
}

const tenantA = await makeTenant('Matrix Academy A');
const tenantB = await makeTenant('Matrix Academy B');

async function member(tenant: Tenant, role: Role) {
  const user = await makeUser(t.app, role, tenant.organizationId);
  tenant.secrets.add(user.id).add(user.email);
  return user;
}

interface Caller {
  label: string;
  role: Role | null;
  userId: string | null;
  headers: Record<string, string>;
  /** The caller's organization, and the other one (a Super Administrator's "own" is A). */
  home: Tenant;
  away: Tenant;
}

const callers: Caller[] = [];
{
  const superAdministrator = await makeUser(t.app, 'Super Administrator', null);
  callers.push({
    label: 'Super Administrator',
    role: 'Super Administrator',
    userId: superAdministrator.id,
    headers: bearer(await tokenFor(t.app, superAdministrator)),
    home: tenantA,
    away: tenantB,
  });
  for (const role of ['Administrator', 'user', 'Teacher', 'Student'] as Role[]) {
    const user = await member(tenantA, role);
    callers.push({
      label: role,
      role,
      userId: user.id,
      headers: bearer(await tokenFor(t.app, user)),
      home: tenantA,
      away: tenantB,
    });
  }
  // The member of a foreign organization: B's Administrator, for whom A's records are foreign.
  const foreign = await member(tenantB, 'Administrator');
  callers.push({
    label: 'Administrator of a foreign organization',
    role: 'Administrator',
    userId: foreign.id,
    headers: bearer(await tokenFor(t.app, foreign)),
    home: tenantB,
    away: tenantA,
  });
  callers.push({ label: 'no token', role: null, userId: null, headers: {}, home: tenantA, away: tenantB });
}
// Standing targets for read-only calls; calls that change things get fresh ones.
const standingTargets = new Map<Tenant, string>([
  [tenantA, (await member(tenantA, 'Student')).id],
  [tenantB, (await member(tenantB, 'Student')).id],
]);

// Assessments: both organizations on Enterprise, so repeated duplicates are not stopped by the
// monthly allowance; a standing published one assigned to everyone, fresh ones for changing calls.
for (const tenant of [tenantA, tenantB]) await recordPlan(t.app.db, tenant.organizationId, PLANS.Enterprise);
async function assessmentOf(tenant: Tenant): Promise<string> {
  const [row] = await t.app.db
    .insert(assessments)
    .values({
      organizationId: tenant.organizationId,
      title: 'Matrix assessment',
      subject: 'Matrix',
      difficulty: 'Easy',
      generationType: 'manual',
      passMark: 50,
      status: 'published',
      assignmentMode: 'all',
      questions: [QuestionSchema.parse(exampleToQuestion(QUESTION_EXAMPLES['true-false'], 'q1'))],
    })
    .returning();
  tenant.secrets.add(row!.id);
  return row!.id;
}
const standingAssessments = new Map<Tenant, string>([
  [tenantA, await assessmentOf(tenantA)],
  [tenantB, await assessmentOf(tenantB)],
]);

// Attempts: the standing student's attempt in progress, at an assessment of its own.
// No caller owns it, so every write to it must fail; staff of its organization may read it.
async function attemptOf(tenant: Tenant): Promise<string> {
  const [row] = await t.app.db
    .insert(attempts)
    .values({
      organizationId: tenant.organizationId,
      assessmentId: await assessmentOf(tenant),
      studentId: standingTargets.get(tenant)!,
      number: 1,
      status: 'in_progress',
      questions: [QuestionSchema.parse(exampleToQuestion(QUESTION_EXAMPLES['true-false'], 'q1'))],
      startedAt: new Date(),
      passMark: 50,
    })
    .returning();
  tenant.secrets.add(row!.id);
  return row!.id;
}
const standingAttempts = new Map<Tenant, string>([
  [tenantA, await attemptOf(tenantA)],
  [tenantB, await attemptOf(tenantB)],
]);

// Payment records: a standing pending one for reads, fresh pending ones for changing calls.
let paymentSerial = 0;
async function paymentOf(tenant: Tenant): Promise<string> {
  const [row] = await t.app.db
    .insert(paymentRecords)
    .values({
      organizationId: tenant.organizationId,
      planName: 'Professional',
      status: 'pending',
      invoiceStatus: 'open',
      invoiceNumber: `VB-1999-${String(++paymentSerial).padStart(6, '0')}`,
      amountMinor: 4900,
      currency: 'USD',
    })
    .returning();
  tenant.secrets.add(row!.id);
  return row!.id;
}
/** Stands in the path for a fresh payment record, made per call. */
const FRESH_PAYMENT = 'fresh-payment-record';
const standingPayments = new Map<Tenant, string>([
  [tenantA, await paymentOf(tenantA)],
  [tenantB, await paymentOf(tenantB)],
]);

// Certificates: a live one held by a Student who passed, standing for reads, fresh
// (with its own student, assessment and passed attempt) for revoke and reissue.
async function certificateOf(tenant: Tenant): Promise<string> {
  const student = await member(tenant, 'Student');
  const assessmentId = await assessmentOf(tenant);
  const [attempt] = await t.app.db
    .insert(attempts)
    .values({
      organizationId: tenant.organizationId,
      assessmentId,
      studentId: student.id,
      number: 1,
      status: 'submitted',
      questions: [QuestionSchema.parse(exampleToQuestion(QUESTION_EXAMPLES['true-false'], 'q1'))],
      startedAt: new Date(),
      submittedAt: new Date(),
      submittedBy: 'student',
      markingStatus: 'auto',
      score: 1,
      maxScore: 1,
      percentage: 100,
      passed: true,
      passMark: 50,
    })
    .returning();
  const [row] = await t.app.db
    .insert(certificates)
    .values({
      code: crypto
        .randomUUID()
        .replaceAll('-', '')
        .toUpperCase()
        .slice(0, 32)
        .replace(/[0189]/g, 'A'),
      organizationId: tenant.organizationId,
      assessmentId,
      studentId: student.id,
      attemptId: attempt!.id,
      holderName: student.name,
      assessmentTitle: 'Matrix assessment',
      organizationName: 'Matrix',
      percentage: 100,
      issuedAt: new Date(),
    })
    .returning();
  tenant.secrets.add(row!.id).add(row!.code);
  return row!.id;
}
/** Stands in the path for a fresh certificate, made per call. */
const FRESH_CERTIFICATE = 'fresh-certificate';
const standingCertificates = new Map<Tenant, string>([
  [tenantA, await certificateOf(tenantA)],
  [tenantB, await certificateOf(tenantB)],
]);

// AI assistant conversations: owned by A's calling Teacher and by a Teacher of B (no
// caller), standing for reads, fresh for rename and delete.
const conversationOwners = new Map<Tenant, string>([
  [tenantA, callers.find((c) => c.label === 'Teacher')!.userId!],
  [tenantB, (await member(tenantB, 'Teacher')).id],
]);
async function conversationOf(tenant: Tenant): Promise<string> {
  const [row] = await t.app.db
    .insert(aiConversations)
    .values({
      organizationId: tenant.organizationId,
      userId: conversationOwners.get(tenant)!,
      title: 'Matrix chat',
    })
    .returning();
  tenant.secrets.add(row!.id);
  return row!.id;
}
const standingConversations = new Map<Tenant, string>([
  [tenantA, await conversationOf(tenantA)],
  [tenantB, await conversationOf(tenantB)],
]);

// Question bank: a standing category and question per organization for reads, fresh
// (empty, unused) ones for changing calls.
let bankSerial = 0;
async function bankCategoryOf(tenant: Tenant): Promise<string> {
  const [row] = await t.app.db
    .insert(questionBankCategories)
    .values({ organizationId: tenant.organizationId, name: `Matrix category ${++bankSerial}` })
    .returning();
  tenant.secrets.add(row!.id);
  return row!.id;
}
async function bankQuestionOf(tenant: Tenant): Promise<string> {
  const id = crypto.randomUUID();
  const question = QuestionSchema.parse(exampleToQuestion(QUESTION_EXAMPLES['true-false'], id));
  await t.app.db.insert(questionBankQuestions).values({
    id,
    organizationId: tenant.organizationId,
    type: question.type,
    text: question.text,
    question,
  });
  tenant.secrets.add(id);
  return id;
}
const standingBankCategories = new Map<Tenant, string>([
  [tenantA, await bankCategoryOf(tenantA)],
  [tenantB, await bankCategoryOf(tenantB)],
]);
const standingBankQuestions = new Map<Tenant, string>([
  [tenantA, await bankQuestionOf(tenantA)],
  [tenantB, await bankQuestionOf(tenantB)],
]);

// ---------------------------------------------------------------------------------------------
// Requests: paths with ids substituted, plausible bodies from the route's own zod schema.

/**
 * own: the caller's organization (or a Student of it); crossed: own ids in the path but another
 * organization's in the query and body; foreign: another organization's everywhere; missing:
 * random ids; self: the caller's own account.
 */
type Variant = 'own' | 'crossed' | 'self' | 'foreign' | 'missing';

interface Param {
  name: string;
  kind: IdKind | 'uuid' | 'opaque';
}

function paramsOf(route: DeclaredRoute): Param[] {
  const segments = route.url.split('/');
  const shape = (route.schema.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  return segments.flatMap((segment, i) => {
    if (!segment.startsWith(':') && segment !== '*') return [];
    const name = segment === '*' ? '*' : segment.slice(1);
    const kind =
      ID_KINDS[name] ??
      ID_KINDS[segments[i - 1] ?? ''] ??
      (shape[name] && jsonSchemaOf(shape[name])?.format === 'uuid' ? 'uuid' : 'opaque');
    return [{ name, kind }];
  });
}

interface Ids {
  organizationId: string;
  userId: string;
}

let serial = 0;
const MISSING = () => crypto.randomUUID();

type JsonSchema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  minimum?: number;
};

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema) return null;
  if (schema instanceof z.ZodType) {
    try {
      return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    } catch {
      return null;
    }
  }
  return schema as JsonSchema;
}

/** Enum values a plausible request would pick: the least privileged role, a real status change. */
const PREFERRED: Record<string, unknown> = { role: 'Student', status: 'inactive' };

/** A value that passes the schema in the usual case, chosen from the field's type and name. */
function sample(schema: JsonSchema, key: string, ids: Ids): unknown {
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return sample(options[0]!, key, ids);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.includes(PREFERRED[key]) ? PREFERRED[key] : schema.enum[0];
  const k = key.toLowerCase();
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, prop]) => [name, sample(prop, name, ids)]),
      );
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    default:
      if (k.includes('email')) return `matrix-${++serial}@example.test`;
      if (k.includes('phone')) return '+44 20 7946 0000';
      if (k.includes('password')) return `Matrix password ${++serial}`;
      if (k.includes('token')) return `matrix-token-${'x'.repeat(40)}`;
      // Instants: a start before an end, so windows are valid; languages are BCP 47 tags.
      if (schema.format === 'date-time')
        return new Date(Date.now() + (k.startsWith('end') ? 2 : 1) * 86400000).toISOString();
      if (k === 'language') return 'en';
      if (key.endsWith('Id') || schema.format === 'uuid')
        return k.includes('user') ? ids.userId : ids.organizationId;
      return `Matrix ${key}`;
  }
}

const BOUNDARY = 'matrix-boundary';

/**
 * A request body that passes validation in the usual case: generated from the route's zod body
 * schema, or for multipart routes a small CSV file in field `file` (uploads and imports).
 */
function plausibleRequest(route: DeclaredRoute, ids: Ids) {
  if (route.schema.consumes?.includes('multipart/form-data')) {
    const csv = `name,email,phone\nMatrix Student,matrix-${++serial}@example.test,\n`;
    return {
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload:
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="people.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${BOUNDARY}--\r\n`,
    };
  }
  const schema = jsonSchemaOf(route.schema.body);
  return { headers: {}, payload: (schema ? sample(schema, '', ids) : {}) as object };
}

const hasBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method);
const mutates = (method: string) => method !== 'GET';

// ---------------------------------------------------------------------------------------------
// The rules.

const admits = (policy: Policy, caller: Caller): boolean => {
  if (policy === 'public') return true;
  if (!caller.role) return false;
  if (policy === 'authenticated') return true;
  return policy.roles.includes(caller.role);
};

interface Call {
  caller: Caller;
  variant: Variant;
  body: 'none' | 'empty' | 'plausible';
  method: string;
  url: string;
  status: number;
  text: string;
}

function judge(route: DeclaredRoute, params: Param[], call: Call): string | null {
  const { caller, variant, status } = call;
  const ok = status >= 200 && status < 300;
  const policy = route.policy!;
  const key = `${route.method} ${route.url}`;
  const expectation = EXPECTATIONS[key] ?? {};
  const scoped = params.some((p) => p.kind !== 'uuid' && p.kind !== 'opaque');
  const isSuper = caller.role === 'Super Administrator';
  const conclusive = call.body !== 'empty'; // an empty body may stop at validation first

  if (status >= 500) return `answered ${status}`;
  if (!caller.role && policy !== 'public') {
    return status === 401 ? null : `answered ${status} without a token (expected 401)`;
  }
  if (!admits(policy, caller)) {
    return status === 403 ? null : `answered ${status} to a role the policy refuses (expected 403)`;
  }
  if (ok && variant === 'missing' && params.length > 0 && params.every((p) => p.kind !== 'opaque')) {
    return `answered ${status} for a missing id`;
  }
  const publicRecord = PUBLIC_RECORDS.has(key);
  if (ok && scoped && variant === 'foreign' && !isSuper && !publicRecord) {
    return `answered ${status} for another organization's id`;
  }
  if (ok && !isSuper) {
    const secrets = [...caller.away.secrets].filter(
      (secret) => !publicRecord || secret !== caller.away.organizationId,
    );
    const leaked = secrets.find((secret) => call.text.includes(secret));
    if (leaked) return `showed another organization's record (${leaked}) with ${status}`;
  }
  if (caller.role && variant === 'own') {
    if (ok && expectation.ownNever?.includes(caller.role)) return `answered ${status} on an own id`;
    if (!ok && conclusive && expectation.ownMustPass?.includes(caller.role)) {
      return `answered ${status} on an own id (expected 2xx): ${call.text.slice(0, 200)}`;
    }
  }
  if (caller.role && variant === 'self' && ok && expectation.selfNever?.includes(caller.role)) {
    return `answered ${status} on the caller's own account`;
  }
  return null;
}

/**
 * The routes under test: everything under /api, and the organizations' public documents under
 * /orgs/, that declares a policy, but HEAD (Fastify's copy of GET).
 */
const routes = t.app.declaredRoutes
  .filter(
    (r) =>
      r.policy &&
      (r.url.startsWith('/api') || r.url.startsWith('/orgs/')) &&
      r.method !== 'HEAD' &&
      r.method !== 'OPTIONS',
  )
  // Deleting routes last, so that a wrongly allowed deletion cannot hide later findings.
  .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

/** A GET that answers server-sent events stays open (the notifications' stream): never injected. */
const isOpenEnded = (route: DeclaredRoute) =>
  route.method === 'GET' && Boolean(route.schema.produces?.includes('text/event-stream'));

let listening: Promise<string> | null = null;
/**
 * An open-ended stream asked over real HTTP: its status, and its first chunk (the first event,
 * where a leak would show) or its error body; then the connection is dropped.
 */
async function openEnded(url: string, headers: Record<string, string | undefined>) {
  listening ??= t.app.listen({ host: '127.0.0.1', port: 0 });
  const controller = new AbortController();
  const defined = Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined);
  const res = await fetch(`${await listening}${url}`, { headers: defined, signal: controller.signal });
  let body: string;
  if (res.ok && res.body) {
    const first = await res.body.getReader().read();
    body = first.value ? new TextDecoder().decode(first.value) : '';
  } else {
    body = await res.text();
  }
  controller.abort();
  return { statusCode: res.status, body };
}

async function exercise(route: DeclaredRoute): Promise<string[]> {
  const params = paramsOf(route);
  const hasUserId = params.some((p) => p.kind === 'user');
  const variants: Variant[] =
    params.length > 0
      ? ['own', 'crossed', 'foreign', 'missing', ...(hasUserId ? (['self'] as const) : [])]
      : ['own', 'crossed'];
  const failures: string[] = [];
  const answers = new Map<string, { foreign?: string; missing?: string }>();

  for (const caller of callers) {
    for (const variant of variants) {
      if (variant === 'self' && !caller.userId) continue;
      const pathTenant = variant === 'foreign' ? caller.away : caller.home;
      // A changing call gets a fresh target user, so one call's effect cannot mask the next.
      const targetUser =
        variant === 'self'
          ? caller.userId!
          : variant === 'missing'
            ? MISSING()
            : hasUserId && mutates(route.method)
              ? (await member(pathTenant, 'Student')).id
              : standingTargets.get(pathTenant)!;
      const targetAssessment =
        variant === 'missing'
          ? MISSING()
          : mutates(route.method)
            ? await assessmentOf(pathTenant)
            : standingAssessments.get(pathTenant)!;
      const path: Ids = {
        organizationId: variant === 'missing' ? MISSING() : pathTenant.organizationId,
        userId: targetUser,
      };
      // The ids in the query and body: the path's, except when crossed with another organization's.
      const data: Ids =
        variant === 'crossed'
          ? { organizationId: caller.away.organizationId, userId: standingTargets.get(caller.away)! }
          : path;
      let url = route.url;
      for (const p of params) {
        const value =
          p.kind === 'organization'
            ? path.organizationId
            : p.kind === 'user'
              ? path.userId
              : p.kind === 'assessment'
                ? targetAssessment
                : p.kind === 'attempt'
                  ? variant === 'missing'
                    ? MISSING()
                    : standingAttempts.get(pathTenant)!
                  : p.kind === 'payment'
                    ? variant === 'missing'
                      ? MISSING()
                      : mutates(route.method)
                        ? FRESH_PAYMENT
                        : standingPayments.get(pathTenant)!
                    : p.kind === 'certificate'
                      ? variant === 'missing'
                        ? MISSING()
                        : mutates(route.method)
                          ? FRESH_CERTIFICATE
                          : standingCertificates.get(pathTenant)!
                      : p.kind === 'conversation'
                        ? variant === 'missing'
                          ? MISSING()
                          : mutates(route.method)
                            ? await conversationOf(pathTenant)
                            : standingConversations.get(pathTenant)!
                        : p.kind === 'bankCategory' || p.kind === 'bankQuestion'
                          ? variant === 'missing'
                            ? MISSING()
                            : mutates(route.method)
                              ? await (p.kind === 'bankCategory' ? bankCategoryOf : bankQuestionOf)(
                                  pathTenant,
                                )
                              : (p.kind === 'bankCategory'
                                  ? standingBankCategories
                                  : standingBankQuestions
                                ).get(pathTenant)!
                          : p.kind === 'uuid'
                            ? MISSING()
                            : (OPAQUE_VALUES[p.name] ?? 'matrix-opaque');
        url = url.replace(p.name === '*' ? '*' : `:${p.name}`, value);
      }
      // Lists that take an organization filter are asked for another organization's too.
      if (data.organizationId !== caller.home.organizationId) url += `?organizationId=${data.organizationId}`;

      const bodies: Call['body'][] = hasBody(route.method) ? ['empty', 'plausible'] : ['none'];
      for (const body of bodies) {
        const request =
          body === 'plausible'
            ? plausibleRequest(route, data)
            : { headers: {}, payload: body === 'empty' ? {} : undefined };
        // A changing call on a payment record gets a fresh one per body: each call acts on a pending record.
        const callUrl = url.includes(FRESH_PAYMENT)
          ? url.replace(FRESH_PAYMENT, await paymentOf(pathTenant))
          : url.includes(FRESH_CERTIFICATE)
            ? url.replace(FRESH_CERTIFICATE, await certificateOf(pathTenant))
            : url;
        const res = isOpenEnded(route)
          ? await openEnded(callUrl, { ...caller.headers, ...request.headers })
          : await t.app.inject({
              method: route.method as 'GET',
              url: callUrl,
              headers: { ...caller.headers, ...request.headers },
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
        const call: Call = {
          caller,
          variant,
          body,
          method: route.method,
          url: callUrl,
          status: res.statusCode,
          text: res.body,
        };
        if (variant === 'foreign' || variant === 'missing') {
          const seen = `${caller.label}, ${body} body`;
          answers.set(seen, { ...answers.get(seen), [variant]: `${res.statusCode} ${codeOf(res.body)}` });
        }
        const verdict = judge(route, params, call);
        if (verdict)
          failures.push(
            `${caller.label}, ${variant} id, ${body} body: ${route.method} ${callUrl} ${verdict}`,
          );
      }
    }
  }
  // Another organization's id must be answered exactly like an id that does not exist, so
  // nobody outside the platform team can tell which ids exist in other organizations.
  if (
    params.some((p) => p.kind !== 'uuid' && p.kind !== 'opaque') &&
    !PUBLIC_RECORDS.has(`${route.method} ${route.url}`)
  ) {
    for (const [seen, { foreign, missing }] of answers) {
      const caller = callers.find((c) => seen.startsWith(`${c.label},`))!;
      if (caller.role === 'Super Administrator') continue;
      if (foreign !== missing) {
        failures.push(
          `${seen}: ${route.method} ${route.url} tells another organization's id (${foreign}) from a missing one (${missing})`,
        );
      }
    }
  }
  failures.push(...(await auditedOutsideHome(route)));
  return failures;
}

const auditSeen = new Set<string>();

/**
 * Every change is audited with the organization it concerns, so the audit log shows
 * what a call really did, whatever it answered: no member may have changed anything in another
 * organization.
 */
async function auditedOutsideHome(route: DeclaredRoute): Promise<string[]> {
  const events = await t.app.db.select().from(auditEvents);
  const found: string[] = [];
  for (const event of events) {
    if (auditSeen.has(event.id)) continue;
    auditSeen.add(event.id);
    const caller = callers.find((c) => c.userId && c.userId === event.actorId);
    if (!caller || caller.role === 'Super Administrator') continue;
    if (event.organizationId !== caller.home.organizationId) {
      found.push(
        `${caller.label}: ${route.method} ${route.url} recorded ${event.action} on ${event.targetType} ${event.targetId}, in another organization (${event.organizationId})`,
      );
    }
  }
  return found;
}

const codeOf = (body: string): string => {
  try {
    return String((JSON.parse(body) as { code?: unknown }).code ?? '');
  } catch {
    return '';
  }
};

describe('authorization matrix', () => {
  it('finds the routes of every module, each with a declared policy', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/auth/profile',
        'GET /api/organizations',
        'POST /api/organizations',
        'GET /api/organizations/:id',
        'PATCH /api/organizations/:id',
        'GET /api/organizations/:id/users',
        'GET /api/organizations/:id/school-sign-in',
        'PUT /api/organizations/:id/school-sign-in',
        'POST /api/organizations/:id/school-sign-in/test',
        'GET /api/plans',
        'PUT /api/plans/:name/prices',
        'POST /api/payments',
        'GET /api/payments',
        'GET /api/payments/organization/:orgId',
        'GET /api/subscriptions/organization/:orgId',
        'POST /api/subscriptions/organization/:orgId/scheduled-change',
        'DELETE /api/subscriptions/organization/:orgId/scheduled-change',
        'GET /api/payments/:id',
        'POST /api/payments/:id/activate',
        'POST /api/payments/:id/close',
        'POST /api/payments/:id/receipt',
        'POST /api/payments/:id/send-receipt',
        'DELETE /api/payments/:id',
        'GET /api/payments/:id/invoice.pdf',
        'GET /api/payments/:id/receipt',
        'POST /api/payments/checkout',
        'POST /api/payments/webhooks/stripe',
        'GET /api/certificates',
        'POST /api/certificates',
        'GET /api/certificates/verify/:code',
        'GET /api/certificates/:id/pdf',
        'GET /api/certificates/:id/badge.png',
        'GET /orgs/:orgId/did.json',
        'GET /orgs/:orgId/status/:list',
        'POST /api/certificates/:id/revoke',
        'GET /api/notifications',
        'POST /api/notifications/read',
        'GET /api/notifications/stream',
        'GET /api/notifications/preferences',
        'PUT /api/notifications/preferences',
        'GET /api/question-bank/categories',
        'POST /api/question-bank/categories',
        'PATCH /api/question-bank/categories/:categoryId',
        'DELETE /api/question-bank/categories/:categoryId',
        'GET /api/question-bank/questions',
        'POST /api/question-bank/questions',
        'GET /api/question-bank/questions/:bankQuestionId',
        'GET /api/question-bank/questions/:bankQuestionId/links',
        'PUT /api/question-bank/questions/:bankQuestionId',
        'DELETE /api/question-bank/questions/:bankQuestionId',
        'GET /api/question-bank/tags',
        'GET /api/question-bank/authors',
        'POST /api/question-bank/draw-pool',
        'POST /api/question-bank/assessments/:assessmentId/save-to-bank',
        'POST /api/question-bank/assessments/:assessmentId/questions',
        'POST /api/question-imports',
        'GET /api/question-exports/check',
        'GET /api/question-exports/file',
      ]),
    );
    // Every /api route but the docs UI is under test: none escaped by having no policy.
    const undeclared = t.app.declaredRoutes.filter(
      (r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && !r.policy,
    );
    expect(undeclared).toEqual([]);
    // Every expectation names a registered route, so a renamed route cannot silently lose its checks.
    for (const key of Object.keys(EXPECTATIONS)) expect(keys).toContain(key);
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: refuses whom it should, scopes by organization, never fails with 5xx',
    async (_key, route) => {
      expect(await exercise(route)).toEqual([]);
    },
  );
});

describe('route declarations', () => {
  const bareApp = async () => {
    const app = Fastify({ logger: false });
    app.decorate('config', t.app.config);
    app.decorate('db', t.app.db);
    await app.register(authPlugin);
    return app;
  };

  it('refuses to start when an /api route declares no policy', async () => {
    const app = await bareApp();
    // Not awaited: the failure must surface where startup does, in ready().
    void app.register(async (child) => {
      child.get('/api/widgets', async () => ({ widgets: [] }));
    });
    await expect(app.ready()).rejects.toThrow('Route GET /api/widgets declares no policy (config.policy)');
    await app.close().catch(() => undefined);
  });

  it('starts when every /api route declares one, and lists them', async () => {
    const app = await bareApp();
    await app.register(
      async (child) => {
        child.get('/widgets', { config: { policy: 'authenticated' } }, async () => ({ widgets: [] }));
        child.get('/widgets/:id', { config: { policy: { roles: ['Teacher'] } } }, async () => ({}));
      },
      { prefix: '/api' },
    );
    await app.ready();
    expect(app.declaredRoutes.map((r) => `${r.method} ${r.url} ${JSON.stringify(r.policy)}`)).toEqual(
      expect.arrayContaining([
        'GET /api/widgets "authenticated"',
        'GET /api/widgets/:id {"roles":["Teacher"]}',
      ]),
    );
    await app.close();
  });
});

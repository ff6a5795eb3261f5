import { randomBytes } from 'node:crypto';
import {
  isLanguageCode,
  isResultReleased,
  type Certificate,
  type GiveCertificatesBody,
  type GiveCertificatesResponse,
} from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AttemptRow, CertificateRow, CertificateTemplateRow } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { findAssessment } from '../assessments/assessments.access.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { emitNotification } from '../notifications/notifications.service.ts';
import { findOrganizationById } from '../organizations/organizations.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import type { CertificateEffects, CertificatesContext } from './certificates.context.ts';
import { certificateGivenMail, certificatesPageLink } from './certificates.mails.ts';
import { toCertificate, verificationUrl } from './certificates.mapper.ts';
import { canManageCertificate, managedOrganization } from './certificates.policy.ts';
import {
  bestPassedAttempts,
  findAttemptById,
  findCertificate,
  findMembers,
  findRule,
  findTemplate,
  insertCertificateIfNone,
  lockCertificate,
  studentsWithLiveCertificate,
  updateCertificate,
  type Holder,
} from './certificates.repository.ts';

/**
 * Giving certificates (by an Administrator, or by the assessment's rule when a pass is marked or
 * released), revoking and reissuing them (the rule itself: certificates.rule.ts). Every give, revoke and reissue is
 * audited, and what it sets off (the holder's notice, the "certificate given" mail) is written in
 * its own transaction, keyed by the certificate, so it is delivered once exactly when the change
 * commits (docs/architecture/effects.md).
 */

/** A certificate just given, with the holder its mail goes to. */
export interface GivenCertificate {
  certificate: CertificateRow;
  holder: Holder;
}

const certificateNotFound = () => notFound('certificate');
const alreadyGiven = (studentIds: string[]) =>
  new AppError(
    409,
    'certificate_already_given',
    'A student already holds a live certificate for this assessment',
    {
      studentIds,
    },
  );
const notPassed = (studentIds: string[]) =>
  new AppError(409, 'certificate_not_passed', 'A certificate is only given to a student who passed', {
    studentIds,
  });

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A verification code: 160 bits from the system's CSPRNG, base32 (RFC 4648, no padding): 32 characters. */
export function newCertificateCode(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/**
 * Tells the holder, inside the giving transaction: the bell's notice (keyed by the certificate,
 * so a retried job tells once) and the "certificate given" mail in the outbox, in their language.
 * Both exist exactly when the certificate does: a rollback leaves neither.
 */
async function tellGiven(effects: CertificateEffects, tx: DbOrTx, { certificate, holder }: GivenCertificate) {
  await emitNotification(
    effects.jobs,
    { kind: 'certificate_given', certificateId: certificate.id },
    { tx, key: certificate.id },
  );
  const language = isLanguageCode(holder.language) ? holder.language : 'en';
  await effects.mailer.send(
    certificateGivenMail({ email: holder.email, name: holder.name, language }, certificate, {
      certificates: certificatesPageLink(effects.baseUrl, holder.id, language),
      verification: verificationUrl(effects.baseUrl, certificate.code),
    }),
    { tx },
  );
}

/** The row's values for a certificate given now from this attempt. */
function newCertificateValues(
  attempt: AttemptRow,
  holder: Holder,
  names: { assessmentTitle: string; organizationName: string },
  template: CertificateTemplateRow | null,
  issuedBy: string | null,
  now: Date,
) {
  return {
    code: newCertificateCode(),
    organizationId: attempt.organizationId,
    assessmentId: attempt.assessmentId,
    studentId: holder.id,
    attemptId: attempt.id,
    holderName: holder.name,
    assessmentTitle: names.assessmentTitle,
    organizationName: names.organizationName,
    score: attempt.score,
    maxScore: attempt.maxScore,
    percentage: attempt.percentage,
    issuedAt: now,
    issuedBy,
    templateId: template?.id ?? null,
  };
}

const auditGiven = (
  tx: DbOrTx,
  actor: Actor | null,
  row: CertificateRow,
  now: Date,
  details: Record<string, unknown> = {},
) =>
  recordAudit(
    tx,
    actor,
    {
      action: 'certificate.given',
      targetType: 'certificate',
      targetId: row.id,
      organizationId: row.organizationId,
      details: { assessmentId: row.assessmentId, studentId: row.studentId, code: row.code, ...details },
    },
    now,
  );

/** An assessment of the organizations the actor manages, or 404. */
export async function managedAssessment(db: DbOrTx, actor: Actor, assessmentId: string) {
  const organizationId = managedOrganization(actor);
  if (organizationId === undefined) throw notFound('assessment');
  const assessment = await findAssessment(db, { organizationId }, assessmentId);
  if (!assessment) throw notFound('assessment');
  return assessment;
}

async function organizationName(db: DbOrTx, organizationId: string): Promise<string> {
  return (await findOrganizationById(db, organizationId))?.name ?? '';
}

// ---------------------------------------------------------------------------------------------
// Giving, revoking, reissuing

/**
 * POST /api/certificates. Named students: all or nothing (each of the organization, passed, and
 * without a live certificate). Everyone who passed: those already holding one are left out.
 */
export async function giveCertificates(
  ctx: CertificatesContext,
  actor: Actor,
  body: GiveCertificatesBody,
): Promise<GiveCertificatesResponse> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const assessment = await managedAssessment(tx, actor, body.assessmentId);
    const orgId = assessment.organizationId;
    const names = { assessmentTitle: assessment.title, organizationName: await organizationName(tx, orgId) };
    const template = await findTemplate(tx, orgId);
    const given: GivenCertificate[] = [];
    const left: string[] = [];

    if ('studentIds' in body) {
      const ids = [...new Set(body.studentIds)];
      const members = await findMembers(tx, orgId, ids);
      const byId = new Map(members.map((m) => [m.id, m]));
      const strangers = ids.filter((id) => !byId.has(id));
      if (strangers.length) {
        throw badRequest('student_not_in_organization', 'A student is not a member of this organization', {
          studentIds: strangers,
        });
      }
      const holding = await studentsWithLiveCertificate(tx, assessment.id, ids);
      if (holding.size) throw alreadyGiven(ids.filter((id) => holding.has(id)));
      const attempts = new Map(
        (await bestPassedAttempts(tx, assessment.id, ids)).map((a) => [a.studentId, a]),
      );
      const failed = ids.filter((id) => !attempts.has(id));
      if (failed.length) throw notPassed(failed);
      for (const id of ids) {
        const row = await insertCertificateIfNone(
          tx,
          newCertificateValues(attempts.get(id)!, byId.get(id)!, names, template, actor.userId, now),
        );
        if (!row) throw alreadyGiven([id]);
        await auditGiven(tx, actor, row, now);
        const one = { certificate: row, holder: byId.get(id)! };
        await tellGiven(ctx, tx, one);
        given.push(one);
      }
    } else {
      const attempts = await bestPassedAttempts(tx, assessment.id);
      const holding = await studentsWithLiveCertificate(tx, assessment.id);
      const members = new Map(
        (
          await findMembers(
            tx,
            orgId,
            attempts.map((a) => a.studentId),
          )
        ).map((m) => [m.id, m]),
      );
      for (const attempt of attempts) {
        const holder = members.get(attempt.studentId);
        if (!holder) continue;
        if (holding.has(attempt.studentId)) {
          left.push(attempt.studentId);
          continue;
        }
        const row = await insertCertificateIfNone(
          tx,
          newCertificateValues(attempt, holder, names, template, actor.userId, now),
        );
        if (!row) {
          left.push(attempt.studentId);
          continue;
        }
        await auditGiven(tx, actor, row, now, { allPassed: true });
        given.push({ certificate: row, holder });
        await tellGiven(ctx, tx, { certificate: row, holder });
      }
    }
    return { given, left };
  });
  const issuerName = (await findUserById(ctx.db, actor.userId))?.name ?? null;
  return {
    data: result.given.map(({ certificate }) =>
      toCertificate({ ...certificate, issuedByName: issuerName }, ctx.baseUrl),
    ),
    alreadyGiven: result.left,
  };
}

/**
 * The assessment's rule, applied when an attempt is marked (submitted, or a teacher's mark that
 * made it a pass) or its result released, inside the caller's transaction: a student who passed an
 * assessment whose rule gives certificates automatically gets one, unless they already hold one.
 * The holder's notice and mail are written in that transaction too (tellGiven). Returns the
 * certificate given, or null.
 */
export async function giveOnPass(
  effects: CertificateEffects,
  tx: DbOrTx,
  attemptId: string,
  now: Date,
): Promise<CertificateRow | null> {
  const attempt = await findAttemptById(tx, attemptId);
  if (!attempt || attempt.status !== 'submitted' || attempt.passed !== true) return null;
  if (!(await findRule(tx, attempt.assessmentId))?.autoGive) return null;
  const [holder] = await findMembers(tx, attempt.organizationId, [attempt.studentId]);
  const assessment = await findAssessment(
    tx,
    { organizationId: attempt.organizationId },
    attempt.assessmentId,
  );
  if (!holder || !assessment) return null;
  // A result the student may not see yet gives nothing yet: its release does.
  if (!isResultReleased(attempt.releasedAt, assessment, now)) return null;
  if ((await studentsWithLiveCertificate(tx, attempt.assessmentId, [holder.id])).size) return null;
  const [best] = await bestPassedAttempts(tx, attempt.assessmentId, [holder.id]);
  const names = {
    assessmentTitle: assessment.title,
    organizationName: await organizationName(tx, attempt.organizationId),
  };
  const template = await findTemplate(tx, attempt.organizationId);
  const row = await insertCertificateIfNone(
    tx,
    newCertificateValues(best ?? attempt, holder, names, template, null, now),
  );
  if (!row) return null;
  await auditGiven(tx, null, row, now, { automatic: true, attemptId });
  await tellGiven(effects, tx, { certificate: row, holder });
  return row;
}

/** A live certificate, as revoking it needs it. */
interface RevocableCertificate {
  id: string;
  organizationId: string;
  assessmentId: string;
  studentId: string;
  code: string;
}

/**
 * Revokes a live certificate inside the caller's transaction: an Administrator's revoke, or a
 * regrade that leaves its holder without a passed attempt. The holder is told (bell and mail, with
 * the reason) exactly when the change commits, keyed by the certificate so a retried job tells
 * once; the revoke is audited, with `details` saying what caused it.
 */
export async function revokeInTransaction(
  effects: Pick<CertificateEffects, 'jobs'>,
  tx: DbOrTx,
  actor: Actor,
  certificate: RevocableCertificate,
  reason: string,
  now: Date,
  details: Record<string, unknown> = {},
): Promise<void> {
  const { id } = certificate;
  await updateCertificate(tx, id, { revokedAt: now, revokeReason: reason, revokedBy: actor.userId });
  await emitNotification(effects.jobs, { kind: 'certificate_revoked', certificateId: id }, { tx, key: id });
  await recordAudit(
    tx,
    actor,
    {
      action: 'certificate.revoked',
      targetType: 'certificate',
      targetId: id,
      organizationId: certificate.organizationId,
      details: {
        assessmentId: certificate.assessmentId,
        studentId: certificate.studentId,
        code: certificate.code,
        reason,
        ...details,
      },
    },
    now,
  );
}

/** POST /api/certificates/:id/revoke. */
export async function revokeCertificate(
  ctx: CertificatesContext,
  actor: Actor,
  id: string,
  reason: string,
): Promise<Certificate> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockCertificate(tx, id);
    if (!row || !canManageCertificate(actor, row)) throw certificateNotFound();
    if (row.revokedAt) throw conflict('certificate_revoked', 'This certificate is already revoked');
    await revokeInTransaction(ctx, tx, actor, row, reason, now);
  });
  return toCertificate((await findCertificate(ctx.db, id))!, ctx.baseUrl);
}

/**
 * POST /api/certificates/:id/reissue: a new certificate (new code; the student's best passed
 * attempt, names and template as they are now) replaces this one, which is revoked if it was not.
 */
export async function reissueCertificate(
  ctx: CertificatesContext,
  actor: Actor,
  id: string,
  reason: string | undefined,
): Promise<Certificate> {
  const now = ctx.clock.now();
  const given = await ctx.db.transaction(async (tx) => {
    const old = await lockCertificate(tx, id);
    if (!old || !canManageCertificate(actor, old)) throw certificateNotFound();
    if (old.replacedById) throw conflict('certificate_revoked', 'This certificate was already replaced');
    if (!old.revokedAt) {
      await updateCertificate(tx, id, {
        revokedAt: now,
        revokeReason: reason || null,
        revokedBy: actor.userId,
      });
    } else if ((await studentsWithLiveCertificate(tx, old.assessmentId, [old.studentId])).size) {
      throw alreadyGiven([old.studentId]);
    }
    const [holder] = await findMembers(tx, old.organizationId, [old.studentId]);
    const assessment = await findAssessment(tx, { organizationId: old.organizationId }, old.assessmentId);
    if (!holder || !assessment) throw notPassed([old.studentId]);
    const [attempt] = await bestPassedAttempts(tx, old.assessmentId, [old.studentId]);
    if (!attempt) throw notPassed([old.studentId]);
    const names = {
      assessmentTitle: assessment.title,
      organizationName: await organizationName(tx, old.organizationId),
    };
    const template = await findTemplate(tx, old.organizationId);
    const row = await insertCertificateIfNone(tx, {
      ...newCertificateValues(attempt, holder, names, template, actor.userId, now),
      replacesId: old.id,
    });
    if (!row) throw alreadyGiven([old.studentId]);
    await updateCertificate(tx, old.id, { replacedById: row.id });
    await recordAudit(
      tx,
      actor,
      {
        action: 'certificate.reissued',
        targetType: 'certificate',
        targetId: row.id,
        organizationId: row.organizationId,
        details: {
          assessmentId: row.assessmentId,
          studentId: row.studentId,
          code: row.code,
          replaces: old.id,
          replacedCode: old.code,
          reason: reason ?? null,
        },
      },
      now,
    );
    const given = { certificate: row, holder };
    await tellGiven(ctx, tx, given);
    return given;
  });
  return toCertificate((await findCertificate(ctx.db, given.certificate.id))!, ctx.baseUrl);
}

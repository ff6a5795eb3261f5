// Over 500 lines for now: it is to be split along its sections (give, read and template), each into a file
// of its own in this module, with the module's other work (docs/architecture/overview.md).
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  CERTIFICATE_LOGO_TYPES,
  CertificateCodeSchema,
  isLanguageCode,
  isResultReleased,
  type Certificate,
  type CertificateList,
  type CertificateListQuerySchema,
  type CertificateRule,
  type CertificateTemplate,
  type CertificateTemplateBody,
  type CertificateVerification,
  type GiveCertificatesBody,
  type GiveCertificatesResponse,
  type LanguageCode,
} from '@vbuilder/shared';
import type { z } from 'zod';
import { publicUrl } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AttemptRow, CertificateRow, CertificateTemplateRow } from '../../db/schema/index.ts';
import { translatorFor } from '../../i18n/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { createFileStore, type FileStore } from '../../lib/files.ts';
import { detectImageType, newImageKey } from '../../lib/stored-images.ts';
import type { Actor } from '../../types.d.ts';
import { findAssessment } from '../assessments/assessments.access.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { emitNotification } from '../notifications/notifications.service.ts';
import { findOrganizationById } from '../organizations/organizations.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import { BADGE_MEDIA_TYPE, issuerJwks, signedBadge } from './certificates.badge.ts';
import { certificateGivenMail, certificatesPageLink } from './certificates.mails.ts';
import {
  certificateStatus,
  toCertificate,
  toTemplate,
  verificationUrl,
  DEFAULT_TEMPLATE_STYLE,
} from './certificates.mapper.ts';
import { renderCertificatePdf } from './certificates.pdf.ts';
import { canManageCertificate, canReadCertificate, managedOrganization } from './certificates.policy.ts';
import {
  bestPassedAttempts,
  findAttemptById,
  findCertificate,
  findCertificateByCode,
  findMembers,
  findRule,
  findTemplate,
  insertCertificateIfNone,
  listCertificates,
  lockCertificate,
  studentsWithLiveCertificate,
  updateCertificate,
  upsertRule,
  upsertTemplate,
  type Holder,
} from './certificates.repository.ts';

/**
 * Certificates: Administrators give them to students who passed an assessment (one,
 * several, or everyone who passed), revoke and reissue them; an assessment's rule gives them
 * automatically at marking; the holder and the organization's Administrators download the PDF and
 * the Open Badges 3.0 credential; anyone holding the code checks it. Every give, revoke and
 * reissue is audited; the student is mailed, in their language, when one is given, and told
 * (bell and mail, with the reason) when an Administrator revokes one.
 */

export { BADGE_MEDIA_TYPE };

export interface CertificatesContext {
  db: Db;
  clock: Clock;
  files: FileStore;
  baseUrl: string;
  notifier: CertificateNotifier;
}

/**
 * What telling people about a submission's outcome needs (attempts and submissions pass it
 * along): the "certificate given" mails, and the job queue of the notifications.
 */
export interface CertificateNotifier {
  mailer: Mailer;
  baseUrl: string;
  log?: FastifyBaseLogger;
  jobs?: JobQueue;
}

export const certificateNotifier = (app: FastifyInstance): CertificateNotifier => ({
  mailer: app.mailer,
  baseUrl: publicUrl(app.config),
  log: app.log,
  jobs: app.jobs,
});

export const certificatesContext = (app: FastifyInstance): CertificatesContext => ({
  db: app.db,
  clock: app.clock,
  files: createFileStore(app.config),
  baseUrl: publicUrl(app.config),
  notifier: certificateNotifier(app),
});

/** A certificate just given, with what its mail needs. */
export interface GivenCertificate {
  certificate: CertificateRow;
  holder: Holder;
}

const certificateNotFound = () => notFound('certificate');
export const unknownCode = () => new AppError(404, 'certificate_not_found', 'No certificate has this code');
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

/** The default template's words in a language (an organization that has not saved its own). */
export function defaultTemplateText(language: string): { title: string; body: string } {
  const t = translatorFor(language);
  return { title: t('certificates:template.title'), body: t('certificates:template.body') };
}

/** Sends the "certificate given" mail of each; never throws (a failed mail must not undo a give). */
export async function notifyGiven(notifier: CertificateNotifier | undefined, given: GivenCertificate[]) {
  if (!notifier) return;
  for (const { certificate, holder } of given) {
    try {
      // The bell's notice; keyed by the certificate, so it is told once whatever calls this.
      if (notifier.jobs) {
        await emitNotification(
          notifier.jobs,
          { kind: 'certificate_given', certificateId: certificate.id },
          { key: certificate.id },
        );
      }
      const language = isLanguageCode(holder.language) ? holder.language : 'en';
      await notifier.mailer.send(
        certificateGivenMail({ email: holder.email, name: holder.name, language }, certificate, {
          certificates: certificatesPageLink(notifier.baseUrl, holder.id, language),
          verification: verificationUrl(notifier.baseUrl, certificate.code),
        }),
      );
    } catch (error) {
      notifier.log?.error({ err: error, certificateId: certificate.id }, 'Certificate mail failed');
    }
  }
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
async function managedAssessment(db: DbOrTx, actor: Actor, assessmentId: string) {
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
        given.push({ certificate: row, holder: byId.get(id)! });
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
      }
    }
    return { given, left };
  });
  await notifyGiven(ctx.notifier, result.given);
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
 * made it a pass), inside the caller's transaction: a student who passed an assessment whose rule
 * gives certificates automatically gets one, unless they already hold one. Returns what was given
 * (mail it with notifyGiven after the transaction commits).
 */
export async function giveOnPass(tx: DbOrTx, attemptId: string, now: Date): Promise<GivenCertificate[]> {
  const attempt = await findAttemptById(tx, attemptId);
  if (!attempt || attempt.status !== 'submitted' || attempt.passed !== true) return [];
  if (!(await findRule(tx, attempt.assessmentId))?.autoGive) return [];
  const [holder] = await findMembers(tx, attempt.organizationId, [attempt.studentId]);
  const assessment = await findAssessment(
    tx,
    { organizationId: attempt.organizationId },
    attempt.assessmentId,
  );
  if (!holder || !assessment) return [];
  // A result the student may not see yet gives nothing yet: its release does.
  if (!isResultReleased(attempt.releasedAt, assessment, now)) return [];
  if ((await studentsWithLiveCertificate(tx, attempt.assessmentId, [holder.id])).size) return [];
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
  if (!row) return [];
  await auditGiven(tx, null, row, now, { automatic: true, attemptId });
  return [{ certificate: row, holder }];
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
    await updateCertificate(tx, id, { revokedAt: now, revokeReason: reason, revokedBy: actor.userId });
    // The holder is told (bell and mail, with the reason) exactly when the revoke commits.
    if (ctx.notifier.jobs) {
      await emitNotification(
        ctx.notifier.jobs,
        { kind: 'certificate_revoked', certificateId: id },
        { tx, key: id },
      );
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'certificate.revoked',
        targetType: 'certificate',
        targetId: id,
        organizationId: row.organizationId,
        details: { assessmentId: row.assessmentId, studentId: row.studentId, code: row.code, reason },
      },
      now,
    );
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
    return { certificate: row, holder };
  });
  await notifyGiven(ctx.notifier, [given]);
  return toCertificate((await findCertificate(ctx.db, given.certificate.id))!, ctx.baseUrl);
}

// ---------------------------------------------------------------------------------------------
// Reading

/** GET /api/certificates: a Student's own; an Administrator's organization's; the Super Administrator's any. */
export async function listCertificatesFor(
  ctx: CertificatesContext,
  actor: Actor,
  query: z.output<typeof CertificateListQuerySchema>,
): Promise<CertificateList> {
  const managed = managedOrganization(actor);
  const filter =
    managed === undefined
      ? { organizationId: null, studentId: actor.userId }
      : { organizationId: managed, studentId: query.studentId };
  const { rows, total } = await listCertificates(
    ctx.db,
    { ...filter, assessmentId: query.assessmentId, status: query.status, search: query.search },
    query,
  );
  return {
    items: rows.map((row) => toCertificate(row, ctx.baseUrl)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function readableCertificate(db: DbOrTx, actor: Actor, id: string) {
  const row = await findCertificate(db, id);
  if (!row || !canReadCertificate(actor, row)) throw certificateNotFound();
  return row;
}

export async function getCertificate(
  ctx: CertificatesContext,
  actor: Actor,
  id: string,
): Promise<Certificate> {
  return toCertificate(await readableCertificate(ctx.db, actor, id), ctx.baseUrl);
}

/** The file name a certificate downloads as: the code, which every script's name can live without. */
export const certificateFileName = (row: Pick<CertificateRow, 'code'>, extension: string) =>
  `certificate-${row.code}.${extension}`;

/** GET /api/certificates/:id/pdf: the holder and the organization's Administrators. */
export async function certificatePdf(
  ctx: CertificatesContext,
  actor: Actor,
  id: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  const row = await readableCertificate(ctx.db, actor, id);
  return { bytes: await renderCertificate(ctx, row), fileName: certificateFileName(row, 'pdf') };
}

/** The PDF of a certificate (the holder's language for the fixed words and the date). */
export async function renderCertificate(
  ctx: Pick<CertificatesContext, 'db' | 'files' | 'baseUrl'>,
  row: CertificateRow,
) {
  const holder = await findUserById(ctx.db, row.studentId);
  const language: LanguageCode = isLanguageCode(holder?.language) ? holder.language : 'en';
  const template = await findTemplate(ctx.db, row.organizationId);
  const text = template ? { title: template.title, body: template.body } : defaultTemplateText(language);
  const logo = template?.logoKey ? await ctx.files.readFile(template.logoKey) : null;
  return renderCertificatePdf({
    code: row.code,
    holderName: row.holderName,
    assessmentTitle: row.assessmentTitle,
    organizationName: row.organizationName,
    percentage: row.percentage,
    issuedAt: row.issuedAt,
    revoked: row.revokedAt !== null,
    verificationUrl: verificationUrl(ctx.baseUrl, row.code),
    language,
    template: {
      ...text,
      signatoryName: template?.signatoryName ?? DEFAULT_TEMPLATE_STYLE.signatoryName,
      signatoryTitle: template?.signatoryTitle ?? DEFAULT_TEMPLATE_STYLE.signatoryTitle,
      primaryColor: template?.primaryColor ?? DEFAULT_TEMPLATE_STYLE.primaryColor,
      accentColor: template?.accentColor ?? DEFAULT_TEMPLATE_STYLE.accentColor,
      logo:
        logo && template?.logoKey
          ? { bytes: logo, type: template.logoKey.endsWith('.png') ? 'image/png' : 'image/jpeg' }
          : null,
    },
  });
}

/** GET /api/certificates/:id/badge: the Open Badges 3.0 credential as a VC-JWT. */
export async function certificateBadge(
  ctx: CertificatesContext,
  actor: Actor,
  id: string,
): Promise<{ jwt: string; fileName: string }> {
  const row = await readableCertificate(ctx.db, actor, id);
  const holder = await findUserById(ctx.db, row.studentId);
  const attempt = row.attemptId ? await findAttemptById(ctx.db, row.attemptId) : null;
  const jwt = await signedBadge(ctx.db, {
    certificate: row,
    holderEmail: holder?.email ?? '',
    passMark: attempt?.passMark ?? 0,
    baseUrl: ctx.baseUrl,
  });
  return { jwt, fileName: certificateFileName(row, 'jwt') };
}

export const issuerKeySet = (ctx: CertificatesContext) => issuerJwks(ctx.db);

/**
 * GET /api/certificates/verify/:code (public): the holder's name, the assessment, the
 * organization, the date and the status; nothing else. A malformed or unknown code: 404.
 */
export async function verifyCertificate(
  ctx: CertificatesContext,
  code: string,
): Promise<CertificateVerification> {
  const parsed = CertificateCodeSchema.safeParse(code);
  if (!parsed.success) throw unknownCode();
  const row = await findCertificateByCode(ctx.db, parsed.data);
  if (!row) throw unknownCode();
  return {
    holderName: row.holderName,
    assessmentTitle: row.assessmentTitle,
    organizationName: row.organizationName,
    issuedAt: row.issuedAt.toISOString(),
    status: certificateStatus(row),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Template and rules

/** The organization whose template the actor edits: their own (the Super Administrator has none). */
function templateOrganization(actor: Actor): string {
  if (!actor.organizationId || managedOrganization(actor) === undefined)
    throw notFound('certificate template');
  return actor.organizationId;
}

export async function getTemplate(ctx: CertificatesContext, actor: Actor): Promise<CertificateTemplate> {
  const organizationId = templateOrganization(actor);
  return toTemplate(
    organizationId,
    await findTemplate(ctx.db, organizationId),
    defaultTemplateText(actor.language),
  );
}

export async function saveTemplate(
  ctx: CertificatesContext,
  actor: Actor,
  body: CertificateTemplateBody,
): Promise<CertificateTemplate> {
  const organizationId = templateOrganization(actor);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await upsertTemplate(tx, organizationId, {
      ...body,
      updatedAt: now,
      updatedBy: actor.userId,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'certificate.template_updated',
        targetType: 'organization',
        targetId: organizationId,
        organizationId,
      },
      now,
    );
    return saved;
  });
  return toTemplate(organizationId, row, defaultTemplateText(actor.language));
}

export const LOGO_PREFIX = 'certificate-logos';

/** PUT /api/certificates/template/logo: a PNG or JPEG (checked by its bytes) replaces the logo. */
export async function saveTemplateLogo(
  ctx: CertificatesContext,
  actor: Actor,
  bytes: Uint8Array,
): Promise<CertificateTemplate> {
  const organizationId = templateOrganization(actor);
  const mime = await detectImageType(bytes, CERTIFICATE_LOGO_TYPES, 'The logo');
  const key = newImageKey(LOGO_PREFIX, mime);
  await ctx.files.saveFile(key, bytes);
  return replaceLogo(ctx, actor, organizationId, key);
}

export async function deleteTemplateLogo(
  ctx: CertificatesContext,
  actor: Actor,
): Promise<CertificateTemplate> {
  return replaceLogo(ctx, actor, templateOrganization(actor), null);
}

async function replaceLogo(
  ctx: CertificatesContext,
  actor: Actor,
  organizationId: string,
  key: string | null,
): Promise<CertificateTemplate> {
  const now = ctx.clock.now();
  const current = await findTemplate(ctx.db, organizationId);
  const base = current ?? { ...defaultTemplateText(actor.language), ...DEFAULT_TEMPLATE_STYLE };
  const row = await upsertTemplate(ctx.db, organizationId, {
    title: base.title,
    body: base.body,
    signatoryName: base.signatoryName,
    signatoryTitle: base.signatoryTitle,
    primaryColor: base.primaryColor,
    accentColor: base.accentColor,
    logoKey: key,
    updatedAt: now,
    updatedBy: actor.userId,
  });
  if (current?.logoKey && current.logoKey !== key) await ctx.files.deleteFile(current.logoKey);
  return toTemplate(organizationId, row, defaultTemplateText(actor.language));
}

/** GET /api/certificates/template/logo: the image, for the organization's Administrators. */
export async function templateLogo(
  ctx: CertificatesContext,
  actor: Actor,
): Promise<{ bytes: Buffer; contentType: string }> {
  const template = await findTemplate(ctx.db, templateOrganization(actor));
  const bytes = template?.logoKey ? await ctx.files.readFile(template.logoKey) : null;
  if (!template?.logoKey || !bytes) throw notFound('logo');
  return { bytes, contentType: template.logoKey.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}

export async function getRule(
  ctx: CertificatesContext,
  actor: Actor,
  assessmentId: string,
): Promise<CertificateRule> {
  const assessment = await managedAssessment(ctx.db, actor, assessmentId);
  return {
    assessmentId: assessment.id,
    autoGive: (await findRule(ctx.db, assessment.id))?.autoGive ?? false,
  };
}

export async function setRule(
  ctx: CertificatesContext,
  actor: Actor,
  assessmentId: string,
  autoGive: boolean,
): Promise<CertificateRule> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const assessment = await managedAssessment(tx, actor, assessmentId);
    await saveRule(tx, actor, assessment, autoGive, now);
    return { assessmentId: assessment.id, autoGive };
  });
}

/** Whether a student who passes this assessment gets a certificate automatically. */
export const autoGives = async (db: DbOrTx, assessmentId: string) =>
  (await findRule(db, assessmentId))?.autoGive ?? false;

/**
 * The rule as part of an assessment's settings, inside the save's transaction: unchanged, nothing
 * happens (a Teacher saves the value they were shown); changed, only the organization's
 * Administrators may (403 otherwise, and the whole save is undone with it), and it is audited.
 */
export async function applyRuleOfSettings(
  tx: DbOrTx,
  actor: Actor,
  assessment: { id: string; organizationId: string },
  autoGive: boolean | undefined,
  now: Date,
): Promise<void> {
  if (autoGive === undefined || autoGive === (await autoGives(tx, assessment.id))) return;
  const managed = managedOrganization(actor);
  if (managed === undefined || (managed !== null && managed !== assessment.organizationId)) {
    throw forbidden('Only Administrators may change whether certificates are given automatically');
  }
  await saveRule(tx, actor, assessment, autoGive, now);
}

async function saveRule(
  tx: DbOrTx,
  actor: Actor,
  assessment: { id: string; organizationId: string },
  autoGive: boolean,
  now: Date,
) {
  await upsertRule(tx, {
    assessmentId: assessment.id,
    organizationId: assessment.organizationId,
    autoGive,
    updatedBy: actor.userId,
    updatedAt: now,
  });
  await recordAudit(
    tx,
    actor,
    {
      action: 'certificate.rule_updated',
      targetType: 'assessment',
      targetId: assessment.id,
      organizationId: assessment.organizationId,
      details: { autoGive },
    },
    now,
  );
}

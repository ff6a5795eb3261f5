import {
  CertificateCodeSchema,
  isLanguageCode,
  type Certificate,
  type CertificateList,
  type CertificateListQuerySchema,
  type CertificateVerification,
  type LanguageCode,
} from '@vbuilder/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CertificateRow } from '../../db/schema/index.ts';
import { safeFileName } from '../../lib/content-disposition.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { findUserById } from '../users/users.repository.ts';
import { findOrganizationById } from '../organizations/organizations.repository.ts';
import { bakedBadgePng } from './certificates.badge-png.ts';
import { issuerJwks, signedBadge } from './certificates.badge.ts';
import type { CertificatesContext } from './certificates.context.ts';
import { didDocument, signedStatusList } from './certificates.issuer.ts';
import {
  certificateStatus,
  toCertificate,
  verificationUrl,
  DEFAULT_TEMPLATE_STYLE,
} from './certificates.mapper.ts';
import { renderCertificatePdf } from './certificates.pdf.ts';
import { canReadCertificate, managedOrganization } from './certificates.policy.ts';
import {
  findAttemptById,
  findCertificate,
  findCertificateByCode,
  findTemplate,
  listCertificates,
} from './certificates.repository.ts';
import { defaultTemplateText } from './certificates.template.ts';

/**
 * Reading certificates: the lists, one certificate, its PDF and its Open Badges 3.0 credential
 * (the holder and the organization's Administrators), and the public verification of a code.
 */

const certificateNotFound = () => notFound('certificate');
export const unknownCode = () => new AppError(404, 'certificate_not_found', 'No certificate has this code');

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

async function badgeOf(ctx: CertificatesContext, row: CertificateRow) {
  const holder = await findUserById(ctx.db, row.studentId);
  const attempt = row.attemptId ? await findAttemptById(ctx.db, row.attemptId) : null;
  const jwt = await signedBadge(ctx.db, {
    certificate: row,
    holderEmail: holder?.email ?? '',
    passMark: attempt?.passMark ?? 0,
    baseUrl: ctx.baseUrl,
  });
  return { jwt, language: holder?.language };
}

/** What a badge downloads as: `<assessment>-badge.<extension>`, in any script. */
export const badgeFileName = (row: Pick<CertificateRow, 'assessmentTitle'>, extension: 'png' | 'jwt') =>
  `${safeFileName(row.assessmentTitle) || 'certificate'}-badge.${extension}`;

/** GET /api/certificates/:id/badge: the Open Badges 3.0 credential as a VC-JWT. */
export async function certificateBadge(
  ctx: CertificatesContext,
  actor: Actor,
  id: string,
): Promise<{ jwt: string; fileName: string }> {
  const row = await readableCertificate(ctx.db, actor, id);
  const { jwt } = await badgeOf(ctx, row);
  return { jwt, fileName: badgeFileName(row, 'jwt') };
}

/** GET /api/certificates/:id/badge.png: the badge's picture with the VC-JWT baked in. */
export async function certificateBadgePng(
  ctx: CertificatesContext,
  actor: Actor,
  id: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  const row = await readableCertificate(ctx.db, actor, id);
  const { jwt, language } = await badgeOf(ctx, row);
  const template = await findTemplate(ctx.db, row.organizationId);
  const bytes = bakedBadgePng(
    {
      organizationName: row.organizationName,
      assessmentTitle: row.assessmentTitle,
      year: row.issuedAt.getUTCFullYear(),
      primaryColor: template?.primaryColor ?? DEFAULT_TEMPLATE_STYLE.primaryColor,
      accentColor: template?.accentColor ?? DEFAULT_TEMPLATE_STYLE.accentColor,
      language: isLanguageCode(language) ? language : undefined,
    },
    jwt,
  );
  return { bytes, fileName: badgeFileName(row, 'png') };
}

export const issuerKeySet = (ctx: CertificatesContext) => issuerJwks(ctx.db);

/** The organization, for its public issuer documents: a missing one is a 404. */
async function issuingOrganization(ctx: CertificatesContext, organizationId: string) {
  const organization = await findOrganizationById(ctx.db, organizationId);
  if (!organization) throw notFound('organization');
  return organization;
}

/** GET /orgs/:orgId/did.json (public): the organization's did:web DID document. */
export async function issuerDidDocument(ctx: CertificatesContext, organizationId: string) {
  await issuingOrganization(ctx, organizationId);
  return didDocument(ctx.db, ctx.baseUrl, organizationId);
}

/** GET /orgs/:orgId/status/:list (public): a revocation status list, signed (VC-JWT). */
export async function issuerStatusList(ctx: CertificatesContext, organizationId: string, list: number) {
  await issuingOrganization(ctx, organizationId);
  return signedStatusList(ctx.db, ctx.baseUrl, organizationId, list, ctx.clock.now());
}

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

import { verificationPath, type Certificate, type CertificateTemplate } from '@vbuilder/shared';
import type { CertificateRow, CertificateTemplateRow } from '../../db/schema/index.ts';
import type { CertificateWithIssuer } from './certificates.repository.ts';

/** The public page of a code, on this instance: `${PUBLIC_URL}/verify/<code>`. */
export const verificationUrl = (baseUrl: string, code: string): string =>
  `${baseUrl}${verificationPath(code)}`;

export const TEMPLATE_LOGO_URL = '/api/certificates/template/logo';

export const certificateStatus = (row: Pick<CertificateRow, 'revokedAt'>): 'valid' | 'revoked' =>
  row.revokedAt ? 'revoked' : 'valid';

export function toCertificate(row: CertificateWithIssuer, baseUrl: string): Certificate {
  return {
    id: row.id,
    code: row.code,
    verificationUrl: verificationUrl(baseUrl, row.code),
    holder: { id: row.studentId, name: row.holderName },
    assessment: { id: row.assessmentId, title: row.assessmentTitle },
    organization: { id: row.organizationId, name: row.organizationName },
    score: row.score,
    maxScore: row.maxScore,
    percentage: row.percentage,
    issuedAt: row.issuedAt.toISOString(),
    issuedBy: row.issuedBy ? { id: row.issuedBy, name: row.issuedByName ?? '' } : null,
    status: certificateStatus(row),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokeReason: row.revokeReason,
    templateId: row.templateId,
    replacesId: row.replacesId,
    replacedById: row.replacedById,
  };
}

/** The template as the API answers it; `defaults` fill an organization that has not saved one. */
export function toTemplate(
  organizationId: string,
  row: CertificateTemplateRow | null,
  defaults: { title: string; body: string },
): CertificateTemplate {
  if (!row) {
    return {
      id: null,
      organizationId,
      ...defaults,
      ...DEFAULT_TEMPLATE_STYLE,
      logoKey: null,
      logoUrl: null,
      updatedAt: null,
    };
  }
  return {
    id: row.id,
    organizationId: row.organizationId,
    title: row.title,
    body: row.body,
    signatoryName: row.signatoryName,
    signatoryTitle: row.signatoryTitle,
    primaryColor: row.primaryColor,
    accentColor: row.accentColor,
    logoKey: row.logoKey,
    logoUrl: row.logoKey ? TEMPLATE_LOGO_URL : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The colours and empty signatory of the default layout. */
export const DEFAULT_TEMPLATE_STYLE = {
  signatoryName: '',
  signatoryTitle: '',
  primaryColor: '#1F3A5F',
  accentColor: '#B8860B',
} as const;

import { z } from 'zod';
import { pageOf, PageQuerySchema } from './pagination.ts';

/**
 * The certificates contract (docs/product/screens.md Certificates, docs/product/data.md Certificate, docs/product/roles.md "Only
 * administrators may create and give certificates"). Dates are ISO strings.
 *
 * Routes (all under /api/certificates):
 * - GET    /                      list (Administrator: their organization's; Student: their own)
 * - POST   /                      give (Administrators only): GiveCertificatesBody → GiveCertificatesResponse
 * - POST   /:id/revoke            RevokeCertificateBody → CertificateResponse
 * - POST   /:id/reissue           ReissueCertificateBody → CertificateResponse (the new certificate)
 * - GET    /template, PUT /template            CertificateTemplateResponse (Administrators)
 * - PUT    /template/logo (multipart `file`), DELETE /template/logo, GET /template/logo (the image)
 * - GET    /rules/:assessmentId, PUT /rules/:assessmentId   CertificateRule (Administrators)
 * - GET    /:id                   CertificateResponse (holder and the organization's Administrators)
 * - GET    /:id/pdf               the certificate PDF (holder and the organization's Administrators)
 * - GET    /:id/badge             the Open Badges 3.0 credential as a VC-JWT (`application/vc+jwt`)
 * - GET    /:id/badge.png         the badge's picture with that VC-JWT baked in (iTXt `openbadgecredential`)
 * - GET    /verify/:code          public, rate-limited: CertificateVerificationResponse, or 404
 *                                 `certificate_not_found`
 * - GET    /issuer-key            the issuer's public keys as a JWKS
 * Outside /api (did:web fixes them), public: GET /orgs/:orgId/did.json (the organization's DID
 * document) and GET /orgs/:orgId/status/:n (its revocation status list, a VC-JWT).
 */

export const CERTIFICATE_LIMITS = {
  titleMax: 120,
  bodyMax: 1000,
  signatoryMax: 120,
  reasonMax: 500,
  /** Students named in one POST /api/certificates. */
  studentsMax: 500,
  /** The logo image's size in bytes. */
  logoMaxBytes: 1024 * 1024,
} as const;

/** The image types a template logo may be. */
export const CERTIFICATE_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;
export const CertificateStatusSchema = z.enum(CERTIFICATE_STATUSES);
export type CertificateStatus = z.infer<typeof CertificateStatusSchema>;

/** The verification code: base32 (RFC 4648 alphabet, no padding) of 160 random bits, 32 characters. */
export const CERTIFICATE_CODE_PATTERN = /^[A-Z2-7]{32}$/;
export const CertificateCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(CERTIFICATE_CODE_PATTERN, 'validation.certificateCodeInvalid');

/** The public page of a code: `${PUBLIC_URL}/verify/<code>` (printed and in the QR code). */
export const verificationPath = (code: string): string => `/verify/${code}`;

export const CertificateSchema = z.object({
  id: z.string(),
  /** The unguessable verification code. */
  code: z.string(),
  /** `${PUBLIC_URL}/verify/<code>`: the public page anyone can open. */
  verificationUrl: z.string(),
  holder: z.object({ id: z.string(), name: z.string() }),
  assessment: z.object({ id: z.string(), title: z.string() }),
  organization: z.object({ id: z.string(), name: z.string() }),
  /** The score of the attempt it was given for (points), null when it had none. */
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  /** 0–100, rounded as the results show it. */
  percentage: z.number().nullable(),
  issuedAt: z.string(),
  /** The Administrator who gave it; null when the assessment's rule gave it automatically. */
  issuedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: CertificateStatusSchema,
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  /** The organization's template it was laid out with (null: the default layout). */
  templateId: z.string().nullable(),
  /** Reissue chain: the certificate this one replaces, and the one that replaced this one. */
  replacesId: z.string().nullable(),
  replacedById: z.string().nullable(),
});
export type Certificate = z.infer<typeof CertificateSchema>;

export const CertificateResponseSchema = z.object({ data: CertificateSchema });
export type CertificateResponse = z.infer<typeof CertificateResponseSchema>;

export const CERTIFICATE_SORT_FIELDS = ['issuedAt', 'holder', 'assessment'] as const;

/** GET /api/certificates: an Administrator filters their organization's; a Student gets only their own. */
export const CertificateListQuerySchema = PageQuerySchema.extend({
  assessmentId: z.uuid().optional(),
  studentId: z.uuid().optional(),
  status: CertificateStatusSchema.optional(),
  sort: z.enum(CERTIFICATE_SORT_FIELDS).default('issuedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type CertificateListQuery = z.input<typeof CertificateListQuerySchema>;

export const CertificateListSchema = pageOf(CertificateSchema);
export type CertificateList = z.infer<typeof CertificateListSchema>;

/**
 * POST /api/certificates (Administrators only): give one or several students a certificate for an
 * assessment they passed, or everyone who passed it. Named students must all be of the
 * organization (`student_not_in_organization`), have passed (`certificate_not_passed`) and hold no
 * live certificate for it (`certificate_already_given`, details.studentIds); nothing is given then.
 * With allPassed, those who already hold one are left out and listed in `alreadyGiven`.
 */
export const GiveCertificatesBodySchema = z.union([
  z.object({
    assessmentId: z.uuid(),
    studentIds: z.array(z.uuid()).min(1).max(CERTIFICATE_LIMITS.studentsMax),
  }),
  z.object({ assessmentId: z.uuid(), allPassed: z.literal(true) }),
]);
export type GiveCertificatesBody = z.infer<typeof GiveCertificatesBodySchema>;

export const GiveCertificatesResponseSchema = z.object({
  data: z.array(CertificateSchema),
  /** Students (ids) left out because they already hold a live certificate for the assessment. */
  alreadyGiven: z.array(z.string()),
});
export type GiveCertificatesResponse = z.infer<typeof GiveCertificatesResponseSchema>;

/** POST /api/certificates/:id/revoke. A revoked certificate cannot be revoked again (`certificate_revoked`). */
export const RevokeCertificateBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'validation.reasonRequired')
    .max(CERTIFICATE_LIMITS.reasonMax, 'validation.reasonTooLong'),
});
export type RevokeCertificateBody = z.infer<typeof RevokeCertificateBodySchema>;

/**
 * POST /api/certificates/:id/reissue: after a correction, a new certificate (new code, the current
 * score and template) replaces this one, which is revoked with the reason (when still live). The
 * student must still have passed (`certificate_not_passed`).
 */
export const ReissueCertificateBodySchema = z.object({
  reason: z.string().trim().max(CERTIFICATE_LIMITS.reasonMax, 'validation.reasonTooLong').optional(),
});
export type ReissueCertificateBody = z.infer<typeof ReissueCertificateBodySchema>;

/** The placeholders a template's body may hold, e.g. "{student} passed {assessment} with {score}". */
export const CERTIFICATE_PLACEHOLDERS = ['student', 'assessment', 'score', 'date', 'organization'] as const;
export type CertificatePlaceholder = (typeof CERTIFICATE_PLACEHOLDERS)[number];

/**
 * The body with its placeholders filled (the PDF and the web's live preview use this one function).
 * Unknown `{words}` stay as written.
 */
export function fillCertificateBody(body: string, values: Record<CertificatePlaceholder, string>): string {
  return body.replace(/\{(\w+)\}/g, (whole, name: string) =>
    (CERTIFICATE_PLACEHOLDERS as readonly string[]).includes(name)
      ? values[name as CertificatePlaceholder]
      : whole,
  );
}

export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
const ColorSchema = z.string().trim().regex(HEX_COLOR_PATTERN, 'validation.colorInvalid');

/** PUT /api/certificates/template (the logo has its own multipart route). */
export const CertificateTemplateBodySchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'validation.titleRequired')
    .max(CERTIFICATE_LIMITS.titleMax, 'validation.titleTooLong'),
  body: z
    .string()
    .trim()
    .min(1, 'validation.bodyRequired')
    .max(CERTIFICATE_LIMITS.bodyMax, 'validation.bodyTooLong'),
  signatoryName: z.string().trim().max(CERTIFICATE_LIMITS.signatoryMax, 'validation.nameTooLong'),
  signatoryTitle: z.string().trim().max(CERTIFICATE_LIMITS.signatoryMax, 'validation.titleTooLong'),
  primaryColor: ColorSchema,
  accentColor: ColorSchema,
});
export type CertificateTemplateBody = z.infer<typeof CertificateTemplateBodySchema>;

/**
 * An organization's certificate template. Until an Administrator saves one, GET answers the
 * default (`id` null) with its title and body in the caller's language.
 */
export const CertificateTemplateSchema = CertificateTemplateBodySchema.extend({
  id: z.string().nullable(),
  organizationId: z.string(),
  /** The uploaded logo's storage key, null without one. */
  logoKey: z.string().nullable(),
  /** Where the logo image is served (GET /api/certificates/template/logo), null without one. */
  logoUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type CertificateTemplate = z.infer<typeof CertificateTemplateSchema>;

export const CertificateTemplateResponseSchema = z.object({ data: CertificateTemplateSchema });
export type CertificateTemplateResponse = z.infer<typeof CertificateTemplateResponseSchema>;

/** The assessment rule "give a certificate automatically when a student passes" (applied at marking). */
export const CertificateRuleSchema = z.object({
  assessmentId: z.string(),
  autoGive: z.boolean(),
});
export type CertificateRule = z.infer<typeof CertificateRuleSchema>;

export const CertificateRuleBodySchema = z.object({ autoGive: z.boolean() });
export type CertificateRuleBody = z.infer<typeof CertificateRuleBodySchema>;

export const CertificateRuleResponseSchema = z.object({ data: CertificateRuleSchema });
export type CertificateRuleResponse = z.infer<typeof CertificateRuleResponseSchema>;

/**
 * GET /api/certificates/verify/:code (public): what anyone holding the code may learn, nothing
 * else. An unknown code answers 404 `certificate_not_found`.
 */
export const CertificateVerificationSchema = z
  .object({
    holderName: z.string(),
    assessmentTitle: z.string(),
    organizationName: z.string(),
    issuedAt: z.string(),
    status: CertificateStatusSchema,
    revokedAt: z.string().nullable(),
  })
  .strict();
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;

export const CertificateVerificationResponseSchema = z
  .object({ data: CertificateVerificationSchema })
  .strict();
export type CertificateVerificationResponse = z.infer<typeof CertificateVerificationResponseSchema>;

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CERTIFICATE_LIMITS,
  CertificateListQuerySchema,
  CertificateListSchema,
  CertificateResponseSchema,
  CertificateRuleBodySchema,
  CertificateRuleResponseSchema,
  CertificateTemplateBodySchema,
  CertificateTemplateResponseSchema,
  CertificateVerificationResponseSchema,
  ErrorResponseSchema,
  GiveCertificatesBodySchema,
  GiveCertificatesResponseSchema,
  IdParamsSchema,
  ReissueCertificateBodySchema,
  RevokeCertificateBodySchema,
} from '@vbuilder/shared';
import { contentDispositionHeader } from '../../lib/content-disposition.ts';
import { COMMON_ERRORS, errorResponses } from '../../lib/errors.ts';
import { readUploadedFile } from '../../lib/files.ts';
import { provideAutoCertificateSetting } from '../assessments/assessments.access.ts';
import { CERTIFICATE_MANAGERS, CERTIFICATE_READERS } from './certificates.policy.ts';
import {
  autoCertificateRule,
  BADGE_MEDIA_TYPE,
  certificateBadge,
  certificateBadgePng,
  certificatePdf,
  certificatesContext,
  deleteTemplateLogo,
  getCertificate,
  getRule,
  getTemplate,
  giveCertificates,
  issuerKeySet,
  listCertificatesFor,
  reissueCertificate,
  revokeCertificate,
  saveTemplate,
  saveTemplateLogo,
  setRule,
  templateLogo,
  verifyCertificate,
} from './certificates.service.ts';

const tags = ['certificates'];
const errors = { ...COMMON_ERRORS, 409: ErrorResponseSchema };
const managers = { policy: { roles: CERTIFICATE_MANAGERS } };
const readers = { policy: { roles: CERTIFICATE_READERS } };
/** The multipart field a template logo is sent in. */
export const LOGO_FIELD = 'file';

/** A file we produced, with its type decided by us (never sniffed); `download`: saved, not shown. */
const sendFile = (
  reply: FastifyReply,
  body: Buffer | string,
  contentType: string,
  options: { fileName?: string; cache?: string } = {},
) => {
  if (options.fileName) reply.header('content-disposition', contentDispositionHeader(options.fileName));
  return reply
    .header('content-type', contentType)
    .header('cache-control', options.cache ?? 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
};

const JwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/**
 * Certificates (docs/product/api.md `GET|POST /certificates`, `GET /certificates/:id/pdf`,
 * `GET /certificates/:id/badge`, `GET /certificates/verify/:code`). Only Administrators give,
 * revoke and reissue (docs/product/roles.md); a Student sees and downloads only their own; another
 * organization's certificate answers 404 like a missing one. The verification of a code is
 * public, rate-limited, and answers nothing but what the certificate states.
 */
const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = certificatesContext(app);
  // The rule is also a setting of the assessment, which assessments reads and saves through this.
  provideAutoCertificateSetting(autoCertificateRule);

  app.get(
    '/certificates',
    {
      schema: {
        tags,
        summary: "Certificates: an Administrator's organization's (filtered), or a Student's own",
        querystring: CertificateListQuerySchema,
        response: { 200: CertificateListSchema, ...errors },
      },
      config: readers,
    },
    (req) => listCertificatesFor(ctx, req.actor, req.query),
  );

  app.post(
    '/certificates',
    {
      schema: {
        tags,
        summary:
          'Give certificates for an assessment: to named students, or to everyone who passed (Administrators)',
        body: GiveCertificatesBodySchema,
        response: { 201: GiveCertificatesResponseSchema, ...errors },
      },
      config: managers,
    },
    async (req, reply) => reply.code(201).send(await giveCertificates(ctx, req.actor, req.body)),
  );

  app.get(
    '/certificates/template',
    {
      schema: {
        tags,
        summary: "The organization's certificate template (the default until one is saved)",
        response: { 200: CertificateTemplateResponseSchema, ...errors },
      },
      config: managers,
    },
    async (req) => ({ data: await getTemplate(ctx, req.actor) }),
  );

  app.put(
    '/certificates/template',
    {
      schema: {
        tags,
        summary: "Save the organization's certificate template",
        body: CertificateTemplateBodySchema,
        response: { 200: CertificateTemplateResponseSchema, ...errors },
      },
      config: managers,
    },
    async (req) => ({ data: await saveTemplate(ctx, req.actor, req.body) }),
  );

  app.put(
    '/certificates/template/logo',
    {
      schema: {
        tags,
        summary: `Upload the template's logo (multipart, field ${LOGO_FIELD}; PNG or JPEG)`,
        consumes: ['multipart/form-data'],
        response: { 200: CertificateTemplateResponseSchema, ...errors, ...errorResponses(413) },
      },
      config: managers,
    },
    async (req) => {
      const { bytes } = await readUploadedFile(req, {
        field: LOGO_FIELD,
        maxBytes: CERTIFICATE_LIMITS.logoMaxBytes,
        what: 'the logo',
      });
      return { data: await saveTemplateLogo(ctx, req.actor, bytes) };
    },
  );

  app.delete(
    '/certificates/template/logo',
    {
      schema: {
        tags,
        summary: "Remove the template's logo",
        response: { 200: CertificateTemplateResponseSchema, ...errors },
      },
      config: managers,
    },
    async (req) => ({ data: await deleteTemplateLogo(ctx, req.actor) }),
  );

  app.get(
    '/certificates/template/logo',
    {
      schema: { tags, summary: "The template's logo image", response: errors },
      config: managers,
    },
    async (req, reply) => {
      const { bytes, contentType } = await templateLogo(ctx, req.actor);
      return sendFile(reply, bytes, contentType, { cache: 'private, no-cache' });
    },
  );

  const RuleParamsSchema = z.object({ assessmentId: z.uuid() });

  app.get(
    '/certificates/rules/:assessmentId',
    {
      schema: {
        tags,
        summary: 'Whether the assessment gives a certificate automatically when a student passes',
        params: RuleParamsSchema,
        response: { 200: CertificateRuleResponseSchema, ...errors },
      },
      config: managers,
    },
    async (req) => ({ data: await getRule(ctx, req.actor, req.params.assessmentId) }),
  );

  app.put(
    '/certificates/rules/:assessmentId',
    {
      schema: {
        tags,
        summary: 'Give a certificate automatically when a student passes the assessment (or stop)',
        params: RuleParamsSchema,
        body: CertificateRuleBodySchema,
        response: { 200: CertificateRuleResponseSchema, ...errors },
      },
      config: managers,
    },
    async (req) => ({ data: await setRule(ctx, req.actor, req.params.assessmentId, req.body.autoGive) }),
  );

  app.get(
    '/certificates/issuer-key',
    {
      schema: {
        tags,
        summary: 'The public keys Open Badges credentials are signed with (JWKS)',
        security: [],
        response: { 200: JwksSchema },
      },
      config: { policy: 'public' },
    },
    async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=3600').send(await issuerKeySet(ctx)),
  );

  app.get(
    '/certificates/verify/:code',
    {
      schema: {
        tags,
        summary: 'Check a certificate code (public): holder, assessment, organization, date and status',
        security: [],
        params: z.object({ code: z.string().max(64) }),
        response: { 200: CertificateVerificationResponseSchema, ...errorResponses(404, 429) },
      },
      config: { policy: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await verifyCertificate(ctx, req.params.code) };
    },
  );

  app.get(
    '/certificates/:id',
    {
      schema: {
        tags,
        summary: 'One certificate (its holder and the organization’s Administrators)',
        params: IdParamsSchema,
        response: { 200: CertificateResponseSchema, ...errors },
      },
      config: readers,
    },
    async (req) => ({ data: await getCertificate(ctx, req.actor, req.params.id) }),
  );

  app.get(
    '/certificates/:id/pdf',
    {
      schema: {
        tags,
        summary: 'The certificate as a PDF (its holder and the organization’s Administrators)',
        params: IdParamsSchema,
        response: errors,
      },
      config: readers,
    },
    async (req, reply) => {
      const { bytes, fileName } = await certificatePdf(ctx, req.actor, req.params.id);
      return sendFile(reply, bytes, 'application/pdf', { fileName });
    },
  );

  app.get(
    '/certificates/:id/badge',
    {
      schema: {
        tags,
        summary: 'The certificate as an Open Badges 3.0 credential, signed as a VC-JWT (application/vc+jwt)',
        params: IdParamsSchema,
        response: errors,
      },
      config: readers,
    },
    async (req, reply) => {
      const { jwt, fileName } = await certificateBadge(ctx, req.actor, req.params.id);
      return sendFile(reply, jwt, BADGE_MEDIA_TYPE, { fileName });
    },
  );

  app.get(
    '/certificates/:id/badge.png',
    {
      schema: {
        tags,
        summary:
          'The Open Badge as a PNG with the credential baked in (iTXt openbadgecredential; the holder and the organization’s Administrators)',
        params: IdParamsSchema,
        response: errors,
      },
      config: readers,
    },
    async (req, reply) => {
      const { bytes, fileName } = await certificateBadgePng(ctx, req.actor, req.params.id);
      return sendFile(reply, bytes, 'image/png', { fileName });
    },
  );

  app.post(
    '/certificates/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a certificate with a reason (Administrators)',
        params: IdParamsSchema,
        body: RevokeCertificateBodySchema,
        response: { 200: CertificateResponseSchema, ...errors },
      },
      config: managers,
    },
    async (req) => ({ data: await revokeCertificate(ctx, req.actor, req.params.id, req.body.reason) }),
  );

  app.post(
    '/certificates/:id/reissue',
    {
      schema: {
        tags,
        summary: 'Reissue a certificate after a correction: a new one replaces it (Administrators)',
        params: IdParamsSchema,
        body: ReissueCertificateBodySchema,
        response: { 201: CertificateResponseSchema, ...errors },
      },
      config: managers,
    },
    async (req, reply) =>
      reply
        .code(201)
        .send({ data: await reissueCertificate(ctx, req.actor, req.params.id, req.body.reason) }),
  );
};

export default certificatesRoutes;

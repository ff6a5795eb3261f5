import {
  CERTIFICATE_LOGO_TYPES,
  type CertificateTemplate,
  type CertificateTemplateBody,
} from '@vbuilder/shared';
import { translatorFor } from '../../i18n/index.ts';
import { notFound } from '../../lib/errors.ts';
import { detectImageType, newImageKey } from '../../lib/stored-images.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { CertificatesContext } from './certificates.context.ts';
import { toTemplate, DEFAULT_TEMPLATE_STYLE } from './certificates.mapper.ts';
import { managedOrganization } from './certificates.policy.ts';
import { findTemplate, upsertTemplate } from './certificates.repository.ts';

/**
 * The organization's certificate template: its words (title and body with placeholders), the
 * signatory, the colours and the logo, which every certificate of the organization is printed
 * with. An organization that has saved none prints the default, in the holder's language.
 */

/** The default template's words in a language (an organization that has not saved its own). */
export function defaultTemplateText(language: string): { title: string; body: string } {
  const t = translatorFor(language);
  return { title: t('certificates:template.title'), body: t('certificates:template.body') };
}

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

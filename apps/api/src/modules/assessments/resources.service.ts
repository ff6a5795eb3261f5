import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { ASSESSMENT_LIMITS, type AssessmentResource } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { FileStore, UploadedFile } from '../../lib/files.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { toResource } from './assessments.mapper.ts';
import {
  countResources,
  deleteResource,
  findResource,
  insertResources,
  lockAssessmentResources,
  type AssessmentResourceRow,
} from './assessments.repository.ts';
import {
  findReadableAssessment,
  findWritableAssessment,
  type AssessmentsContext,
} from './assessments.access.ts';
import { contentDispositionHeader } from '../../lib/content-disposition.ts';

/**
 * Files and resources teachers attach to an assessment (worksheets, readings, recordings...).
 * What a file is, is decided by its bytes, not its name or declared type; what a browser may run
 * (HTML, SVG, scripts, executables) is refused, and downloads are attachments with nosniff.
 */

/** Binary types recognised by their bytes that we keep. */
const BINARY_TYPES = [
  /^image\/(png|jpeg|gif|webp|bmp|tiff|heic|avif)$/,
  /^audio\//,
  /^video\//,
  /^application\/pdf$/,
  /^application\/(zip|gzip|x-7z-compressed|x-rar-compressed|x-tar|epub\+zip|rtf)$/,
  /^application\/vnd\.openxmlformats-officedocument\./,
  /^application\/vnd\.oasis\.opendocument\./,
  /^application\/vnd\.ms-(excel|powerpoint)$/,
  /^application\/(msword|x-cfb)$/,
];

/** Names a browser or an operating system would run or render as a page, whatever the bytes. */
const DANGEROUS_EXTENSIONS =
  /\.(html?|xhtml|shtml|svgz?|xml|xsl|js|mjs|cjs|jsx|ts|vbs|wsf|hta|exe|com|bat|cmd|scr|pif|msi|dll|ps1|sh|jar|app|apk|dmg|deb|rpm|lnk|reg)$/i;

/** Plain-text files (recognised by their name or declared type) and the type they are served with. */
const TEXT_TYPES: Array<[RegExp, string]> = [
  [/\.csv$/i, 'text/csv'],
  [/\.(md|markdown)$/i, 'text/markdown'],
  [/\.json$/i, 'application/json'],
];

const unsupported = () =>
  badRequest(
    'unsupported_file_type',
    'This kind of file cannot be attached: use a document, PDF, image, audio, video, archive or plain text',
  );

/** A file name safe to keep and to send back: no folders, no control characters, not too long. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return clean.slice(-200) || 'file';
}

const isUtf8Text = (bytes: Uint8Array): boolean => {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/** The content type to store and serve, decided from the bytes; refuses what a browser could run. */
export async function resourceContentType(
  bytes: Uint8Array,
  name: string,
  declared: string,
): Promise<string> {
  if (DANGEROUS_EXTENSIONS.test(name)) throw unsupported();
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  if (detected) {
    if (!BINARY_TYPES.some((pattern) => pattern.test(detected))) throw unsupported();
    return detected;
  }
  // Not recognised by its bytes: only text is kept, and never markup (HTML, SVG, XML start with '<').
  if (!isUtf8Text(bytes)) throw unsupported();
  const text = new TextDecoder()
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<')) throw unsupported();
  const byName = TEXT_TYPES.find(([pattern]) => pattern.test(name))?.[1];
  if (byName) return byName;
  return declared === 'text/csv' ? 'text/csv' : 'text/plain';
}

const storageKey = (assessmentId: string) => `assessment-resources/${assessmentId}/${randomUUID()}`;

/** POST /assessments/:id/resources: at most resourcesMax per assessment (400 too_many_resources). */
export async function addResource(
  ctx: AssessmentsContext,
  actor: Actor,
  assessmentId: string,
  file: UploadedFile,
): Promise<AssessmentResource> {
  const assessment = await findWritableAssessment(ctx.db, actor, assessmentId);
  const name = cleanFileName(file.filename);
  const contentType = await resourceContentType(file.bytes, name, file.mimetype);
  const now = ctx.clock.now();
  const key = storageKey(assessment.id);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // Two uploads at 19 of 20 must not both get in.
      await lockAssessmentResources(tx, assessment.id);
      if ((await countResources(tx, assessment.id)) >= ASSESSMENT_LIMITS.resourcesMax) {
        throw badRequest(
          'too_many_resources',
          `An assessment holds at most ${ASSESSMENT_LIMITS.resourcesMax} files`,
          { max: ASSESSMENT_LIMITS.resourcesMax },
        );
      }
      await ctx.files.saveFile(key, file.bytes);
      const [inserted] = await insertResources(tx, [
        {
          assessmentId: assessment.id,
          name,
          contentType,
          size: file.bytes.length,
          storageKey: key,
          uploadedBy: actor.userId,
          createdAt: now,
        },
      ]);
      await recordAudit(
        tx,
        actor,
        {
          action: 'assessment.resource_added',
          targetType: 'assessment',
          targetId: assessment.id,
          organizationId: assessment.organizationId,
          details: { resourceId: inserted!.id, name, size: file.bytes.length },
        },
        now,
      );
      return inserted!;
    });
    return toResource(row);
  } catch (error) {
    await ctx.files.deleteFile(key);
    throw error;
  }
}

/** GET /assessments/:id/resources/:resourceId: whoever may read the assessment (assigned students too). */
export async function readResource(
  ctx: AssessmentsContext,
  actor: Actor,
  assessmentId: string,
  resourceId: string,
): Promise<{ resource: AssessmentResourceRow; stream: Readable }> {
  const assessment = await findReadableAssessment(ctx.db, actor, assessmentId);
  const resource = await findResource(ctx.db, assessment.id, resourceId);
  if (!resource) throw notFound('resource');
  // Streamed: a class opening the same 20 MB handout at once must not hold 30 copies in memory.
  const stream = await ctx.files.openFile(resource.storageKey);
  if (!stream) throw notFound('resource');
  return { resource, stream };
}

/** DELETE /assessments/:id/resources/:resourceId: the row in a transaction, then the bytes. */
export async function removeResource(
  ctx: AssessmentsContext,
  actor: Actor,
  assessmentId: string,
  resourceId: string,
): Promise<void> {
  const assessment = await findWritableAssessment(ctx.db, actor, assessmentId);
  const now = ctx.clock.now();
  const removed = await ctx.db.transaction(async (tx) => {
    const resource = await findResource(tx, assessment.id, resourceId);
    if (!resource || !(await deleteResource(tx, assessment.id, resourceId))) throw notFound('resource');
    await recordAudit(
      tx,
      actor,
      {
        action: 'assessment.resource_deleted',
        targetType: 'assessment',
        targetId: assessment.id,
        organizationId: assessment.organizationId,
        details: { resourceId, name: resource.name },
      },
      now,
    );
    return resource;
  });
  await ctx.files.deleteFile(removed.storageKey);
}

/** Copies resources to another assessment with their own files, so deleting one copy keeps the other's. */
export async function copyResources(
  tx: DbOrTx,
  files: FileStore,
  resources: readonly AssessmentResourceRow[],
  assessmentId: string,
  uploadedBy: string,
  now: Date,
): Promise<void> {
  const copies = [];
  for (const resource of resources) {
    const bytes = await files.readFile(resource.storageKey);
    if (!bytes) continue;
    const key = storageKey(assessmentId);
    await files.saveFile(key, bytes);
    copies.push({
      assessmentId,
      name: resource.name,
      contentType: resource.contentType,
      size: resource.size,
      storageKey: key,
      uploadedBy,
      createdAt: now,
    });
  }
  await insertResources(tx, copies);
}

/** Content-Disposition for a download: the real name in `filename*`, an ASCII fallback (RFC 6266 / 5987). */
export const attachmentHeader = (name: string): string => contentDispositionHeader(name);

import { fileTypeFromBuffer } from 'file-type';
import {
  LIMITS,
  QUESTION_IMAGE_TYPES,
  isTypeAllowed,
  type ImportReason,
  type Question,
  type QuestionImportFields,
  type QuestionImportResult,
} from '@vbuilder/shared';
import type { Actor } from '../../types.d.ts';
import { translatorFor, type TFunction } from '../../i18n/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  findQuestionsWritableAssessment,
  type AssessmentsContext,
} from '../assessments/assessments.access.ts';
import { ownOrganization } from '../assessments/assessments.policy.ts';
import { appendQuestions } from '../assessments/assessments.service.ts';
import { currentPlan } from '../plans/plans.service.ts';
import { importIntoBank, listBankCategories } from '../question-bank/question-bank.service.ts';
import { storeQuestionImage } from '../question-images/question-images.service.ts';
import {
  importQuestions,
  type Format,
  type ImportedMedia,
  type ImportedQuestion,
  type InterchangeFile,
} from '../question-interchange/index.ts';

/**
 * POST /api/question-imports: a file converted by the question interchange,
 * shown (preview) or stored (save) into the bank or an assessment. Preview and save run the same
 * steps on the same file, so what the preview shows is what a save stores: the plan's types
 * (refused items become skipped, each with its reason), images the store keeps (others become a
 * warning). A save sends the file again; nothing is kept between the two calls.
 */

export type ImportTarget =
  { kind: 'bank'; categoryId: string | null } | { kind: 'assessment'; assessmentId: string };

export function targetOf(fields: Pick<QuestionImportFields, 'categoryId' | 'assessmentId'>): ImportTarget {
  if (fields.categoryId && fields.assessmentId) {
    throw badRequest('validation_error', 'Send categoryId or assessmentId, not both', [
      { path: ['assessmentId'], message: 'questionImport.errors.oneTarget' },
    ]);
  }
  return fields.assessmentId
    ? { kind: 'assessment', assessmentId: fields.assessmentId }
    : { kind: 'bank', categoryId: fields.categoryId ?? null };
}

interface Planned {
  imported: ImportedQuestion;
  /** Media the store will keep (image types and size it accepts). */
  media: ImportedMedia[];
  warnings: ImportReason[];
}

function reason(t: TFunction, code: string, params: Record<string, string | number>): ImportReason {
  return { code, params, message: t(`questionImports:reasons.${code}`, params) };
}

/** A media file the question image store accepts (its type read from the bytes, its size). */
async function storable(media: ImportedMedia): Promise<boolean> {
  if (media.bytes.length > LIMITS.questionImageMaxBytes) return false;
  const mime = (await fileTypeFromBuffer(media.bytes))?.mime;
  return !!mime && (QUESTION_IMAGE_TYPES as readonly string[]).includes(mime);
}

/** The chosen category's names from the top level, so the file's tree is created under it. */
async function categoryPath(ctx: AssessmentsContext, actor: Actor, categoryId: string): Promise<string[]> {
  const { items } = await listBankCategories(ctx, actor);
  const byId = new Map(items.map((c) => [c.id, c]));
  const names: string[] = [];
  for (let c = byId.get(categoryId); c; c = c.parentId ? byId.get(c.parentId) : undefined) {
    names.unshift(c.name);
    if (names.length > items.length) break;
  }
  if (!names.length) throw notFound('category');
  return names;
}

export async function runImport(
  ctx: AssessmentsContext,
  actor: Actor,
  input: {
    mode: 'preview' | 'save';
    format?: Format;
    target: ImportTarget;
    file: InterchangeFile;
    language: string;
  },
): Promise<QuestionImportResult> {
  const organizationId = ownOrganization(actor);
  const t = translatorFor(input.language);
  // The target is checked before the file is read: another organization's id is a 404 either way.
  const basePath =
    input.target.kind === 'bank'
      ? input.target.categoryId
        ? await categoryPath(ctx, actor, input.target.categoryId)
        : []
      : (await findQuestionsWritableAssessment(ctx.db, actor, input.target.assessmentId), []);
  const result = importQuestions(input.file, { format: input.format, locale: input.language });
  const { plan } = await currentPlan(ctx.db, organizationId, ctx.clock.now());
  const skipped: { item: string; location: string; reason: ImportReason }[] = [...result.skipped];
  const planned: Planned[] = [];
  for (const imported of result.questions) {
    const type = imported.question.type;
    if (!isTypeAllowed(plan, type)) {
      skipped.push({
        item: imported.label,
        location: imported.source,
        reason: reason(t, 'typeNotInPlan', {
          type: t(`questionTypes:types.${type}.label`),
          plan: t(`billing:plans.${plan.name}`, { defaultValue: plan.name }),
        }),
      });
      continue;
    }
    const warnings: ImportReason[] = [...imported.warnings];
    const media: ImportedMedia[] = [];
    for (const m of imported.media) {
      if (await storable(m)) media.push(m);
      else warnings.push(reason(t, 'imageNotStored', { file: m.name }));
    }
    planned.push({ imported, media, warnings });
  }
  const questions = planned.map(({ imported, media, warnings }, index) => ({
    question: { ...imported.question, id: `import-${index + 1}` } as Question,
    category: imported.category,
    tags: imported.tags,
    images: media.length,
    warnings,
    source: imported.source,
    label: imported.label,
  }));
  const view = { mode: input.mode, format: result.format, questions, skipped };
  if (input.mode === 'preview') return { ...view, saved: null };
  if (!planned.length) {
    throw badRequest('validation_error', 'The file has no question that can be imported', [
      { path: ['file'], message: 'questionImport.errors.nothingToImport' },
    ]);
  }

  // Save: images first (the store is outside the database; a failed save removes them again),
  // then every question in one transaction.
  const storedKeys: string[] = [];
  try {
    const ready: Question[] = [];
    for (const [index, { imported, media }] of planned.entries()) {
      const question = structuredClone({ ...imported.question, id: `import-${index + 1}` }) as Question;
      for (const m of media) {
        const { url } = await storeQuestionImage(ctx.files, m.bytes);
        storedKeys.push(url.replace(/^\/api\/files\//, ''));
        if (m.target.kind === 'question') question.imageUrl = url;
        else {
          const optionId = m.target.optionId;
          const options = (question.config as { options?: { id: string; imageUrl?: string | null }[] })
            .options;
          const option = options?.find((o) => o.id === optionId);
          if (option) option.imageUrl = url;
        }
      }
      ready.push(question);
    }
    if (input.target.kind === 'bank') {
      const ids = await importIntoBank(
        ctx,
        actor,
        ready.map((question, i) => ({
          question,
          categoryPath: [...basePath, ...planned[i]!.imported.category],
          tags: planned[i]!.imported.tags,
        })),
      );
      return { ...view, saved: { count: ids.length, bankQuestionIds: ids } };
    }
    const assessmentId = input.target.assessmentId;
    await appendQuestions(ctx, actor, assessmentId, ready, {
      field: 'file',
      details: { imported: ready.length, format: result.format },
    });
    return { ...view, saved: { count: ready.length, assessmentId } };
  } catch (error) {
    await Promise.allSettled(storedKeys.map((key) => ctx.files.deleteFile(key)));
    throw error;
  }
}

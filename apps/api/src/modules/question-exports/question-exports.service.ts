import { fileTypeFromBuffer } from 'file-type';
import {
  EXPORT_LIMITS,
  type Question,
  type QuestionExportCheck,
  type QuestionExportParams,
} from '@vbuilder/shared';
import type { Actor } from '../../types.d.ts';
import { translatorFor } from '../../i18n/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { findWritableAssessment, type AssessmentsContext } from '../assessments/assessments.access.ts';
import { drawRulesOf } from '../assessments/bank-links.service.ts';
import { bankQuestionsForExport } from '../question-bank/question-bank.service.ts';
import { QUESTION_IMAGE_PREFIX } from '../question-images/question-images.service.ts';
import {
  exportQuestions,
  firstWords,
  type ExportResult,
  type ExportableQuestion,
  type ImageLoader,
} from '../question-interchange/index.ts';

/**
 * GET /api/question-exports/check and /file: an assessment's questions or a
 * selection of the organization's bank, written by the question interchange. Both routes run the
 * same steps, so the check's lists (questions left out, parts a written question loses) are
 * exactly what the file leaves out.
 */

export interface QuestionExport {
  check: QuestionExportCheck;
  file: ExportResult;
}

/** What the query names: an assessment, bank ids, or the bank's filters (one of them). */
function sourceOf(query: QuestionExportParams) {
  const bankFilter =
    query.search ||
    query.categoryId ||
    query.uncategorized ||
    query.type?.length ||
    query.difficulty ||
    query.tag?.length ||
    query.authorId;
  const named = [query.assessmentId, query.bankQuestionId?.length, bankFilter].filter(Boolean).length;
  if (named > 1) {
    throw badRequest('validation_error', 'Name an assessment, bank questions or bank filters, not several', [
      { path: ['assessmentId'], message: 'questionBank.errors.exportOneSource' },
    ]);
  }
  return query;
}

/** Stored question images (/api/files/question-images/...) read from the file store; nothing else. */
function imageLoader(ctx: AssessmentsContext): ImageLoader {
  return async (url) => {
    const key = /^\/api\/files\/(question-images\/[\w.-]+)$/.exec(url)?.[1];
    if (!key?.startsWith(`${QUESTION_IMAGE_PREFIX}/`)) return null;
    const bytes = await ctx.files.readFile(key);
    if (!bytes) return null;
    const type = await fileTypeFromBuffer(bytes);
    if (!type) return null;
    return { bytes: new Uint8Array(bytes), contentType: type.mime, name: `${key.split('/').pop()}` };
  };
}

export async function exportForActor(
  ctx: AssessmentsContext,
  actor: Actor,
  query: QuestionExportParams,
  language: string,
): Promise<QuestionExport> {
  const t = translatorFor(language);
  const source = sourceOf(query);
  let questions: ExportableQuestion[];
  let title: string;
  let draws = 0;
  if (source.assessmentId) {
    // The organization's staff who may open the assessment in the editor may take its questions away.
    const assessment = await findWritableAssessment(ctx.db, actor, source.assessmentId);
    title = assessment.title;
    // The assessment's title as the category, so an import into a bank keeps them together.
    questions = (assessment.questions as Question[]).map((q) => ({ ...q, category: [assessment.title] }));
    // Random draws pick bank questions per student: none is the assessment's own to write.
    draws = (await drawRulesOf(ctx.db, assessment.id)).length;
  } else {
    const { items, categoryName } = await bankQuestionsForExport(
      ctx,
      actor,
      source.bankQuestionId?.length
        ? { ids: source.bankQuestionId }
        : {
            filter: {
              search: source.search,
              categoryId: source.categoryId,
              includeSubcategories: source.includeSubcategories,
              uncategorized: source.uncategorized,
              types: source.type,
              difficulty: source.difficulty,
              tags: source.tag,
              authorId: source.authorId,
            },
          },
      EXPORT_LIMITS.bankQuestions,
    );
    title = categoryName ?? t('questionInterchange:export.bankTitle');
    // The bank's id stands for the question, so the screen can point at the row it lists.
    questions = items.map((item) => ({
      ...item.question,
      id: item.id,
      category: item.categoryPath,
      tags: item.tags,
    }));
  }
  const file = await exportQuestions(questions, source.format, {
    loadImage: imageLoader(ctx),
    title,
    locale: language,
  });
  const position = new Map(questions.map((q, i) => [q.id, i + 1]));
  const byId = new Map(questions.map((q) => [q.id, q]));
  const notExportable = file.notExportable.map((n) => {
    const question = byId.get(n.questionId)!;
    return {
      questionId: n.questionId,
      number: position.get(n.questionId)!,
      label: firstWords(question.text),
      type: question.type,
      reason: n.reason,
    };
  });
  const partial = file.partial.map((p) => {
    const question = byId.get(p.questionId)!;
    return {
      questionId: p.questionId,
      number: position.get(p.questionId)!,
      label: firstWords(question.text),
      type: question.type,
      lost: p.reasons,
    };
  });
  return {
    check: {
      format: source.format,
      fileName: file.fileName,
      total: questions.length,
      exported: questions.length - notExportable.length,
      notExportable,
      partial,
      draws,
    },
    file,
  };
}

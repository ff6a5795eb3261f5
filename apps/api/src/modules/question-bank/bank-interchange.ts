import { BANK_LIMITS, type BankQuestionValues, type Question } from '@vbuilder/shared';
import type { Actor } from '../../types.d.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { ownOrganization } from '../assessments/assessments.policy.ts';
import type { QuestionBankContext } from './bank-common.ts';
import { ensureCategoryPath } from './bank-categories.ts';
import { checkPlan, insertIntoBank } from './bank-questions.ts';
import {
  findBankQuestions,
  findCategory,
  listBankQuestions,
  listCategories,
  type BankQuestionFilter,
} from './question-bank.repository.ts';

/** What the importers and exporters read and write of the bank (question-imports, question-exports). */

/** One question an importer puts in the bank, with its category path (names from the top). */
export interface BankImportItem {
  question: Question;
  categoryPath: readonly string[];
  tags?: readonly string[];
  difficulty?: BankQuestionValues['difficulty'];
}

/**
 * Puts imported questions in the organization's bank in one transaction (all or none), creating
 * their categories; each question's type must be in the plan (type_not_in_plan otherwise, nothing
 * saved). Answers the new bank questions' ids, in order.
 */
export async function importIntoBank(
  ctx: QuestionBankContext,
  actor: Actor,
  items: readonly BankImportItem[],
): Promise<string[]> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  await checkPlan(
    ctx.db,
    organizationId,
    items.map((i) => i.question),
    now,
  );
  return ctx.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const item of items) {
      const categoryId = await ensureCategoryPath(tx, actor, organizationId, item.categoryPath, now);
      const tags = [...new Set((item.tags ?? []).map((t) => t.trim().replace(/\s+/g, ' ').toLowerCase()))]
        .filter((t) => t.length > 0 && t.length <= BANK_LIMITS.tagMax)
        .slice(0, BANK_LIMITS.tagsMax);
      ids.push(
        await insertIntoBank(
          tx,
          actor,
          organizationId,
          { question: item.question, categoryId, tags, difficulty: item.difficulty ?? 'Medium' },
          now,
          { imported: true },
        ),
      );
    }
    return ids;
  });
}

/** One bank question an export writes: its content, category path (names from the top) and tags. */
export interface BankExportItem {
  id: string;
  question: Question;
  categoryPath: string[];
  tags: string[];
}

/**
 * Bank questions for an export: by id (in the order given; another organization's or a missing
 * id is 404 like any bank id), or by the list's filters in the list's order (a named category
 * must be the organization's: 404). More than `limit` matching is refused (400), so a file is
 * never silently cut short. `title` names the file: the category's name when there is one.
 */
export async function bankQuestionsForExport(
  ctx: QuestionBankContext,
  actor: Actor,
  selection: { ids: readonly string[] } | { filter: BankQuestionFilter },
  limit: number,
): Promise<{ items: BankExportItem[]; categoryName: string | null }> {
  const organizationId = ownOrganization(actor);
  let rows: { id: string; categoryId: string | null; tags: string[]; question: unknown }[];
  let categoryName: string | null = null;
  if ('ids' in selection) {
    const wanted = [...new Set(selection.ids)];
    const found = new Map((await findBankQuestions(ctx.db, organizationId, wanted)).map((r) => [r.id, r]));
    if (found.size !== wanted.length) throw notFound('question');
    rows = wanted.map((id) => found.get(id)!);
  } else {
    const { filter } = selection;
    if (filter.categoryId) {
      const category = await findCategory(ctx.db, organizationId, filter.categoryId);
      if (!category) throw notFound('category');
      categoryName = category.name;
    }
    const page = await listBankQuestions(ctx.db, organizationId, filter, {
      sort: 'updatedAt',
      order: 'desc',
      page: 1,
      pageSize: limit + 1,
    });
    if (page.total > limit) {
      throw badRequest('validation_error', `An export holds at most ${limit} questions`, [
        { path: ['categoryId'], message: 'questionBank.errors.exportTooMany' },
      ]);
    }
    rows = page.rows;
  }
  const categories = new Map((await listCategories(ctx.db, organizationId)).map((c) => [c.id, c]));
  const pathOf = (id: string | null): string[] => {
    const names: string[] = [];
    for (let c = id ? categories.get(id) : undefined; c && names.length <= categories.size;) {
      names.unshift(c.name);
      c = c.parentId ? categories.get(c.parentId) : undefined;
    }
    return names;
  };
  return {
    items: rows.map((row) => ({
      id: row.id,
      question: row.question as Question,
      categoryPath: pathOf(row.categoryId),
      tags: row.tags,
    })),
    categoryName,
  };
}

import { sql } from 'drizzle-orm';
import { BANK_LIMITS, type BankCategory, type BankCategoryList } from '@vbuilder/shared';
import type { z } from 'zod';
import type { BankCategoryInputSchema, BankCategoryUpdateSchema } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { QuestionBankCategoryRow } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { ownOrganization } from '../assessments/assessments.policy.ts';
import { audit, type QuestionBankContext } from './bank-common.ts';
import { toCategory } from './question-bank.mapper.ts';
import {
  ancestorsOf,
  categoryContents,
  deleteCategory,
  findCategory,
  insertCategory,
  listCategories,
  subtreeHeight,
  updateCategory,
} from './question-bank.repository.ts';

/** The bank's categories: a tree of names per organization, and the paths importers create in it. */

/** One change to an organization's categories at a time, so names and moves are checked against a still tree. */
const lockCategories = (tx: DbOrTx, organizationId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank-categories:${organizationId}`}))`);

export async function listBankCategories(ctx: QuestionBankContext, actor: Actor): Promise<BankCategoryList> {
  const organizationId = ownOrganization(actor);
  return { items: (await listCategories(ctx.db, organizationId)).map(toCategory) };
}

async function categoryOrNotFound(db: DbOrTx, organizationId: string, id: string) {
  const row = await findCategory(db, organizationId, id);
  if (!row) throw notFound('category');
  return row;
}

/** A parent that exists, and a tree no deeper than allowed once `height` more levels hang below the child. */
async function checkParent(
  tx: DbOrTx,
  organizationId: string,
  parentId: string | null,
  moving: string | null,
  height: number,
): Promise<void> {
  if (!parentId) return;
  const chain = await ancestorsOf(tx, organizationId, parentId);
  if (!chain.length) {
    throw badRequest('validation_error', 'The parent category does not exist', [
      { path: ['parentId'], message: 'questionBank.errors.parentMissing' },
    ]);
  }
  if (moving && chain.includes(moving)) {
    throw badRequest('bank_category_loop', 'A category cannot move into itself or one of its subcategories');
  }
  // chain.length levels above the child, the child itself, `height` levels below it.
  if (chain.length + height > BANK_LIMITS.categoryDepthMax) {
    throw badRequest('bank_category_loop', 'Categories cannot nest this deep');
  }
}

async function assertNameFree(
  tx: DbOrTx,
  organizationId: string,
  parentId: string | null,
  name: string,
  except: string | null,
): Promise<void> {
  const siblings = await listCategories(tx, organizationId);
  const taken = siblings.some(
    (c) => c.parentId === parentId && c.id !== except && c.name.toLowerCase() === name.toLowerCase(),
  );
  if (taken) throw conflict('bank_category_name_taken', 'A category with this name already exists here');
}

async function categoryView(db: DbOrTx, organizationId: string, id: string): Promise<BankCategory> {
  const row = (await listCategories(db, organizationId)).find((c) => c.id === id);
  if (!row) throw notFound('category');
  return toCategory(row);
}

export async function createBankCategory(
  ctx: QuestionBankContext,
  actor: Actor,
  input: z.output<typeof BankCategoryInputSchema>,
): Promise<BankCategory> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    await lockCategories(tx, organizationId);
    await checkParent(tx, organizationId, input.parentId, null, 0);
    await assertNameFree(tx, organizationId, input.parentId, input.name, null);
    const created = await insertCategory(tx, {
      organizationId,
      parentId: input.parentId,
      name: input.name,
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, actor, 'question_bank.category_created', { type: 'bank_category', ...created }, now, {
      name: created.name,
    });
    return created;
  });
  return categoryView(ctx.db, organizationId, row.id);
}

/** PATCH: rename, and/or move under another parent (never under itself or its own subcategories). */
export async function updateBankCategory(
  ctx: QuestionBankContext,
  actor: Actor,
  id: string,
  input: z.output<typeof BankCategoryUpdateSchema>,
): Promise<BankCategory> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockCategories(tx, organizationId);
    const current: QuestionBankCategoryRow = await categoryOrNotFound(tx, organizationId, id);
    const parentId = input.parentId === undefined ? current.parentId : input.parentId;
    const name = input.name ?? current.name;
    if (parentId !== current.parentId) {
      await checkParent(tx, organizationId, parentId, id, await subtreeHeight(tx, id));
    }
    await assertNameFree(tx, organizationId, parentId, name, id);
    await updateCategory(tx, organizationId, id, { name, parentId, updatedAt: now });
    await audit(
      tx,
      actor,
      'question_bank.category_updated',
      { type: 'bank_category', id, organizationId },
      now,
      {
        name,
        parentId,
        ...(parentId !== current.parentId ? { from: current.parentId } : {}),
      },
    );
  });
  return categoryView(ctx.db, organizationId, id);
}

/** DELETE: only an empty category (no questions, no subcategories) that no live assessment draws from. */
export async function deleteBankCategory(ctx: QuestionBankContext, actor: Actor, id: string): Promise<void> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockCategories(tx, organizationId);
    const row = await categoryOrNotFound(tx, organizationId, id);
    const contents = await categoryContents(tx, id);
    if (contents.questions > 0 || contents.children > 0) {
      throw conflict('bank_category_not_empty', 'The category still has questions or subcategories');
    }
    if (contents.draws > 0) {
      throw conflict('bank_category_in_use', 'An assessment draws questions from this category');
    }
    await deleteCategory(tx, organizationId, id);
    await audit(tx, actor, 'question_bank.category_deleted', { type: 'bank_category', ...row }, now, {
      name: row.name,
    });
  });
}

/**
 * The category at this path of names from the top level ('Physics' › 'Optics'), created where it
 * is missing (sibling names compare without regard to case). Null for an empty path (no category).
 */
export async function ensureCategoryPath(
  tx: DbOrTx,
  actor: Actor,
  organizationId: string,
  names: readonly string[],
  now: Date,
): Promise<string | null> {
  await lockCategories(tx, organizationId);
  const existing = await listCategories(tx, organizationId);
  let parentId: string | null = null;
  for (const raw of names.slice(0, BANK_LIMITS.categoryDepthMax)) {
    const name = raw.trim().slice(0, BANK_LIMITS.categoryNameMax);
    if (!name) continue;
    const found = existing.find(
      (c) => c.parentId === parentId && c.name.toLowerCase() === name.toLowerCase(),
    );
    if (found) {
      parentId = found.id;
      continue;
    }
    const created = await insertCategory(tx, {
      organizationId,
      parentId,
      name,
      createdAt: now,
      updatedAt: now,
    });
    existing.push({ ...created, questionCount: 0 });
    await audit(tx, actor, 'question_bank.category_created', { type: 'bank_category', ...created }, now, {
      name,
    });
    parentId = created.id;
  }
  return parentId;
}

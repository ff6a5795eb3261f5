import {
  drawnQuestionId,
  drawTotals,
  typesOfPlan,
  type DrawRule,
  type Plan,
  type Question,
} from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AssessmentDrawRuleRow } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { assertTypesInPlan } from './plan-checks.ts';
import {
  countDrawPool,
  drawCandidates,
  findBankQuestions,
  findContentAtVersion,
  findCategoryIds,
  listDrawRules,
  replaceDrawRules,
} from './bank-links.repository.ts';

/**
 * An assessment's bank links (docs/product/question-bank.md#how-it-is-built): questions used by
 * reference are kept equal to the bank's, draw rules are checked and stored with the assessment,
 * and an attempt's drawn questions are chosen at its start. The question bank, attempts and the
 * importers and exporters use these; this module never imports the question bank.
 */

/** A bank question as an assessment holds it: the bank's content under the assessment's own id. */
export const asAssessmentQuestion = (
  bank: { id: string; question: unknown },
  localId: string,
  mode: 'reference' | 'copy',
): Question => {
  const { bankRef: _bankRef, ...content } = bank.question as Question;
  return mode === 'reference' ? { ...content, id: localId, bankRef: bank.id } : { ...content, id: localId };
};

/**
 * Questions used by reference take the bank's current content (the client's copy may be old); a
 * reference to a question that is not in the organization's bank is refused, the same whether it
 * was deleted, never existed or is another organization's.
 */
export async function resolveBankLinks(
  db: DbOrTx,
  organizationId: string,
  questions: readonly Question[],
): Promise<Question[]> {
  const refs = [...new Set(questions.flatMap((q) => (q.bankRef ? [q.bankRef] : [])))];
  if (!refs.length) return [...questions];
  const found = new Map((await findBankQuestions(db, organizationId, refs)).map((r) => [r.id, r]));
  const missing = questions.flatMap((q, i) =>
    q.bankRef && !found.has(q.bankRef)
      ? [{ path: ['questions', String(i), 'bankRef'], message: 'assessments.errors.bankQuestionMissing' }]
      : [],
  );
  if (missing.length) {
    throw badRequest(
      'bank_question_missing',
      'A question refers to a bank question that does not exist',
      missing,
    );
  }
  return questions.map((q) =>
    q.bankRef ? asAssessmentQuestion(found.get(q.bankRef)!, q.id, 'reference') : q,
  );
}

/** A draw rule ready to store: the types it may draw, narrowed to the plan's when it was saved. */
export type PreparedDrawRule = DrawRule & { planTypes: string[] };

const effectiveTypes = (rule: Pick<DrawRule, 'types'>, planTypes: readonly string[]): string[] =>
  rule.types.length ? rule.types.filter((t) => planTypes.includes(t)) : [...planTypes];

/**
 * Checks an assessment's draw rules against the organization's bank and plan: categories must be
 * the organization's, types chosen explicitly must be in the plan (refused otherwise, as inline
 * questions are), and a rule with no types draws only the plan's types (filtered: a bank question
 * of another type is never drawn). When the assessment is published, each rule's category must
 * hold at least as many matching questions as it asks for (draw_pool_too_small otherwise).
 */
export async function prepareDrawRules(
  db: DbOrTx,
  organizationId: string,
  plan: Plan,
  draws: readonly DrawRule[],
  options: { published: boolean },
): Promise<PreparedDrawRule[]> {
  if (!draws.length) return [];
  const names = await findCategoryIds(
    db,
    organizationId,
    draws.map((d) => d.categoryId),
  );
  const strangers = draws.flatMap((d, i) =>
    names.has(d.categoryId)
      ? []
      : [{ path: ['draws', String(i), 'categoryId'], message: 'assessments.errors.drawCategoryMissing' }],
  );
  if (strangers.length)
    throw badRequest('validation_error', 'A draw rule names an unknown category', strangers);
  assertTypesInPlan(
    plan,
    draws.flatMap((d) => d.types.map((type) => ({ type }))),
  );
  const planTypes = typesOfPlan(plan) as string[];
  const prepared = draws.map((d) => ({ ...d, planTypes }));
  if (options.published) {
    for (const rule of prepared) {
      const available = await countDrawPool(db, organizationId, {
        ...rule,
        types: effectiveTypes(rule, rule.planTypes),
      });
      if (available < rule.count) {
        const category = names.get(rule.categoryId) ?? '';
        throw new AppError(
          400,
          'draw_pool_too_small',
          `The category "${category}" has ${available} matching questions; the draw asks for ${rule.count}`,
          { drawId: rule.id, categoryId: rule.categoryId, available, requested: rule.count },
          { category, available, requested: rule.count },
        );
      }
    }
  }
  return prepared;
}

export async function saveDrawRules(
  tx: DbOrTx,
  assessmentId: string,
  rules: readonly PreparedDrawRule[],
): Promise<void> {
  await replaceDrawRules(
    tx,
    assessmentId,
    rules.map((r, ord) => ({
      id: r.id,
      ord,
      position: r.position,
      categoryId: r.categoryId,
      includeSubcategories: r.includeSubcategories,
      tags: r.tags,
      types: r.types,
      planTypes: r.planTypes,
      count: r.count,
      score: r.score,
    })),
  );
}

/** A stored rule as the assessment shows it and as the start draws it. */
export const toDrawRule = (row: AssessmentDrawRuleRow): PreparedDrawRule => ({
  id: row.id,
  position: row.position,
  categoryId: row.categoryId,
  includeSubcategories: row.includeSubcategories,
  tags: row.tags,
  types: row.types as DrawRule['types'],
  count: row.count,
  score: row.score,
  planTypes: row.planTypes,
});

export async function drawRulesOf(db: DbOrTx, assessmentId: string): Promise<PreparedDrawRule[]> {
  return (await listDrawRules(db, assessmentId)).map(toDrawRule);
}

/** Copies an assessment's rules to another (duplicate), as they were checked for it. */
export async function copyDrawRules(tx: DbOrTx, fromId: string, toId: string): Promise<void> {
  await saveDrawRules(tx, toId, await drawRulesOf(tx, fromId));
}

/** Total marks of an assessment: its questions' scores and what each draw adds. */
export const totalMarksWith = (questions: readonly Pick<Question, 'score'>[], draws: readonly DrawRule[]) =>
  questions.reduce((sum, q) => sum + q.score, 0) + drawTotals(draws).marks;

/**
 * The questions of one attempt: the assessment's own, with each rule's drawn questions placed at
 * its position. One read of the bank for every rule (drawCandidates), ordered by the attempt's
 * seed: the same seed and bank always give the same questions. A bank question appears once per
 * attempt (not twice through two rules, nor again when the assessment uses it by reference). Each
 * drawn question is worth the rule's score; its id is the bank question's (drawnQuestionId), so
 * results put every student's answer to it in one column. When the bank has fewer than a rule
 * asks (changed since publishing), the attempt gets what there is.
 */
export async function drawForAttempt(
  db: DbOrTx,
  organizationId: string,
  seed: string,
  questions: readonly Question[],
  rules: readonly PreparedDrawRule[],
): Promise<Question[]> {
  if (!rules.length) return [...questions];
  const linked = [...new Set(questions.flatMap((q) => (q.bankRef ? [q.bankRef] : [])))];
  // Earlier rules pick first and may take some of a rule's candidates: each reads that many more.
  const prior = (rule: PreparedDrawRule) =>
    rules.slice(0, rules.indexOf(rule)).reduce((n, r) => n + r.count, 0);
  const candidates = await drawCandidates(
    db,
    organizationId,
    seed,
    rules.map((r) => ({
      ...r,
      types: effectiveTypes(r, r.planTypes),
      limit: r.count + prior(r),
    })),
    linked,
  );
  const taken = new Set<string>();
  const drawn: Question[][] = rules.map(() => []);
  for (const c of candidates) {
    const pick = drawn[c.rule]!;
    if (pick.length >= rules[c.rule]!.count || taken.has(c.id)) continue;
    taken.add(c.id);
    const { bankRef: _bankRef, ...content } = c.question;
    pick.push({ ...content, id: drawnQuestionId(c.id), score: rules[c.rule]!.score, bankRef: c.id });
  }
  // Rules at the same position keep their order; each goes before the question at its position.
  const out: Question[] = [];
  for (let at = 0; at <= questions.length; at += 1) {
    rules.forEach((r, i) => {
      if (Math.min(r.position, questions.length) === at) out.push(...drawn[i]!);
    });
    if (at < questions.length) out.push(questions[at]!);
  }
  return out;
}

/** What an attempt starts from: the assessment's questions and draw rules at one version. */
export interface AttemptContent {
  questions: Question[];
  rules: PreparedDrawRule[];
}

/** The assessment's questions and rules at `version`, or null when it has changed since. */
export async function contentAtVersion(
  db: DbOrTx,
  assessmentId: string,
  version: string,
): Promise<AttemptContent | null> {
  const found = await findContentAtVersion(db, assessmentId, version);
  return found && { questions: found.questions as Question[], rules: found.rules.map(toDrawRule) };
}

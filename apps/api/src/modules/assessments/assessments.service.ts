// Over 500 lines for now: it is to be split along its sections (writing, reading and the plan's checks), each into a file
// of its own in this module, with the module's other work (docs/architecture/overview.md).
import type { z } from 'zod';
import {
  ASSESSMENT_LIMITS,
  isMonthlyLimitReached,
  isSuperAdministrator,
  remainingThisMonth,
  startOfMonthUtc,
  typesOfPlan,
  type Assessment,
  type AssessmentList,
  type AssessmentListQuerySchema,
  type AssessmentUsage,
  type AssessmentValues,
  type MonthlyAssessments,
  type DrawRule,
  type Plan,
  type Question,
  QuestionSchema,
} from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AssessmentRow } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit, type AuditAction } from '../audit/audit.repository.ts';
import { findOrganizationById } from '../organizations/organizations.repository.ts';
import { currentPlan } from '../plans/plans.service.ts';
import { emitNotification, scheduleOpeningSoon } from '../notifications/notifications.service.ts';
import { autoCertificateSetting } from './assessments.access.ts';
import { toAssessment, toSummary } from './assessments.mapper.ts';
import {
  assertManagesAssessment,
  isStudent,
  ownOrganization,
  readableOrganization,
} from './assessments.policy.ts';
import {
  countCreatedSince,
  findStudentIds,
  insertAssessment,
  listAssessments as listAssessmentRows,
  listAssigneeIds,
  listCreatedSince,
  listResources,
  lockOrganizationCreations,
  replaceAssignees,
  softDeleteAssessment,
  updateAssessment,
  type AssessmentWithCreator,
  type NewAssessment,
} from './assessments.repository.ts';
import { myAttemptsFor } from './my-attempts.ts';
import {
  findQuestionsWritableAssessment,
  findReadableAssessment,
  findWritableAssessment,
  hasAttempts,
  questionsLocked,
  type AssessmentsContext,
} from './assessments.access.ts';
import { copyResources } from './resources.service.ts';
import {
  copyDrawRules,
  drawRulesOf,
  prepareDrawRules,
  resolveBankLinks,
  type PreparedDrawRule,
  saveDrawRules,
  totalMarksWith,
} from './bank-links.service.ts';
import { assertTypesInPlan } from './plan-checks.ts';

export { appendQuestions, type AppendSource } from './append-questions.ts';
export { assertTypesInPlan } from './plan-checks.ts';

export const monthlyLimitReached = (plan: Plan, used: number) =>
  new AppError(
    403,
    'monthly_limit_reached',
    `Upgrade ${plan.name} to create another assessment: ${used} of ${plan.monthlyAssessments} used this month`,
    { plan: plan.name, limit: plan.monthlyAssessments, used },
  );

const instant = (value: string | null) => (value ? new Date(value) : null);

/**
 * The saved columns of an assessment from what a teacher sent (a full replace on update), with its
 * questions as resolveBankLinks made them. Total marks are never typed in: they are the sum of the
 * questions' scores and of what the draw rules add.
 */
function columnsOf(input: AssessmentValues, questions: Question[]): Omit<NewAssessment, 'organizationId'> {
  return {
    title: input.title,
    subject: input.subject,
    difficulty: input.difficulty,
    generationType: input.generationType,
    startsAt: instant(input.startsAt),
    endsAt: instant(input.endsAt),
    dueAt: instant(input.dueAt),
    durationMinutes: input.durationMinutes,
    passMark: input.passMark,
    instructions: input.instructions,
    allowRetake: input.allowRetake,
    language: input.language,
    instructor: input.instructor,
    status: input.status,
    reviewPolicy: input.reviewPolicy,
    releasePolicy: input.releasePolicy,
    assignmentMode: input.assignment.mode,
    questions,
    totalMarks: totalMarksWith(questions, input.draws),
  };
}

/** The chosen students, each checked to be a Student of the organization (400 otherwise). */
async function assigneesOf(db: DbOrTx, organizationId: string, input: AssessmentValues): Promise<string[]> {
  if (input.assignment.mode !== 'selected') return [];
  const wanted = [...new Set(input.assignment.studentIds)];
  const found = await findStudentIds(db, organizationId, wanted);
  const strangers = wanted.filter((id) => !found.has(id));
  if (strangers.length) {
    throw badRequest('student_not_in_organization', 'Only Students of this organization can be assigned', {
      studentIds: strangers,
    });
  }
  return wanted;
}

/** Who had an assessment before a change: its status, assignment mode and chosen students. */
interface Audience {
  status: string;
  assignmentMode: string;
  assigneeIds: string[];
}

/**
 * Inside the change's transaction: tells the students an assessment is newly theirs (everyone it
 * is given to when it is published now; when it already was, only students added to it) and
 * schedules its "opening soon" reminder.
 */
async function notifyAudience(
  ctx: AssessmentsContext,
  tx: DbOrTx,
  before: Audience | null,
  after: Pick<AssessmentRow, 'id' | 'status' | 'startsAt' | 'assignmentMode'>,
  assigneeIds: string[],
  now: Date,
): Promise<void> {
  if (after.status !== 'published') return;
  const assessmentId = after.id;
  if (!before || before.status !== 'published') {
    await emitNotification(ctx.jobs, { kind: 'assessment_published', assessmentId }, { tx });
  } else if (after.assignmentMode === 'selected') {
    // Chosen students who did not have it: from "all" nobody is new; from other chosen ones, the added.
    const had = new Set(before.assigneeIds);
    const added = before.assignmentMode === 'selected' ? assigneeIds.filter((id) => !had.has(id)) : [];
    if (added.length) {
      await emitNotification(
        ctx.jobs,
        { kind: 'assessment_published', assessmentId, studentIds: added },
        { tx },
      );
    }
  } else if (before.assignmentMode === 'selected') {
    // Now given to every student: those not chosen before are new to it.
    await emitNotification(
      ctx.jobs,
      { kind: 'assessment_published', assessmentId, exceptStudentIds: before.assigneeIds },
      { tx },
    );
  }
  await scheduleOpeningSoon(ctx.jobs, tx, after, now);
}

const audit = (
  tx: DbOrTx,
  actor: Actor,
  action: AuditAction,
  row: Pick<AssessmentRow, 'id' | 'organizationId'>,
  now: Date,
  details?: Record<string, unknown>,
) =>
  recordAudit(
    tx,
    actor,
    { action, targetType: 'assessment', targetId: row.id, organizationId: row.organizationId, details },
    now,
  );

async function detailOf(
  db: DbOrTx,
  actor: Actor,
  row: AssessmentWithCreator,
  now: Date,
): Promise<Assessment> {
  const forStudent = isStudent(actor);
  const assigneeIds = forStudent ? [] : await listAssigneeIds(db, row.id);
  const resources = await listResources(db, row.id);
  const mine = forStudent ? await myAttemptsFor(db, actor.userId, [row], now) : null;
  return toAssessment(row, now, {
    assigneeIds,
    resources,
    myAttempts: mine?.get(row.id) ?? null,
    forStudent,
    // A Student sees how many questions the draws add (the count), never the rules themselves.
    draws: await drawRulesOf(db, row.id),
    questionsLocked: forStudent ? false : await hasAttempts(db, row.id),
    autoCertificate: forStudent ? false : await autoCertificateSetting().read(db, row.id),
  });
}

export type AssessmentListParams = z.output<typeof AssessmentListQuerySchema>;

/**
 * GET /assessments: staff see their organization's assessments (the Super Administrator names
 * one), a Student the published ones assigned to them with their own attempts.
 */
export async function listAssessments(
  ctx: AssessmentsContext,
  actor: Actor,
  query: AssessmentListParams,
): Promise<AssessmentList> {
  const organizationId = readableOrganization(actor, query.organizationId);
  if (isSuperAdministrator(actor.role) && !(await findOrganizationById(ctx.db, organizationId))) {
    throw notFound('organization');
  }
  const now = ctx.clock.now();
  const studentId = isStudent(actor) ? actor.userId : undefined;
  const { rows, total } = await listAssessmentRows(
    ctx.db,
    {
      organizationId,
      studentId,
      search: query.search,
      timing: query.timing,
      // A Student only ever sees published ones; a status filter cannot show them drafts.
      status: query.status,
      generationType: query.generationType,
      difficulty: query.difficulty,
    },
    { sort: query.sort, order: query.order, page: query.page, pageSize: query.pageSize },
    now,
  );
  const mine = studentId ? await myAttemptsFor(ctx.db, studentId, rows, now) : null;
  return {
    items: rows.map((row) => toSummary(row, now, mine?.get(row.id) ?? null)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getAssessment(ctx: AssessmentsContext, actor: Actor, id: string): Promise<Assessment> {
  const row = await findReadableAssessment(ctx.db, actor, id);
  return detailOf(ctx.db, actor, row, ctx.clock.now());
}

/**
 * Inside a transaction: waits for the organization's creation lock, then refuses when this
 * month's creations (deleted ones too) have reached the plan's allowance or a question's type is
 * outside the plan. The caller inserts in the same transaction, still holding the lock.
 */
async function reserveCreation(
  tx: DbOrTx,
  organizationId: string,
  questions: readonly Pick<Question, 'type'>[],
  now: Date,
): Promise<Plan> {
  await lockOrganizationCreations(tx, organizationId);
  const { plan } = await currentPlan(tx, organizationId, now);
  const used = await countCreatedSince(tx, organizationId, startOfMonthUtc(now));
  if (isMonthlyLimitReached(plan, used)) throw monthlyLimitReached(plan, used);
  assertTypesInPlan(plan, questions);
  return plan;
}

/** POST /assessments: counted against the month, one creation at a time per organization. */
export async function createAssessment(
  ctx: AssessmentsContext,
  actor: Actor,
  input: AssessmentValues,
): Promise<Assessment> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  const assignees = await assigneesOf(ctx.db, organizationId, input);
  const questions = await resolveBankLinks(ctx.db, organizationId, input.questions);
  const row = await ctx.db.transaction(async (tx) => {
    const plan = await reserveCreation(tx, organizationId, questions, now);
    const draws = await prepareDrawRules(tx, organizationId, plan, input.draws, {
      published: input.status === 'published',
    });
    const created = await insertAssessment(tx, {
      ...columnsOf(input, questions),
      organizationId,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await replaceAssignees(tx, created.id, assignees);
    await saveDrawRules(tx, created.id, draws);
    await autoCertificateSetting().save(tx, actor, created, input.autoCertificate, now);
    await audit(tx, actor, 'assessment.created', created, now, { title: created.title });
    await notifyAudience(ctx, tx, null, created, assignees, now);
    return created;
  });
  return getAssessment(ctx, actor, row.id);
}

/** JSON with object keys sorted, so values that jsonb stored and a client sent back compare equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/**
 * A question as the lock compares it. One used by reference is its id and its bank link: its
 * content is the bank's, which the server fills in (resolveBankLinks), never the client's copy.
 * Stored ones go through the same schema as sent ones (unknown keys dropped).
 */
const comparableQuestion = (question: unknown) => {
  const parsed = QuestionSchema.safeParse(question);
  const q = (parsed.success ? parsed.data : question) as Question;
  return q.bankRef ? { id: q.id, bankRef: q.bankRef } : q;
};

/**
 * Draw rules as the lock compares them: what the teacher chose, without what the server derives
 * (the plan's types), tags and types as sets, in the order attempts draw them (by position; rules
 * at one position keep their order).
 */
const comparableDraws = (draws: readonly DrawRule[]) =>
  draws
    .map((d, ord) => ({ d, ord }))
    .sort((a, b) => a.d.position - b.d.position || a.ord - b.ord)
    .map(({ d }) => ({
      id: d.id,
      position: d.position,
      categoryId: d.categoryId,
      includeSubcategories: d.includeSubcategories,
      tags: [...new Set(d.tags)].sort(),
      types: [...new Set(d.types)].sort(),
      count: d.count,
      score: d.score,
    }));

/** Whether a save would change the assessment's questions or draw rules (what a start locks). */
async function changesQuestions(
  db: DbOrTx,
  row: Pick<AssessmentRow, 'id' | 'questions'>,
  input: Pick<AssessmentValues, 'questions' | 'draws'>,
): Promise<boolean> {
  const stored = (row.questions as unknown[]).map(comparableQuestion);
  if (canonical(stored) !== canonical(input.questions.map(comparableQuestion))) return true;
  const rules = await drawRulesOf(db, row.id);
  return canonical(comparableDraws(rules)) !== canonical(comparableDraws(input.draws));
}

/**
 * PUT /assessments/:id: replaces every input field; the plan's types are checked again. Once a
 * student has started it, its questions and draw rules are locked (findQuestionsWritableAssessment):
 * the save must repeat them as stored (409 questions_locked otherwise) and they are left as they are.
 */
export async function updateAssessmentById(
  ctx: AssessmentsContext,
  actor: Actor,
  id: string,
  input: AssessmentValues,
): Promise<Assessment> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  const current = await findWritableAssessment(ctx.db, actor, id);
  // Refused before the plan's checks when it is locked already; checked again under the row's lock.
  const lockedBefore = await hasAttempts(ctx.db, id);
  if (lockedBefore && (await changesQuestions(ctx.db, current, input))) throw questionsLocked();
  const assignees = await assigneesOf(ctx.db, organizationId, input);
  const { plan } = await currentPlan(ctx.db, organizationId, now);
  let questions: Question[] = [];
  let draws: PreparedDrawRule[] = [];
  if (!lockedBefore) {
    questions = await resolveBankLinks(ctx.db, organizationId, input.questions);
    assertTypesInPlan(plan, questions);
    draws = await prepareDrawRules(ctx.db, organizationId, plan, input.draws, {
      published: input.status === 'published',
    });
  }
  await ctx.db.transaction(async (tx) => {
    const previous = await findQuestionsWritableAssessment(tx, actor, id, (row) =>
      changesQuestions(tx, row, input),
    );
    const before: Audience = {
      status: previous.status,
      assignmentMode: previous.assignmentMode,
      assigneeIds: await listAssigneeIds(tx, id),
    };
    // Locked (now or when the save began): the questions and rules sent equal the stored ones,
    // which stay as they are.
    const keep = lockedBefore || previous.questionsLocked;
    const { questions: _questions, totalMarks: _totalMarks, ...settings } = columnsOf(input, questions);
    const row = await updateAssessment(
      tx,
      organizationId,
      id,
      keep ? { ...settings, updatedAt: now } : { ...columnsOf(input, questions), updatedAt: now },
    );
    if (!row) throw notFound('assessment');
    await replaceAssignees(tx, row.id, assignees);
    // The row's update above changes its version: an attempt never starts from stale rules.
    if (!keep) await saveDrawRules(tx, row.id, draws);
    await autoCertificateSetting().save(tx, actor, row, input.autoCertificate, now);
    await audit(tx, actor, 'assessment.updated', row, now, { title: row.title });
    await notifyAudience(ctx, tx, before, row, assignees, now);
  });
  return getAssessment(ctx, actor, id);
}

/** DELETE /assessments/:id: soft, so submissions keep their assessment and the month keeps its count. */
export async function deleteAssessmentById(ctx: AssessmentsContext, actor: Actor, id: string): Promise<void> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await findWritableAssessment(tx, actor, id);
    assertManagesAssessment(actor, row);
    if (!(await softDeleteAssessment(tx, organizationId, id, now))) throw notFound('assessment');
    await audit(tx, actor, 'assessment.deleted', row, now, { title: row.title });
  });
}

/** "Copy of <title>", cut to the longest title allowed. */
export const copyTitle = (title: string) => `Copy of ${title}`.slice(0, ASSESSMENT_LIMITS.titleMax);

/**
 * POST /assessments/:id/duplicate: a draft copy (questions, settings, assignees and resource
 * files), counted against the month under the same lock as a creation.
 */
export async function duplicateAssessment(
  ctx: AssessmentsContext,
  actor: Actor,
  id: string,
  options: { title?: string | undefined },
): Promise<Assessment> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  const source = await findWritableAssessment(ctx.db, actor, id);
  const questions = source.questions as Question[];
  const assignees = await listAssigneeIds(ctx.db, id);
  const resources = await listResources(ctx.db, id);
  const copy = await ctx.db.transaction(async (tx) => {
    await reserveCreation(tx, organizationId, questions, now);
    const {
      id: _id,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      deletedAt: _deletedAt,
      creatorName: _creatorName,
      ...settings
    } = source;
    const created = await insertAssessment(tx, {
      ...settings,
      title: options.title ?? copyTitle(source.title),
      status: 'draft',
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await replaceAssignees(tx, created.id, assignees);
    await copyDrawRules(tx, source.id, created.id);
    await copyResources(tx, ctx.files, resources, created.id, actor.userId, now);
    await audit(tx, actor, 'assessment.duplicated', created, now, { from: source.id, title: created.title });
    return created;
  });
  return getAssessment(ctx, actor, copy.id);
}

/** The organization whose usage a call reads: own, or for the Super Administrator an existing one named. */
async function usageOrganization(db: DbOrTx, actor: Actor, requested: string | undefined): Promise<string> {
  const organizationId = readableOrganization(actor, requested);
  if (isSuperAdministrator(actor.role) && !(await findOrganizationById(db, organizationId))) {
    throw notFound('organization');
  }
  return organizationId;
}

/** GET /assessments/usage: the usage card (plan, this month's creations, what is left). */
export async function assessmentUsage(
  ctx: AssessmentsContext,
  actor: Actor,
  requested: string | undefined,
): Promise<AssessmentUsage> {
  const organizationId = await usageOrganization(ctx.db, actor, requested);
  const now = ctx.clock.now();
  const monthStart = startOfMonthUtc(now);
  const { plan, status } = await currentPlan(ctx.db, organizationId, now);
  const used = await countCreatedSince(ctx.db, organizationId, monthStart);
  return {
    plan: {
      name: plan.name,
      productName: plan.productName,
      monthlyAssessments: plan.monthlyAssessments,
      allowedTypes: typesOfPlan(plan),
    },
    status,
    usedThisMonth: used,
    remaining: remainingThisMonth(plan, used),
    limitReached: isMonthlyLimitReached(plan, used),
    resetsAt: new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 1)).toISOString(),
  };
}

/** GET /assessments/organization/:orgId/monthly (docs/product/api.md): this month's creations, deleted ones flagged. */
export async function monthlyAssessments(
  ctx: AssessmentsContext,
  actor: Actor,
  organizationId: string,
): Promise<MonthlyAssessments> {
  const orgId = isSuperAdministrator(actor.role) ? organizationId : ownOrganization(actor, organizationId);
  if (!(await findOrganizationById(ctx.db, orgId))) throw notFound('organization');
  const rows = await listCreatedSince(ctx.db, orgId, startOfMonthUtc(ctx.clock.now()));
  return {
    data: rows.map((r) => ({
      id: r.id,
      title: r.title,
      createdAt: r.createdAt.toISOString(),
      deleted: r.deletedAt !== null,
    })),
  };
}

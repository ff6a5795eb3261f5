import {
  and,
  asc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { TimingStatus } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  assessmentDrawRules,
  assessmentAssignees,
  assessmentResources,
  assessments,
  users,
  type AssessmentRow,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/text.ts';

export type NewAssessment = typeof assessments.$inferInsert;
export type AssessmentResourceRow = typeof assessmentResources.$inferSelect;

/** An assessment with its author's name, as the list and the detail show it. */
export type AssessmentWithCreator = AssessmentRow & { creatorName: string | null };
/** A list row: everything but the questions themselves, which a list never needs. */
export type AssessmentListRow = Omit<AssessmentRow, 'questions'> & {
  questionCount: number;
  creatorName: string | null;
};

const { questions: _questions, ...summaryColumns } = getTableColumns(assessments);

const notDeleted = isNull(assessments.deletedAt);

/**
 * Serializes assessment creations per organization until the transaction ends, so "count this
 * month, then insert" cannot let two concurrent requests both take the last allowance. An
 * advisory lock (not a row lock) so that it works the same on PGlite and PostgreSQL and does not
 * block other updates of the organization row.
 */
export async function lockOrganizationCreations(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`assessments:${organizationId}`}))`);
}

/** Assessments created since `since`, deleted ones included: allowances count creations. */
export async function countCreatedSince(db: DbOrTx, organizationId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(assessments)
    .where(and(eq(assessments.organizationId, organizationId), gte(assessments.createdAt, since)));
  return row?.count ?? 0;
}

/** This month's creations (deleted ones flagged), oldest first. */
export async function listCreatedSince(db: DbOrTx, organizationId: string, since: Date) {
  return db
    .select({
      id: assessments.id,
      title: assessments.title,
      createdAt: assessments.createdAt,
      deletedAt: assessments.deletedAt,
    })
    .from(assessments)
    .where(and(eq(assessments.organizationId, organizationId), gte(assessments.createdAt, since)))
    .orderBy(asc(assessments.createdAt), asc(assessments.id));
}

export async function insertAssessment(tx: DbOrTx, values: NewAssessment): Promise<AssessmentRow> {
  const [row] = await tx.insert(assessments).values(values).returning();
  return row!;
}

export async function updateAssessment(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<NewAssessment>,
): Promise<AssessmentRow | null> {
  const [row] = await tx
    .update(assessments)
    .set(values)
    .where(and(eq(assessments.organizationId, organizationId), eq(assessments.id, id), notDeleted))
    .returning();
  return row ?? null;
}

/**
 * Locks the assessment's row until the transaction ends (FOR UPDATE): conflicts with the key-share
 * lock an attempt's start takes on it, so "no student has started" holds until the commit.
 */
export async function lockAssessmentRow(db: DbOrTx, organizationId: string, id: string): Promise<void> {
  await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(eq(assessments.organizationId, organizationId), eq(assessments.id, id)))
    .for('update');
}

export async function softDeleteAssessment(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(assessments)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(assessments.organizationId, organizationId), eq(assessments.id, id), notDeleted))
    .returning({ id: assessments.id });
  return rows.length === 1;
}

/** Whether a Student may see an assessment: published and assigned to them (everyone or chosen). */
const assignedTo = (studentId: string): SQL =>
  and(
    eq(assessments.status, 'published'),
    or(
      eq(assessments.assignmentMode, 'all'),
      sql`exists (select 1 from ${assessmentAssignees} where ${assessmentAssignees.assessmentId} = ${assessments.id} and ${assessmentAssignees.studentId} = ${studentId})`,
    ),
  )!;

export interface AssessmentScope {
  /** Null: any organization (the Super Administrator). */
  organizationId: string | null;
  /** Set for a Student: only published assessments assigned to them. */
  studentId?: string | undefined;
  /** Deleted ones too: an attempt's results outlive its assessment. */
  includeDeleted?: boolean;
}

/** The rows a scope reaches, as SQL (the dashboard's queries reuse it to see what the list sees). */
export const scopeConditions = (scope: AssessmentScope): SQL | undefined =>
  and(
    scope.includeDeleted ? undefined : notDeleted,
    scope.organizationId ? eq(assessments.organizationId, scope.organizationId) : undefined,
    scope.studentId ? assignedTo(scope.studentId) : undefined,
  );

/** One assessment within the scope (not deleted unless the scope says so), with its author's name. */
export async function findAssessment(
  db: DbOrTx,
  scope: AssessmentScope,
  id: string,
): Promise<AssessmentWithCreator | null> {
  const [row] = await db
    .select({ assessment: assessments, creatorName: users.name })
    .from(assessments)
    .leftJoin(users, eq(users.id, assessments.createdBy))
    .where(and(eq(assessments.id, id), scopeConditions(scope)))
    .limit(1);
  return row ? { ...row.assessment, creatorName: row.creatorName } : null;
}

/**
 * An assessment without its questions (the largest column), for callers that have them already,
 * with `version`: the row's transaction stamp (xmin), which any update of the row changes. Exact,
 * where a timestamp read into a millisecond Date could not be compared with PostgreSQL's.
 */
export type AssessmentHead = Omit<AssessmentRow, 'questions'> & { version: string };

/**
 * One assessment within the scope, as findAssessment, without its questions: on exam day a
 * thousand starts read the same assessment, and its questions are parsed once per version
 * (attempts' question cache) instead of sent and parsed for each.
 */
export async function findAssessmentHead(
  db: DbOrTx,
  scope: AssessmentScope,
  id: string,
): Promise<AssessmentHead | null> {
  const [row] = await db
    .select({ ...summaryColumns, version: sql<string>`${assessments}.xmin::text` })
    .from(assessments)
    .where(and(eq(assessments.id, id), scopeConditions(scope)))
    .limit(1);
  return row ?? null;
}

/** The questions of an assessment at `version` (AssessmentHead): null when it has changed since (or is gone). */
export async function findAssessmentQuestions(
  db: DbOrTx,
  id: string,
  version: string,
): Promise<AssessmentRow['questions'] | null> {
  const [row] = await db
    .select({ questions: assessments.questions })
    .from(assessments)
    .where(and(eq(assessments.id, id), sql`${assessments}.xmin::text = ${version}`))
    .limit(1);
  return row?.questions ?? null;
}

export async function listAssigneeIds(db: DbOrTx, assessmentId: string): Promise<string[]> {
  const rows = await db
    .select({ studentId: assessmentAssignees.studentId })
    .from(assessmentAssignees)
    .where(eq(assessmentAssignees.assessmentId, assessmentId))
    .orderBy(asc(assessmentAssignees.studentId));
  return rows.map((r) => r.studentId);
}

/** Replaces the chosen students (an empty list for mode 'all'). */
export async function replaceAssignees(
  tx: DbOrTx,
  assessmentId: string,
  studentIds: string[],
): Promise<void> {
  await tx.delete(assessmentAssignees).where(eq(assessmentAssignees.assessmentId, assessmentId));
  if (studentIds.length) {
    await tx.insert(assessmentAssignees).values(studentIds.map((studentId) => ({ assessmentId, studentId })));
  }
}

/** The ones among these ids that are Students of the organization. */
export async function findStudentIds(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'Student'), inArray(users.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export interface AssessmentListFilter extends AssessmentScope {
  search?: string | undefined;
  timing?: TimingStatus | undefined;
  status?: string | undefined;
  generationType?: string | undefined;
  difficulty?: string | undefined;
}

export interface AssessmentListOrder {
  sort: 'title' | 'startsAt' | 'endsAt' | 'createdAt' | 'updatedAt';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/**
 * timingStatus (packages/shared/src/assessments/timing.ts) as SQL, so the filter runs before
 * pagination: upcoming (a start after now) wins over past (an end at or before now); the window
 * is half-open [startsAt, endsAt).
 */
export function timingCondition(timing: TimingStatus, now: Date): SQL {
  const { startsAt, endsAt } = assessments;
  // gt/lte bind `now` through the column's own encoder, the same way on PGlite and PostgreSQL.
  const started = or(isNull(startsAt), lte(startsAt, now))!;
  switch (timing) {
    case 'notSet':
      return and(isNull(startsAt), isNull(endsAt))!;
    case 'upcoming':
      return and(isNotNull(startsAt), gt(startsAt, now))!;
    case 'past':
      return and(started, isNotNull(endsAt), lte(endsAt, now))!;
    case 'ongoing':
      return and(or(isNotNull(startsAt), isNotNull(endsAt)), started, or(isNull(endsAt), gt(endsAt, now)))!;
  }
}

const SORT_COLUMNS = {
  title: sql`lower(${assessments.title})`,
  startsAt: assessments.startsAt,
  endsAt: assessments.endsAt,
  createdAt: assessments.createdAt,
  updatedAt: assessments.updatedAt,
} as const;

/** One page of assessments, filtered and sorted on the server, the id breaking ties so pages never overlap. */
export async function listAssessments(
  db: DbOrTx,
  filter: AssessmentListFilter,
  order: AssessmentListOrder,
  now: Date,
): Promise<{ rows: AssessmentListRow[]; total: number }> {
  const search = filter.search?.trim();
  const where = and(
    scopeConditions(filter),
    search
      ? or(
          ilike(assessments.title, containsPattern(search)),
          ilike(assessments.subject, containsPattern(search)),
        )
      : undefined,
    filter.timing ? timingCondition(filter.timing, now) : undefined,
    filter.status ? eq(assessments.status, filter.status) : undefined,
    filter.generationType ? eq(assessments.generationType, filter.generationType) : undefined,
    filter.difficulty ? eq(assessments.difficulty, filter.difficulty) : undefined,
  );
  // Unset dates go last whichever way the column is sorted.
  const direction = order.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  const rows = await db
    .select({
      ...summaryColumns,
      // Its own questions and those its draw rules add to each attempt (question bank).
      questionCount: sql<number>`(jsonb_array_length(${assessments.questions}) + coalesce((select sum(r.count) from ${assessmentDrawRules} r where r.assessment_id = "assessments"."id"), 0))::int`,
      creatorName: users.name,
    })
    .from(assessments)
    .leftJoin(users, eq(users.id, assessments.createdBy))
    .where(where)
    .orderBy(sql`${SORT_COLUMNS[order.sort]} ${direction}`, asc(assessments.id))
    .limit(order.pageSize)
    .offset((order.page - 1) * order.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(assessments)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

/** Assessments within the scope by generation type (the dashboard's counts). */
export async function countByGenerationType(db: DbOrTx, scope: AssessmentScope) {
  return db
    .select({ generationType: assessments.generationType, count: sql<number>`count(*)::int` })
    .from(assessments)
    .where(scopeConditions(scope))
    .groupBy(assessments.generationType);
}

// Resources -----------------------------------------------------------------------------------

export async function listResources(db: DbOrTx, assessmentId: string): Promise<AssessmentResourceRow[]> {
  return db
    .select()
    .from(assessmentResources)
    .where(eq(assessmentResources.assessmentId, assessmentId))
    .orderBy(asc(assessmentResources.createdAt), asc(assessmentResources.id));
}

export async function countResources(db: DbOrTx, assessmentId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(assessmentResources)
    .where(eq(assessmentResources.assessmentId, assessmentId));
  return row?.count ?? 0;
}

export async function insertResources(
  tx: DbOrTx,
  values: (typeof assessmentResources.$inferInsert)[],
): Promise<AssessmentResourceRow[]> {
  if (!values.length) return [];
  return tx.insert(assessmentResources).values(values).returning();
}

export async function findResource(
  db: DbOrTx,
  assessmentId: string,
  id: string,
): Promise<AssessmentResourceRow | null> {
  const [row] = await db
    .select()
    .from(assessmentResources)
    .where(and(eq(assessmentResources.assessmentId, assessmentId), eq(assessmentResources.id, id)))
    .limit(1);
  return row ?? null;
}

export async function deleteResource(db: DbOrTx, assessmentId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(assessmentResources)
    .where(and(eq(assessmentResources.assessmentId, assessmentId), eq(assessmentResources.id, id)))
    .returning({ id: assessmentResources.id });
  return rows.length === 1;
}

/** Serializes resource uploads of one assessment, so the per-assessment maximum holds under concurrency. */
export async function lockAssessmentResources(tx: DbOrTx, assessmentId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`resources:${assessmentId}`}))`);
}

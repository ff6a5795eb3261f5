import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  answerRubricMarks,
  assessments,
  markingSuggestions,
  questionRubrics,
  users,
  type AnswerRubricMarkRow,
  type MarkingSuggestionRow,
  type QuestionRubricRow,
} from '../../db/schema/index.ts';
import type { RubricCriterion } from '@vbuilder/shared';

/** What narrows the queue; the organization always. */
export interface QueueFilter {
  organizationId: string;
  assessmentId?: string;
  type?: string;
  search?: string;
}

/** One waiting answer as the queue query reads it (the question from the attempt's snapshot). */
export interface WaitingRow {
  attemptId: string;
  questionId: string;
  position: number;
  question: { text?: unknown; type?: unknown; score?: unknown };
  maxScore: number | null;
  markedAt: Date | null;
  assessmentId: string;
  assessmentTitle: string;
  studentId: string;
  studentName: string;
  studentEmail: string;
  attemptNumber: number;
  submittedAt: Date;
}

/** The rows of a raw query: both drivers (pg, PGlite) answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The waiting answers (mark_status 'manual' of submitted attempts of live assessments) with
 * their question from the attempt's snapshot: each answer joined to its snapshot entry by id, so
 * the question's type and place are those the student answered, whatever the assessment became.
 */
function waitingQuery(filter: QueueFilter, extra: SQL[] = []) {
  const conditions: SQL[] = [
    sql`aa.mark_status = 'manual'`,
    sql`a.status = 'submitted'`,
    sql`a.organization_id = ${filter.organizationId}`,
    sql`s.deleted_at is null`,
    ...extra,
  ];
  if (filter.assessmentId) conditions.push(sql`a.assessment_id = ${filter.assessmentId}`);
  if (filter.type) conditions.push(sql`q.value->>'type' = ${filter.type}`);
  if (filter.search) {
    const pattern = likeEscaped(filter.search);
    conditions.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  return sql`
    from attempt_answers aa
    join attempts a on a.id = aa.attempt_id
    join assessments s on s.id = a.assessment_id
    join users u on u.id = a.student_id
    cross join lateral jsonb_array_elements(case when jsonb_typeof(a.questions) = 'array' then a.questions else '[]'::jsonb end)
      with ordinality as q(value, position)
    where q.value->>'id' = aa.question_id and ${sql.join(conditions, sql` and `)}`;
}

/** Waiting answers, oldest submission first, then in the attempt's question order. */
export async function listWaiting(db: DbOrTx, filter: QueueFilter, limit: number): Promise<WaitingRow[]> {
  const rows = rowsOf<{
    attempt_id: string;
    question_id: string;
    position: string | number;
    question: WaitingRow['question'];
    max_score: number | null;
    marked_at: string | Date | null;
    assessment_id: string;
    assessment_title: string;
    student_id: string;
    student_name: string;
    student_email: string;
    attempt_number: number;
    submitted_at: string | Date;
  }>(
    await db.execute(sql`
    select aa.attempt_id, aa.question_id, q.position,
      jsonb_build_object('text', q.value->'text', 'type', q.value->'type', 'score', q.value->'score') as question,
      aa.max_score, aa.marked_at, a.assessment_id, s.title as assessment_title,
      a.student_id, u.name as student_name, u.email as student_email,
      a.number as attempt_number, coalesce(a.submitted_at, a.updated_at) as submitted_at
    ${waitingQuery(filter)}
    order by coalesce(a.submitted_at, a.updated_at) asc, a.id asc, q.position asc
    limit ${limit}`),
  );
  return rows.map((r) => ({
    attemptId: r.attempt_id,
    questionId: r.question_id,
    position: Number(r.position),
    question: r.question,
    maxScore: r.max_score === null ? null : Number(r.max_score),
    markedAt: r.marked_at === null ? null : new Date(r.marked_at),
    assessmentId: r.assessment_id,
    assessmentTitle: r.assessment_title,
    studentId: r.student_id,
    studentName: r.student_name,
    studentEmail: r.student_email,
    attemptNumber: Number(r.attempt_number),
    submittedAt: new Date(r.submitted_at),
  }));
}

/** How many answers wait under the filter. */
export async function countWaiting(db: DbOrTx, filter: QueueFilter): Promise<number> {
  const rows = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n ${waitingQuery(filter)}`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Per assessment and per question type, how many answers wait (the organization's whole queue). */
export async function waitingFacets(
  db: DbOrTx,
  organizationId: string,
): Promise<{ assessments: { id: string; title: string; waiting: number }[]; types: string[] }> {
  const base = waitingQuery({ organizationId });
  const [byAssessment, byType] = await Promise.all([
    db.execute(sql`select s.id, s.title, count(*) as n ${base} group by s.id, s.title order by s.title asc`),
    db.execute(sql`select distinct q.value->>'type' as type ${base} order by 1`),
  ]);
  return {
    assessments: rowsOf<{ id: string; title: string; n: string | number }>(byAssessment).map((r) => ({
      id: r.id,
      title: r.title,
      waiting: Number(r.n),
    })),
    types: rowsOf<{ type: string }>(byType).map((r) => r.type),
  };
}

// -- rubrics ----------------------------------------------------------------------------------

export type RubricWithEditor = QuestionRubricRow & { editorName: string | null };

export async function listRubrics(db: DbOrTx, assessmentId: string): Promise<RubricWithEditor[]> {
  const rows = await db
    .select({ rubric: questionRubrics, editorName: users.name })
    .from(questionRubrics)
    .leftJoin(users, eq(users.id, questionRubrics.updatedBy))
    .where(eq(questionRubrics.assessmentId, assessmentId));
  return rows.map((r) => ({ ...r.rubric, editorName: r.editorName }));
}

export async function findRubric(
  db: DbOrTx,
  assessmentId: string,
  questionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<QuestionRubricRow | null> {
  const query = db
    .select()
    .from(questionRubrics)
    .where(and(eq(questionRubrics.assessmentId, assessmentId), eq(questionRubrics.questionId, questionId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Writes a rubric if it is still at `version` (0: none yet), giving it version + 1. Answers null
 * when someone saved it meanwhile (or created it first).
 */
export async function saveRubric(
  db: DbOrTx,
  values: {
    organizationId: string;
    assessmentId: string;
    questionId: string;
    criteria: RubricCriterion[];
    version: number;
    updatedBy: string;
    now: Date;
  },
): Promise<QuestionRubricRow | null> {
  if (values.version === 0) {
    const [row] = await db
      .insert(questionRubrics)
      .values({
        organizationId: values.organizationId,
        assessmentId: values.assessmentId,
        questionId: values.questionId,
        criteria: values.criteria,
        version: 1,
        updatedBy: values.updatedBy,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }
  const [row] = await db
    .update(questionRubrics)
    .set({
      criteria: values.criteria,
      version: values.version + 1,
      updatedBy: values.updatedBy,
      updatedAt: values.now,
    })
    .where(
      and(
        eq(questionRubrics.assessmentId, values.assessmentId),
        eq(questionRubrics.questionId, values.questionId),
        eq(questionRubrics.version, values.version),
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteRubric(db: DbOrTx, assessmentId: string, questionId: string): Promise<boolean> {
  const rows = await db
    .delete(questionRubrics)
    .where(and(eq(questionRubrics.assessmentId, assessmentId), eq(questionRubrics.questionId, questionId)))
    .returning({ id: questionRubrics.id });
  return rows.length > 0;
}

export async function upsertRubricMark(
  db: DbOrTx,
  values: typeof answerRubricMarks.$inferInsert,
): Promise<AnswerRubricMarkRow> {
  const [row] = await db
    .insert(answerRubricMarks)
    .values(values)
    .onConflictDoUpdate({
      target: [answerRubricMarks.attemptId, answerRubricMarks.questionId],
      set: {
        rubricVersion: values.rubricVersion,
        selections: values.selections,
        points: values.points,
        markedBy: values.markedBy,
        markedAt: values.markedAt,
      },
    })
    .returning();
  return row!;
}

/** A teacher marked without the rubric this time: an older rubric mark no longer tells how. */
export async function deleteRubricMark(db: DbOrTx, attemptId: string, questionId: string): Promise<void> {
  await db
    .delete(answerRubricMarks)
    .where(and(eq(answerRubricMarks.attemptId, attemptId), eq(answerRubricMarks.questionId, questionId)));
}

export async function findRubricMark(
  db: DbOrTx,
  attemptId: string,
  questionId: string,
): Promise<AnswerRubricMarkRow | null> {
  const [row] = await db
    .select()
    .from(answerRubricMarks)
    .where(and(eq(answerRubricMarks.attemptId, attemptId), eq(answerRubricMarks.questionId, questionId)))
    .limit(1);
  return row ?? null;
}

// -- suggestions ------------------------------------------------------------------------------

export async function insertSuggestion(
  db: DbOrTx,
  values: typeof markingSuggestions.$inferInsert,
): Promise<MarkingSuggestionRow> {
  const [row] = await db.insert(markingSuggestions).values(values).returning();
  return row!;
}

export async function findSuggestion(
  db: DbOrTx,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<MarkingSuggestionRow | null> {
  const query = db
    .select()
    .from(markingSuggestions)
    .where(and(eq(markingSuggestions.id, id), eq(markingSuggestions.organizationId, organizationId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Records what the teacher did with a suggestion (once: a decided one stays as decided). */
export async function decideSuggestion(
  db: DbOrTx,
  id: string,
  decision: { decision: 'accepted' | 'edited' | 'rejected'; finalScore: number | null; by: string; at: Date },
): Promise<MarkingSuggestionRow | null> {
  const [row] = await db
    .update(markingSuggestions)
    .set({
      decision: decision.decision,
      finalScore: decision.finalScore,
      decidedBy: decision.by,
      decidedAt: decision.at,
    })
    .where(and(eq(markingSuggestions.id, id), isNull(markingSuggestions.decision)))
    .returning();
  return row ?? null;
}

/** The newest undecided suggestion of each of these answers. */
export async function openSuggestions(
  db: DbOrTx,
  attemptIds: string[],
): Promise<Map<string, MarkingSuggestionRow>> {
  const found = new Map<string, MarkingSuggestionRow>();
  if (attemptIds.length === 0) return found;
  const rows = await db
    .select()
    .from(markingSuggestions)
    .where(and(inArray(markingSuggestions.attemptId, attemptIds), isNull(markingSuggestions.decision)))
    .orderBy(desc(markingSuggestions.createdAt));
  for (const row of rows) {
    const key = `${row.attemptId}/${row.questionId}`;
    if (!found.has(key)) found.set(key, row);
  }
  return found;
}

/** Whether the assessment is the organization's and not deleted. */
export async function assessmentInOrganization(
  db: DbOrTx,
  organizationId: string,
  assessmentId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(
      and(
        eq(assessments.id, assessmentId),
        eq(assessments.organizationId, organizationId),
        isNull(assessments.deletedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

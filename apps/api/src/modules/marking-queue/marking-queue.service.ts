import { sql } from 'drizzle-orm';
import {
  familyOf,
  isQuestionTypeId,
  MARKING_QUEUE_MAX,
  OpenAnswerSchema,
  OpenConfigSchema,
  rubricMaxPoints,
  type LanguageCode,
  type MarkingQueue,
  type MarkingQueueItem,
  type MarkingQueueQuerySchema,
  type MarkingSuggestion,
  type QueueMarkResult,
  type QueueMarkSchema,
  type QuestionRubric,
  type QuestionTypeId,
  type RubricCriterion,
  type RubricSelection,
  type SaveRubricSchema,
} from '@vbuilder/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { MarkingSuggestionRow, QuestionRubricRow } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import type { LanguageModel } from '../ai/ai-model.ts';
import { keyMissing } from '../ai/ai-model.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findAttempt } from '../submissions/submissions.repository.ts';
import { ownAnswer, snapshotQuestions, type SnapshotQuestion } from '../submissions/submissions.scoring.ts';
import { submitMarks, type MarkingContext } from '../submissions/submissions.service.ts';
import {
  assessmentInOrganization,
  countWaiting,
  decideSuggestion,
  deleteRubric,
  deleteRubricMark,
  findRubric,
  findSuggestion,
  insertSuggestion,
  listRubrics,
  listWaiting,
  openSuggestions,
  saveRubric,
  upsertRubricMark,
  waitingFacets,
  type RubricWithEditor,
} from './marking-queue.repository.ts';
import { buildSuggestionPrompt, parseSuggestion, plainText } from './marking-suggestion.ts';

/** Markers are members of an organization (the Super Administrator does not mark). */
function organizationOf(actor: Actor): string {
  if (!actor.organizationId) throw notFound('organization');
  return actor.organizationId;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSuggestion(row: MarkingSuggestionRow): MarkingSuggestion {
  return {
    id: row.id,
    attemptId: row.attemptId,
    questionId: row.questionId,
    score: row.score,
    max: row.maxScore,
    rationale: row.rationale,
    selections: row.selections ?? [],
    model: row.model,
    createdAt: row.createdAt.toISOString(),
    decision: row.decision ?? null,
    finalScore: row.finalScore ?? null,
  };
}

/** GET /marking-queue: the organization's waiting answers, oldest first, with the filters' choices. */
export async function getQueue(
  db: Db,
  model: LanguageModel,
  actor: Actor,
  query: z.output<typeof MarkingQueueQuerySchema>,
): Promise<MarkingQueue> {
  const organizationId = organizationOf(actor);
  const filter = { organizationId, assessmentId: query.assessmentId, type: query.type, search: query.search };
  const [rows, total, facets] = await Promise.all([
    listWaiting(db, filter, MARKING_QUEUE_MAX),
    countWaiting(db, filter),
    waitingFacets(db, organizationId),
  ]);
  const suggestions = await openSuggestions(db, [...new Set(rows.map((r) => r.attemptId))]);
  const items = rows.flatMap((row): MarkingQueueItem[] => {
    const type = row.question.type;
    if (typeof type !== 'string' || !isQuestionTypeId(type)) return [];
    const suggestion = suggestions.get(`${row.attemptId}/${row.questionId}`);
    return [
      {
        attemptId: row.attemptId,
        questionId: row.questionId,
        questionNumber: row.position,
        questionText: typeof row.question.text === 'string' ? row.question.text : '',
        questionType: type,
        max: row.maxScore ?? (typeof row.question.score === 'number' ? row.question.score : 0),
        assessment: { id: row.assessmentId, title: row.assessmentTitle },
        student: { id: row.studentId, name: row.studentName, email: row.studentEmail },
        attemptNumber: row.attemptNumber,
        submittedAt: row.submittedAt.toISOString(),
        markedAt: iso(row.markedAt),
        suggestion: suggestion ? toSuggestion(suggestion) : null,
      },
    ];
  });
  return {
    items,
    total,
    truncated: total > items.length,
    assessments: facets.assessments,
    types: facets.types.filter((t): t is QuestionTypeId => isQuestionTypeId(t)),
    aiAvailable: model.configured,
  };
}

/** GET /marking-queue/count: how many answers wait for a person in the organization (the menu's badge). */
export async function getQueueCount(db: Db, actor: Actor): Promise<{ waiting: number }> {
  return { waiting: await countWaiting(db, { organizationId: organizationOf(actor) }) };
}

// -- rubrics ----------------------------------------------------------------------------------

function toRubric(row: QuestionRubricRow, editorName: string | null): QuestionRubric {
  return {
    assessmentId: row.assessmentId,
    questionId: row.questionId,
    criteria: row.criteria,
    maxPoints: rubricMaxPoints(row.criteria),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy ? { id: row.updatedBy, name: editorName ?? '' } : null,
  };
}

async function assessmentOf(db: Db, actor: Actor, assessmentId: string): Promise<string> {
  const organizationId = organizationOf(actor);
  if (!(await assessmentInOrganization(db, organizationId, assessmentId))) throw notFound('assessment');
  return organizationId;
}

/** GET /assessments/:id/rubrics. */
export async function getRubrics(db: Db, actor: Actor, assessmentId: string): Promise<QuestionRubric[]> {
  await assessmentOf(db, actor, assessmentId);
  return (await listRubrics(db, assessmentId)).map((r: RubricWithEditor) => toRubric(r, r.editorName));
}

/**
 * The question as the assessment has it now, or (for a question drawn from the bank, or since
 * removed) as the newest attempt that holds it took it.
 */
async function questionOfAssessment(
  db: Db,
  assessmentId: string,
  questionId: string,
): Promise<SnapshotQuestion | null> {
  const result = (await db.execute(sql`
    select q.value as question from (
      select questions, 0 as rank, now() as at from assessments where id = ${assessmentId}
      union all
      select questions, 1 as rank, coalesce(submitted_at, started_at) as at from attempts where assessment_id = ${assessmentId}
    ) source
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(source.questions) = 'array' then source.questions else '[]'::jsonb end
    ) as q(value)
    where q.value->>'id' = ${questionId}
    order by source.rank asc, source.at desc
    limit 1`)) as unknown as { rows: { question: unknown }[] };
  return snapshotQuestions(result.rows.map((r) => r.question))[0] ?? null;
}

/** Whether a person marks this question: an open-answer question that is not a survey. */
function isMarkedByPerson(question: SnapshotQuestion): boolean {
  if (!isQuestionTypeId(question.type) || familyOf(question.type).id !== 'open') return false;
  const config = OpenConfigSchema.safeParse(question.config);
  return config.success && config.data.responseKind !== 'survey';
}

/** PUT /assessments/:id/rubrics/:questionId: creates or replaces the question's rubric. */
export async function putRubric(
  ctx: { db: Db; now: () => Date },
  actor: Actor,
  assessmentId: string,
  questionId: string,
  body: z.output<typeof SaveRubricSchema>,
): Promise<QuestionRubric> {
  const organizationId = await assessmentOf(ctx.db, actor, assessmentId);
  const question = await questionOfAssessment(ctx.db, assessmentId, questionId);
  if (!question) throw notFound('question');
  if (!isMarkedByPerson(question)) {
    throw badRequest('rubric_not_open', 'Rubrics are for questions a person marks (open answers)');
  }
  const max = rubricMaxPoints(body.criteria);
  if (max > question.score) {
    throw badRequest(
      'rubric_points_exceed',
      `The rubric gives up to ${max} points; the question is worth ${question.score}`,
      { max, questionMax: question.score },
    );
  }
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await saveRubric(tx, {
      organizationId,
      assessmentId,
      questionId,
      criteria: body.criteria,
      version: body.version,
      updatedBy: actor.userId,
      now,
    });
    if (!saved) throw conflict('conflict', 'The rubric was changed by someone else meanwhile');
    await recordAudit(
      tx,
      actor,
      {
        action: 'assessment.rubric_saved',
        targetType: 'assessment',
        targetId: assessmentId,
        organizationId,
        details: { questionId, version: saved.version, criteria: body.criteria.length, maxPoints: max },
      },
      now,
    );
    return saved;
  });
  const editor = (await listRubrics(ctx.db, assessmentId)).find((r) => r.id === row.id);
  return toRubric(row, editor?.editorName ?? null);
}

/** DELETE /assessments/:id/rubrics/:questionId. Marks given with it keep their levels. */
export async function removeRubric(
  ctx: { db: Db; now: () => Date },
  actor: Actor,
  assessmentId: string,
  questionId: string,
) {
  const organizationId = await assessmentOf(ctx.db, actor, assessmentId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteRubric(tx, assessmentId, questionId))) throw notFound('rubric');
    await recordAudit(
      tx,
      actor,
      {
        action: 'assessment.rubric_deleted',
        targetType: 'assessment',
        targetId: assessmentId,
        organizationId,
        details: { questionId },
      },
      now,
    );
  });
}

// -- marking from the queue ---------------------------------------------------------------------

const rubricChanged = () =>
  new AppError(409, 'rubric_changed', 'The rubric changed since it was loaded: reload it and choose again');

/** The levels a teacher chose, checked against the rubric as it stands, with their words and points. */
function selectionsOf(
  rubric: QuestionRubricRow | null,
  sent: NonNullable<z.output<typeof QueueMarkSchema>['rubric']>,
): { selections: RubricSelection[]; points: number; version: number } {
  if (!rubric || rubric.version !== sent.version) throw rubricChanged();
  const seen = new Set<string>();
  const selections = sent.selections.map((s): RubricSelection => {
    const criterion = rubric.criteria.find((c) => c.id === s.criterionId);
    const level = criterion?.levels.find((l) => l.id === s.levelId);
    if (!criterion || !level || seen.has(criterion.id)) throw rubricChanged();
    seen.add(criterion.id);
    return {
      criterionId: criterion.id,
      levelId: level.id,
      criterion: criterion.title,
      level: level.description,
      points: level.points,
    };
  });
  return { selections, points: selections.reduce((sum, s) => sum + s.points, 0), version: rubric.version };
}

/**
 * POST /marking-queue/marks: one answer's mark through the marking service (totals, pass state,
 * certificates and the student's notification as on the marking screen), with the rubric levels
 * and the suggestion's outcome written in the same transaction.
 */
export async function markFromQueue(
  ctx: MarkingContext,
  actor: Actor,
  body: z.output<typeof QueueMarkSchema>,
): Promise<QueueMarkResult> {
  const organizationId = organizationOf(actor);
  const found = await findAttempt(ctx.db, organizationId, body.attemptId);
  if (!found) throw notFound('attempt');
  const rubric = body.rubric
    ? selectionsOf(await findRubric(ctx.db, found.assessment.id, body.questionId), body.rubric)
    : null;
  let suggestion: MarkingSuggestionRow | null = null;
  if (body.suggestionId) {
    suggestion = await findSuggestion(ctx.db, organizationId, body.suggestionId);
    if (!suggestion || suggestion.attemptId !== body.attemptId || suggestion.questionId !== body.questionId) {
      throw notFound('suggestion');
    }
  }
  const detail = await submitMarks(
    ctx,
    actor,
    body.attemptId,
    {
      marks: [
        {
          questionId: body.questionId,
          score: body.score,
          feedback: body.feedback,
          expectedMarkedAt: body.expectedMarkedAt,
        },
      ],
    },
    async (tx: DbOrTx, { now }) => {
      if (rubric) {
        await upsertRubricMark(tx, {
          attemptId: body.attemptId,
          questionId: body.questionId,
          rubricVersion: rubric.version,
          selections: rubric.selections,
          points: rubric.points,
          markedBy: actor.userId,
          markedAt: now,
        });
      } else {
        await deleteRubricMark(tx, body.attemptId, body.questionId);
      }
      if (suggestion && !suggestion.decision) {
        await decideSuggestion(tx, suggestion.id, {
          decision: suggestion.score === body.score ? 'accepted' : 'edited',
          finalScore: body.score,
          by: actor.userId,
          at: now,
        });
      }
    },
  );
  const question = detail.questions.find((q) => q.id === body.questionId);
  return {
    attemptId: detail.attemptId,
    questionId: body.questionId,
    score: question?.score ?? body.score,
    status: detail.status,
    attemptScore: detail.score,
    attemptMaxScore: detail.maxScore,
    passed: detail.passed,
  };
}

// -- AI suggestions -------------------------------------------------------------------------------

export interface SuggestionContext {
  db: Db;
  model: LanguageModel;
  modelName: string;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

const notText = () =>
  new AppError(422, 'ai_answer_not_text', 'This answer has no text for the model to read');
const invalidSuggestion = () =>
  new AppError(502, 'ai_suggestion_invalid', 'The model did not give a usable suggestion. Please try again.');

/** What the student wrote, as text for the model (null: a recording, a file or a link). */
function answerText(question: SnapshotQuestion, seed: string, stored: unknown): string | null {
  const parsed = OpenAnswerSchema.safeParse(ownAnswer(question, seed, stored));
  if (!parsed.success) return null;
  const text = plainText(parsed.data.text ?? '');
  const code = (parsed.data.code ?? '').trim();
  const both = [text, code].filter((part) => part !== '').join('\n\n');
  return both === '' ? null : both;
}

/**
 * POST /marking-queue/suggestions: asks the configured model for a suggested score and rationale
 * of one open answer. Stored as a suggestion only (never a mark); a reply that does not hold up
 * answers 502 ai_suggestion_invalid and stores nothing.
 */
export async function suggestMark(
  ctx: SuggestionContext,
  actor: Actor,
  body: { attemptId: string; questionId: string },
  language: LanguageCode,
): Promise<MarkingSuggestion> {
  const organizationId = organizationOf(actor);
  const found = await findAttempt(ctx.db, organizationId, body.attemptId);
  if (!found || found.attempt.status !== 'submitted') throw notFound('attempt');
  const { attempt, assessment } = found;
  const question = snapshotQuestions(attempt.questions).find((q) => q.id === body.questionId);
  if (!question) {
    throw new AppError(404, 'unknown_question', `Question ${body.questionId} is not part of this attempt`);
  }
  if (!isMarkedByPerson(question)) throw notText();
  if (!ctx.model.configured) throw keyMissing();
  const [answers, rubric] = await Promise.all([
    ctx.db.execute(
      sql`select answer, max_score from attempt_answers where attempt_id = ${attempt.id} and question_id = ${question.id}`,
    ),
    findRubric(ctx.db, assessment.id, question.id),
  ]);
  const stored = (answers as unknown as { rows: { answer: unknown; max_score: number | null }[] }).rows[0];
  const text = answerText(question, attempt.shuffleSeed, stored?.answer ?? null);
  if (text === null) throw notText();
  const max = stored?.max_score ?? question.score;
  const config = OpenConfigSchema.safeParse(question.config);
  const criteria: RubricCriterion[] | null = rubric?.criteria ?? null;
  const messages = buildSuggestionPrompt({
    questionText: question.text,
    instructions: question.instructions,
    max,
    modelAnswer: config.success ? config.data.modelAnswer?.trim() || null : null,
    rubricText: config.success ? config.data.rubric?.trim() || null : null,
    criteria,
    answer: text,
    codeLanguage:
      config.success && config.data.responseKind === 'code' ? (config.data.codeLanguage ?? null) : null,
    language,
  });
  const outcome = parseSuggestion(await ctx.model.complete(messages), max, criteria);
  if (!outcome.ok) {
    ctx.log.warn({ reason: outcome.reason }, 'marking suggestion refused');
    throw invalidSuggestion();
  }
  const row = await insertSuggestion(ctx.db, {
    organizationId,
    attemptId: attempt.id,
    questionId: question.id,
    requestedBy: actor.userId,
    model: ctx.modelName,
    score: outcome.suggestion.score,
    maxScore: max,
    rationale: outcome.suggestion.rationale,
    selections: outcome.suggestion.selections,
    createdAt: ctx.now(),
  });
  return toSuggestion(row);
}

/** POST /marking-queue/suggestions/:id/reject: the teacher set the suggestion aside (kept, as rejected). */
export async function rejectSuggestion(
  ctx: { db: Db; now: () => Date },
  actor: Actor,
  id: string,
): Promise<MarkingSuggestion> {
  const organizationId = organizationOf(actor);
  const found = await findSuggestion(ctx.db, organizationId, id);
  if (!found) throw notFound('suggestion');
  if (found.decision) return toSuggestion(found);
  const decided = await decideSuggestion(ctx.db, id, {
    decision: 'rejected',
    finalScore: null,
    by: actor.userId,
    at: ctx.now(),
  });
  return toSuggestion(decided ?? (await findSuggestion(ctx.db, organizationId, id))!);
}

import {
  QuestionSchema,
  roundScore,
  type LanguageCode,
  type Question,
  type Regrade,
  type RegradeOverview,
  type RegradePreview,
  type RegradeQuestion,
  type RegradeRequest,
  type RegradeRow,
} from '@vbuilder/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AssessmentRow } from '../../db/schema/index.ts';
import { translatorFor } from '../../i18n/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findRule } from '../certificates/certificates.repository.ts';
import {
  giveOnPass,
  revokeInTransaction,
  type CertificateEffects,
} from '../certificates/certificates.service.ts';
import { emitNotification } from '../notifications/notifications.service.ts';
import { resultNoticeAt } from '../release/release.service.ts';
import { writeTotals } from '../attempts/attempts.repository.ts';
import { assessmentForStaff, resultColumns } from '../submissions/submissions.service.ts';
import { snapshotQuestions, type SnapshotQuestion } from '../submissions/submissions.scoring.ts';
import { planRegrade, type RegradePlan } from './regrades.plan.ts';
import {
  insertRegrade,
  listAnswersOf,
  listInProgressQuestions,
  listRegrades,
  listSubmittedForRegrade,
  liveCertificates,
  writeAssessmentQuestions,
  writeAttemptQuestions,
  writeRegradedAnswer,
  type RegradeWithName,
} from './regrades.repository.ts';

export interface RegradeContext {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  /** What a certificate the regrade gives by the assessment's rule sets off, in its transaction. */
  certificates: CertificateEffects;
}

const unknownQuestion = (questionId: string) =>
  new AppError(404, 'unknown_question', `No submitted attempt holds question ${questionId}`, { questionId });

/** The corrected question must be the one the students answered: same id, same type. */
function checkCorrection(plan: RegradePlan, request: RegradeRequest) {
  if (request.mode !== 'remark' || !request.question) return;
  if (request.question.type !== plan.questionBefore.type) {
    throw badRequest('validation_error', 'The corrected question must keep its type', [
      { path: ['question', 'type'], message: 'regrades.errors.typeChanged' },
    ]);
  }
}

/** Reads what a regrade needs and plans it (with the attempts locked when `forUpdate`). */
async function plan(
  db: DbOrTx,
  assessment: AssessmentRow,
  request: RegradeRequest,
  options: { forUpdate?: boolean } = {},
): Promise<RegradePlan> {
  const submitted = await listSubmittedForRegrade(db, assessment.id, options);
  const [answers, rule, live] = await Promise.all([
    listAnswersOf(
      db,
      submitted.map((s) => s.attempt.id),
    ),
    findRule(db, assessment.id),
    liveCertificates(db, assessment.id),
  ]);
  const planned = planRegrade(
    { ...request, question: request.question as Question | undefined },
    submitted,
    answers,
    { autoGive: rule?.autoGive ?? false, live: new Set(live.keys()) },
  );
  if (!planned) throw unknownQuestion(request.questionId);
  checkCorrection(planned, request);
  return planned;
}

/** POST /assessments/:id/regrades/preview: what applying would do; nothing changes. */
export async function previewRegrade(
  ctx: RegradeContext,
  actor: Actor,
  assessmentId: string,
  request: RegradeRequest,
): Promise<RegradePreview> {
  const assessment = await assessmentForStaff(ctx.db, actor, assessmentId);
  const planned = await plan(ctx.db, assessment, request);
  const inProgress = (await listInProgressQuestions(ctx.db, assessment.id)).filter((a) =>
    snapshotQuestions(a.questions).some((q) => q.id === request.questionId),
  ).length;
  return {
    questionId: request.questionId,
    mode: request.mode,
    attempts: planned.attempts.length,
    changed: planned.attempts.filter((a) => a.changed).length,
    inProgress,
    rows: planned.rows,
    token: planned.token,
  };
}

/**
 * The assessment's own questions with the corrected one in place (same id and type), so that
 * attempts started from now on are marked with the corrected key too; null when the assessment
 * no longer has that question (edited away, or drawn from the bank).
 */
function correctedAssessment(assessment: AssessmentRow, after: SnapshotQuestion) {
  const questions = Array.isArray(assessment.questions) ? (assessment.questions as Question[]) : [];
  const index = questions.findIndex((q) => q.id === after.id && q.type === after.type);
  if (index < 0) return null;
  const own = questions[index]!;
  const replaced = { ...own, ...after, id: own.id } as Question;
  if (!QuestionSchema.safeParse(replaced).success) return null;
  const next = questions.map((q, i) => (i === index ? replaced : q));
  return { questions: next, delta: replaced.score - own.score };
}

/**
 * POST /assessments/:id/regrades. One transaction with every submitted attempt of the assessment
 * locked: the regrade is planned again from what is stored now and refused (409 regrade_changed)
 * when its outcome is not the one the preview showed (a teacher marked, a student submitted, a
 * regrade ran in between); otherwise the snapshots, marks and totals are written, the history row
 * kept, the students whose result changed told, and certificates follow the pass.
 */
export async function applyRegrade(
  ctx: RegradeContext,
  actor: Actor,
  assessmentId: string,
  request: RegradeRequest,
  token: string,
  language: LanguageCode,
): Promise<Regrade> {
  const now = ctx.clock.now();
  const assessment = await assessmentForStaff(ctx.db, actor, assessmentId);
  const result = await ctx.db.transaction(async (tx) => {
    const planned = await plan(tx, assessment, request, { forUpdate: true });
    if (planned.token !== token) {
      throw conflict(
        'regrade_changed',
        'The attempts changed since the preview: preview the regrade again before applying it',
      );
    }
    for (const p of planned.attempts) {
      const { attempt } = p.entry;
      // The snapshot holds the corrected question, so the attempt reads (and exports) the new key.
      if (request.mode === 'remark') await writeAttemptQuestions(tx, attempt.id, p.questions);
      if (p.mark) {
        await writeRegradedAnswer(tx, {
          attemptId: attempt.id,
          questionId: request.questionId,
          ...p.mark,
          now,
        });
      }
      if (p.changed) await writeTotals(tx, attempt.id, { ...p.totals, updatedAt: now });
    }
    if (request.mode === 'remark') {
      const fixed = correctedAssessment(assessment, planned.questionAfter);
      if (fixed) {
        await writeAssessmentQuestions(tx, assessment.id, {
          questions: fixed.questions,
          totalMarks: roundScore(assessment.totalMarks + fixed.delta),
          updatedAt: now,
        });
      }
    }
    const changedRows = planned.rows.filter((r) => !sameRow(r));
    const row = await insertRegrade(tx, {
      organizationId: assessment.organizationId,
      assessmentId: assessment.id,
      questionId: request.questionId,
      mode: request.mode,
      questionBefore: planned.questionBefore,
      questionAfter: planned.questionAfter,
      includeTeacherMarks: request.includeTeacherMarks,
      changes: planned.rows,
      appliedBy: actor.userId,
      appliedAt: now,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'assessment.regraded',
        targetType: 'assessment',
        targetId: assessment.id,
        organizationId: assessment.organizationId,
        details: {
          regradeId: row.id,
          questionId: request.questionId,
          mode: request.mode,
          includeTeacherMarks: request.includeTeacherMarks,
          changed: changedRows.length,
        },
      },
      now,
    );
    // Each student whose result changed is told (in the app and by mail, in their language), when
    // their result is out: now, at the window's end, or not by this (a teacher's release tells them).
    const attemptsById = new Map(planned.attempts.map((p) => [p.entry.attempt.id, p.entry.attempt]));
    for (const r of changedRows) {
      const attempt = attemptsById.get(r.attemptId);
      if (!resultChanged(r) || !attempt) continue;
      const at = resultNoticeAt(assessment, attempt.releasedAt !== null, now);
      if (at === 'never') continue;
      await emitNotification(
        ctx.jobs,
        { kind: 'result_regraded', attemptId: r.attemptId },
        { tx, key: `${row.id}:${r.attemptId}`, ...(at ? { startAfter: at } : {}) },
      );
    }
    const revoked = new Set<string>();
    const live = await liveCertificates(tx, assessment.id);
    for (const r of planned.rows) {
      if (r.certificate === 'give') await giveOnPass(ctx.certificates, tx, r.attemptId, now);
      const certificate = live.get(r.student.id);
      if (r.certificate === 'revoke' && certificate && !revoked.has(certificate.id)) {
        revoked.add(certificate.id);
        const reason = translatorFor(language)('regrades:certificateRevoked', {
          assessmentTitle: assessment.title,
        });
        // The holder is told, as for an Administrator's revoke; the audit names the regrade.
        await revokeInTransaction(
          ctx.certificates,
          tx,
          actor,
          { ...certificate, organizationId: assessment.organizationId, assessmentId: assessment.id },
          reason,
          now,
          { regradeId: row.id },
        );
      }
    }
    return { row };
  });
  const saved = (await listRegrades(ctx.db, assessment.id)).find((r) => r.id === result.row.id);
  return toRegrade(saved ?? { ...result.row, appliedByName: null });
}

/** What the student sees changed: their score, the maximum, the percentage or the pass. */
const resultChanged = (r: RegradeRow) =>
  r.before.score !== r.after.score ||
  r.before.maxScore !== r.after.maxScore ||
  r.before.percentage !== r.after.percentage ||
  r.before.passed !== r.after.passed;

const sameRow = (r: RegradeRow) =>
  (Object.keys(r.before) as (keyof RegradeRow['before'])[]).every((k) => r.before[k] === r.after[k]);

function toRegrade(row: RegradeWithName): Regrade {
  const after = row.questionAfter as SnapshotQuestion;
  return {
    id: row.id,
    questionId: row.questionId,
    questionText: typeof after.text === 'string' ? after.text : '',
    mode: row.mode as Regrade['mode'],
    includeTeacherMarks: row.includeTeacherMarks,
    appliedAt: row.appliedAt.toISOString(),
    appliedBy: row.appliedBy ? { id: row.appliedBy, name: row.appliedByName ?? '' } : null,
    rows: Array.isArray(row.changes) ? (row.changes as RegradeRow[]) : [],
  };
}

/** GET /assessments/:id/regrades: the questions students answered, and the regrades applied (newest first). */
export async function regradeOverview(
  ctx: RegradeContext,
  actor: Actor,
  assessmentId: string,
): Promise<RegradeOverview> {
  const assessment = await assessmentForStaff(ctx.db, actor, assessmentId);
  const [submitted, history, columns] = await Promise.all([
    listSubmittedForRegrade(ctx.db, assessment.id),
    listRegrades(ctx.db, assessment.id),
    // The results' numbering (own questions, then drawn or removed ones as they first appeared),
    // so a question drawn at random has the same number here, in the item analysis and the files.
    resultColumns(ctx.db, assessment),
  ]);
  const own = Array.isArray(assessment.questions) ? (assessment.questions as Question[]) : [];
  const numberOf = new Map(columns.map((c) => [c.id, c.number]));
  const found = new Map<string, { question: SnapshotQuestion; at: number; attempts: number }>();
  for (const { attempt } of submitted) {
    const at = (attempt.submittedAt ?? attempt.updatedAt).getTime();
    for (const q of snapshotQuestions(attempt.questions)) {
      const seen = found.get(q.id);
      if (!seen) found.set(q.id, { question: q, at, attempts: 1 });
      else {
        seen.attempts += 1;
        if (at >= seen.at) Object.assign(seen, { question: q, at });
      }
    }
  }
  // Every question of a submitted attempt has a stored mark, so each has a column; one without
  // (a snapshot the results cannot read) goes after them all rather than taking another's number.
  const after = columns.length + 1;
  const questions: RegradeQuestion[] = [...found.values()]
    .map((f) => ({ ...f, number: numberOf.get(f.question.id) ?? after }))
    .sort((a, b) => a.number - b.number)
    .map((f) => {
      const current = own.find((q) => q.id === f.question.id && q.type === f.question.type);
      const differs = current && JSON.stringify(strip(current)) !== JSON.stringify(strip(f.question));
      return {
        id: f.question.id,
        position: f.number,
        text: f.question.text,
        type: f.question.type as RegradeQuestion['type'],
        attempts: f.attempts,
        question: f.question as unknown as Record<string, unknown>,
        edited: differs ? (current as unknown as Record<string, unknown>) : null,
        notInAssessment: !current,
      };
    });
  return { questions, history: history.map((h) => toRegrade(h)) };
}

/** A question's marking content, without what the attempt adds (the bank reference). */
function strip(q: Pick<SnapshotQuestion, 'type' | 'text' | 'score' | 'config'>) {
  return { type: q.type, text: q.text, score: q.score, config: q.config };
}

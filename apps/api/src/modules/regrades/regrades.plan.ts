import { createHash } from 'node:crypto';
import {
  attemptTotals,
  type Question,
  type RegradeFigures,
  type RegradeMode,
  type RegradeRow,
} from '@vbuilder/shared';
import type { AttemptAnswerRow } from '../../db/schema/index.ts';
import {
  ownAnswer,
  questionMark,
  registryMark,
  snapshotQuestions,
  type QuestionMark,
  type SnapshotQuestion,
} from '../submissions/submissions.scoring.ts';
import type { RegradeAttempt } from './regrades.repository.ts';

/**
 * What a regrade does, computed the same way for the preview and, inside the apply's
 * transaction, again for the apply (pure: the caller reads the rows). The token names the
 * outcome, so an apply whose outcome differs from the preview the teacher saw is refused.
 */

export interface RegradeInput {
  questionId: string;
  mode: RegradeMode;
  /** The corrected question ('remark'). */
  question?: Question | undefined;
  includeTeacherMarks: boolean;
}

/** The new mark of one answer, as stored. */
export interface NewAnswerMark {
  score: number;
  maxScore: number;
  correct: boolean | null;
  markStatus: string;
  markDetails: unknown;
}

export interface PlannedAttempt {
  entry: RegradeAttempt;
  /** The attempt's questions after the regrade (the corrected question in place, for 'remark'). */
  questions: SnapshotQuestion[];
  before: RegradeFigures;
  after: RegradeFigures;
  /** Totals as the attempt row stores them after. */
  totals: ReturnType<typeof attemptTotals>;
  /** Null: the answer's stored mark stays (a kept teacher's mark, or nothing changes). */
  mark: NewAnswerMark | null;
  teacherMarkKept: boolean;
  changed: boolean;
}

export interface RegradePlan {
  attempts: PlannedAttempt[];
  /** The question as the latest attempt held it, and as it is after. */
  questionBefore: SnapshotQuestion;
  questionAfter: SnapshotQuestion;
  rows: RegradeRow[];
  token: string;
}

const figures = (mark: QuestionMark, totals: ReturnType<typeof attemptTotals>): RegradeFigures => ({
  questionScore: mark.score,
  questionMax: mark.max,
  score: totals.score,
  maxScore: totals.maxScore,
  percentage: totals.percentage,
  passed: totals.passed,
});

const sameFigures = (a: RegradeFigures, b: RegradeFigures) =>
  (Object.keys(a) as (keyof RegradeFigures)[]).every((k) => a[k] === b[k]);

/**
 * The corrected question as the attempts hold it: the teacher's fields over the snapshot's (a
 * drawn question keeps its bank reference).
 */
function corrected(snapshot: SnapshotQuestion, question: Question): SnapshotQuestion {
  return { ...snapshot, ...question, id: snapshot.id } as SnapshotQuestion;
}

/** The new mark of one answer by the chosen mode; null when the mode gives nothing to change. */
function newMark(
  mode: RegradeMode,
  before: SnapshotQuestion,
  after: SnapshotQuestion,
  stored: AttemptAnswerRow | undefined,
  seed: string,
): NewAnswerMark | null {
  if (mode === 'remark') {
    const answer = ownAnswer(after, seed, stored?.answer);
    const result = registryMark(after, answer);
    return {
      score: result.score,
      maxScore: result.max,
      correct: result.correct,
      markStatus: result.markStatus,
      markDetails: null,
    };
  }
  if (mode === 'fullMarks') {
    // The question's full marks as the registry counts them; a survey (worth nothing) stays as it is.
    const max = registryMark(before, null).max;
    if (max <= 0) return null;
    return {
      score: max,
      maxScore: max,
      correct: true,
      markStatus: 'auto',
      markDetails: { regrade: 'fullMarks' },
    };
  }
  return { score: 0, maxScore: 0, correct: null, markStatus: 'unscored', markDetails: { regrade: 'drop' } };
}

/** The regrade of `input.questionId` over the submitted attempts that hold it. */
export function planRegrade(
  input: RegradeInput,
  submitted: readonly RegradeAttempt[],
  answers: readonly AttemptAnswerRow[],
  certificates: { autoGive: boolean; live: ReadonlySet<string> },
): RegradePlan | null {
  const byAttempt = new Map<string, Map<string, AttemptAnswerRow>>();
  for (const a of answers) {
    const map = byAttempt.get(a.attemptId) ?? new Map<string, AttemptAnswerRow>();
    map.set(a.questionId, a);
    byAttempt.set(a.attemptId, map);
  }
  const planned: PlannedAttempt[] = [];
  let latest: { at: number; question: SnapshotQuestion } | null = null;
  for (const entry of submitted) {
    const { attempt } = entry;
    const questions = snapshotQuestions(attempt.questions);
    const index = questions.findIndex((q) => q.id === input.questionId);
    if (index < 0) continue;
    const snapshot = questions[index]!;
    const at = (attempt.submittedAt ?? attempt.updatedAt).getTime();
    if (!latest || at >= latest.at) latest = { at, question: snapshot };
    const after = input.mode === 'remark' && input.question ? corrected(snapshot, input.question) : snapshot;
    const afterQuestions = questions.map((q, i) => (i === index ? after : q));
    const stored = byAttempt.get(attempt.id) ?? new Map<string, AttemptAnswerRow>();
    const marksBefore = questions.map((q) => questionMark(q, stored.get(q.id), attempt.shuffleSeed));
    const totalsBefore = attemptTotals(marksBefore, attempt.passMark);
    const markBefore = marksBefore[index]!;
    const answer = stored.get(input.questionId);
    // A teacher's hand mark stays unless asked; one the registry could not give again (an open
    // answer) stays always, as there is nothing to mark it with but a person.
    const byTeacher = answer?.markStatus === 'marked';
    let mark = newMark(input.mode, snapshot, after, answer, attempt.shuffleSeed);
    const keep = byTeacher && (!input.includeTeacherMarks || mark?.markStatus === 'manual');
    if (keep) mark = null;
    const markAfter: QuestionMark = mark
      ? {
          score: mark.score,
          max: mark.maxScore,
          correct: mark.correct,
          markStatus: mark.markStatus as QuestionMark['markStatus'],
        }
      : markBefore;
    const totals = attemptTotals(
      marksBefore.map((m, i) => (i === index ? markAfter : m)),
      attempt.passMark,
    );
    const before = figures(markBefore, totalsBefore);
    const afterFigures = figures(markAfter, totals);
    const markChanged =
      mark !== null &&
      (mark.score !== markBefore.score ||
        mark.maxScore !== markBefore.max ||
        mark.markStatus !== markBefore.markStatus ||
        mark.correct !== markBefore.correct);
    planned.push({
      entry,
      questions: afterQuestions,
      before,
      after: afterFigures,
      totals,
      mark: markChanged ? mark : null,
      teacherMarkKept: keep,
      changed: markChanged || !sameFigures(before, afterFigures),
    });
  }
  if (!latest) return null;
  const questionAfter =
    input.mode === 'remark' && input.question ? corrected(latest.question, input.question) : latest.question;

  const effects = certificateEffects(planned, submitted, certificates);
  const rows: RegradeRow[] = planned
    .filter((p) => p.changed || p.teacherMarkKept)
    .sort(
      (a, b) =>
        Number(b.changed) - Number(a.changed) || a.entry.student.name.localeCompare(b.entry.student.name),
    )
    .map((p) => ({
      attemptId: p.entry.attempt.id,
      student: p.entry.student,
      number: p.entry.attempt.number,
      before: p.before,
      after: p.after,
      teacherMarkKept: p.teacherMarkKept,
      certificate: effects.get(p.entry.attempt.id) ?? null,
    }));
  const token = createHash('sha256')
    .update(
      JSON.stringify({
        mode: input.mode,
        includeTeacherMarks: input.includeTeacherMarks,
        question: questionAfter,
        attempts: planned.map((p) => [p.entry.attempt.id, p.before, p.after, p.teacherMarkKept]),
      }),
    )
    .digest('base64url');
  return { attempts: planned, questionBefore: latest.question, questionAfter, rows, token };
}

/**
 * Certificates follow the pass: a student who newly passes gets the assessment's automatic
 * certificate (as a teacher's mark would give it); a student left with no passed attempt at all
 * loses the live one (revoked, the reason saying it was a regrade) — a certificate must never
 * attest a pass the results no longer show.
 */
function certificateEffects(
  planned: readonly PlannedAttempt[],
  submitted: readonly RegradeAttempt[],
  certificates: { autoGive: boolean; live: ReadonlySet<string> },
): Map<string, 'give' | 'revoke'> {
  const passedAfter = new Map<string, boolean>();
  const plannedById = new Map(planned.map((p) => [p.entry.attempt.id, p]));
  for (const { attempt } of submitted) {
    const passed = plannedById.get(attempt.id)?.after.passed ?? attempt.passed;
    passedAfter.set(attempt.studentId, (passedAfter.get(attempt.studentId) ?? false) || passed === true);
  }
  const effects = new Map<string, 'give' | 'revoke'>();
  const given = new Set<string>();
  for (const p of planned) {
    const student = p.entry.attempt.studentId;
    const gained = p.after.passed === true && p.before.passed !== true;
    const lost = p.before.passed === true && p.after.passed !== true;
    if (gained && certificates.autoGive && !certificates.live.has(student) && !given.has(student)) {
      effects.set(p.entry.attempt.id, 'give');
      given.add(student);
    } else if (lost && certificates.live.has(student) && !passedAfter.get(student)) {
      effects.set(p.entry.attempt.id, 'revoke');
    }
  }
  return effects;
}

import { roundScore, submissionFigures, type SubmissionStatus } from '@vbuilder/shared';
import type { Db } from '../../db/client.ts';
import type { AssessmentRow } from '../../db/schema/index.ts';
import {
  aggregateSubmissions,
  listAnswers,
  listAssignedStudents,
  listSubmittedAttempts,
  type SubmissionAggregates,
} from './submissions.repository.ts';
import {
  questionMark,
  snapshotQuestions,
  type QuestionMark,
  type SnapshotQuestion,
} from './submissions.scoring.ts';

/** One column of the results: a question of the assessment (or of an older attempt's snapshot). */
export interface ResultQuestion {
  id: string;
  /** 1-based position: the assessment's current order, then questions only older attempts had. */
  number: number;
  text: string;
  type: string;
  max: number;
}

export interface ResultRow {
  studentName: string;
  studentEmail: string;
  attemptNumber: number;
  submittedAt: Date;
  status: SubmissionStatus;
  score: number;
  maxScore: number;
  percentage: number;
  passed: boolean | null;
  /** Per ResultQuestion (same order); null when that question was not part of this attempt. */
  marks: (QuestionMark | null)[];
}

export interface QuestionFacility {
  question: ResultQuestion;
  /** Answers with a mark (those still waiting for a teacher are left out). */
  marked: number;
  /** Mean share of full marks, 0..100; null when nothing is marked or the question is worth nothing. */
  facility: number | null;
  /** Share of marked answers that were correct, 0..100; null when nothing is marked. */
  correctRate: number | null;
}

/** Everything the exports and the report show about an assessment's submitted attempts. */
export interface AssessmentResults {
  assessment: AssessmentRow;
  assigned: number;
  figures: SubmissionAggregates;
  passRate: number;
  questions: ResultQuestion[];
  /** Newest first. */
  rows: ResultRow[];
  facilities: QuestionFacility[];
}

function resultColumns(assessment: AssessmentRow, snapshots: SnapshotQuestion[][]): ResultQuestion[] {
  const columns = new Map<string, Omit<ResultQuestion, 'number'>>();
  const add = (q: SnapshotQuestion) => {
    if (!columns.has(q.id)) columns.set(q.id, { id: q.id, text: q.text, type: q.type, max: q.score });
  };
  snapshotQuestions(assessment.questions).forEach(add);
  snapshots.forEach((questions) => questions.forEach(add));
  return [...columns.values()].map((column, i) => ({ ...column, number: i + 1 }));
}

function facilityOf(question: ResultQuestion, index: number, rows: readonly ResultRow[]): QuestionFacility {
  const marks = rows
    .map((row) => row.marks[index])
    .filter((m): m is QuestionMark => m !== null && m !== undefined && m.markStatus !== 'manual');
  const scored = marks.filter((m) => m.max > 0);
  return {
    question,
    marked: marks.length,
    facility: scored.length
      ? roundScore((scored.reduce((sum, m) => sum + m.score / m.max, 0) / scored.length) * 100)
      : null,
    correctRate: scored.length
      ? roundScore((scored.filter((m) => m.correct === true).length / scored.length) * 100)
      : null,
  };
}

/** Reads every submitted attempt of the assessment with its per-question marks. */
export async function loadResults(db: Db, assessment: AssessmentRow): Promise<AssessmentResults> {
  const [{ rows: attemptRows }, figures, assigned] = await Promise.all([
    listSubmittedAttempts(db, assessment.id),
    aggregateSubmissions(db, assessment.id),
    listAssignedStudents(db, assessment),
  ]);
  const answers = await listAnswers(
    db,
    attemptRows.map((a) => a.id),
  );
  const answersOf = new Map<string, Map<string, (typeof answers)[number]>>();
  for (const answer of answers) {
    const map = answersOf.get(answer.attemptId) ?? new Map();
    map.set(answer.questionId, answer);
    answersOf.set(answer.attemptId, map);
  }
  const snapshots = attemptRows.map((a) => snapshotQuestions(a.questions));
  const questions = resultColumns(assessment, snapshots);

  const rows: ResultRow[] = attemptRows.map((attempt, i) => {
    const snapshot = new Map(snapshots[i]!.map((q) => [q.id, q]));
    const stored = answersOf.get(attempt.id);
    return {
      studentName: attempt.studentName,
      studentEmail: attempt.studentEmail,
      attemptNumber: attempt.number,
      submittedAt: attempt.submittedAt ?? attempt.updatedAt,
      ...submissionFigures(attempt),
      marks: questions.map((column) => {
        const question = snapshot.get(column.id);
        return question ? questionMark(question, stored?.get(column.id), attempt.shuffleSeed) : null;
      }),
    };
  });

  return {
    assessment,
    assigned: assigned.length,
    figures,
    passRate: figures.submitted > 0 ? roundScore((figures.passed / figures.submitted) * 100) : 0,
    questions,
    rows,
    facilities: questions.map((q, i) => facilityOf(q, i, rows)),
  };
}

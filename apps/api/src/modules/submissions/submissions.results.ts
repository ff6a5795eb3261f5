import {
  roundScore,
  submissionFigures,
  type ItemAnalysisResult,
  type SubmissionStatus,
} from '@vbuilder/shared';
import type { Db } from '../../db/client.ts';
import type { AssessmentRow } from '../../db/schema/index.ts';
import {
  aggregateSubmissions,
  countAssignedStudents,
  listMarks,
  listResultAttempts,
  otherMarkedQuestionIds,
  questionFigures,
  snapshotColumns,
  type ResultAttemptRow,
  type SubmissionAggregates,
} from './submissions.repository.ts';
import { itemAnalysisOf } from './submissions.item-analysis.ts';
import { snapshotQuestions, type QuestionMark } from './submissions.scoring.ts';

/**
 * What the results files print, read for each file alone (every file used to read every
 * attempt's question snapshot and every answer). Columns: the assessment's current questions, then
 * questions only older attempts had (found through their stored marks, described from their
 * snapshots by the database). Rows: the attempts' totals, and for the spreadsheets their stored
 * marks, read a batch of attempts at a time while the file is written.
 */

/** One column of the results: a question of the assessment (or of an older attempt's snapshot). */
export interface ResultQuestion {
  id: string;
  /** 1-based position: the assessment's current order, then questions only older attempts had. */
  number: number;
  text: string;
  type: string;
  max: number;
}

/** An attempt as the report lists it. */
export interface ReportRow {
  studentName: string;
  attemptNumber: number;
  submittedAt: Date;
  status: SubmissionStatus;
  score: number;
  maxScore: number;
  percentage: number;
  passed: boolean | null;
}

/** An attempt as the spreadsheets list it: with the email and a mark per question. */
export interface ResultRow extends ReportRow {
  studentEmail: string;
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

/** The assessment's figures, as the workbook's summary and the report print them. */
export interface ResultsSummary {
  assessment: AssessmentRow;
  assigned: number;
  figures: SubmissionAggregates;
  passRate: number;
  questions: ResultQuestion[];
}

/** Everything the report shows about an assessment's submitted attempts. */
export interface AssessmentResults extends ResultsSummary {
  /** Newest first. */
  rows: ReportRow[];
  facilities: QuestionFacility[];
  itemAnalysis: ItemAnalysisResult;
}

/**
 * The columns, and the one numbering of questions that the item analysis, the results files and
 * the regrade screen share: the assessment's current questions in their order, then the others
 * attempts had (drawn from the bank for some students, or since removed) in the order they first
 * appeared.
 */
export async function resultColumns(db: Db, assessment: AssessmentRow): Promise<ResultQuestion[]> {
  const current = snapshotQuestions(assessment.questions).map((q) => ({
    id: q.id,
    text: q.text,
    type: q.type,
    max: q.score,
  }));
  const others = await otherMarkedQuestionIds(
    db,
    assessment.id,
    current.map((q) => q.id),
  );
  const older = await snapshotColumns(db, assessment.id, others);
  const seen = new Set<string>();
  return [...current, ...older]
    .filter((q) => !seen.has(q.id) && seen.add(q.id))
    .map((q, i) => ({ ...q, number: i + 1 }));
}

export async function resultsSummary(
  db: Db,
  assessment: AssessmentRow,
  questions: ResultQuestion[],
): Promise<ResultsSummary> {
  const [figures, assigned] = await Promise.all([
    aggregateSubmissions(db, assessment.id),
    countAssignedStudents(db, assessment),
  ]);
  return {
    assessment,
    assigned,
    figures,
    passRate: figures.submitted > 0 ? roundScore((figures.passed / figures.submitted) * 100) : 0,
    questions,
  };
}

const reportRow = (attempt: ResultAttemptRow): ReportRow => ({
  studentName: attempt.studentName,
  attemptNumber: attempt.number,
  submittedAt: attempt.submittedAt ?? attempt.updatedAt,
  ...submissionFigures(attempt),
});

/** Attempts whose marks are read in one query while a file is written. */
const MARKS_BATCH = 500;

/**
 * The spreadsheet rows of every submitted attempt, newest first. The attempts are listed now (so a
 * failing database fails the request before any byte is sent); their marks are read a batch at a
 * time as the caller asks for rows, so memory holds one batch, whatever the class size.
 */
export async function resultRows(
  db: Db,
  assessmentId: string,
  questions: readonly ResultQuestion[],
): Promise<AsyncGenerator<ResultRow>> {
  const attempts = await listResultAttempts(db, assessmentId);
  const column = new Map(questions.map((q, i) => [q.id, i]));
  return (async function* rows() {
    for (let from = 0; from < attempts.length; from += MARKS_BATCH) {
      const batch = attempts.slice(from, from + MARKS_BATCH);
      const marksOf = await listMarks(
        db,
        batch.map((a) => a.id),
      );
      for (const attempt of batch) {
        const marks: (QuestionMark | null)[] = questions.map(() => null);
        for (const [questionId, score, max, correct, markStatus] of marksOf.get(attempt.id) ?? []) {
          const index = column.get(questionId);
          if (index === undefined) continue;
          marks[index] = {
            score: score ?? 0,
            max: max ?? questions[index]!.max,
            correct,
            markStatus: markStatus as QuestionMark['markStatus'],
          };
        }
        yield { ...reportRow(attempt), studentEmail: attempt.studentEmail, marks };
      }
    }
  })();
}

/** What the report prints: figures, the attempts' totals, per question facility from the database, the item analysis. */
export async function loadReport(db: Db, assessment: AssessmentRow): Promise<AssessmentResults> {
  const questions = await resultColumns(db, assessment);
  const [summary, attempts, perQuestion] = await Promise.all([
    resultsSummary(db, assessment, questions),
    listResultAttempts(db, assessment.id),
    questionFigures(db, assessment.id),
  ]);
  const figuresOf = new Map(perQuestion.map((f) => [f.questionId, f]));
  // From the attempts already read here, and their marks a batch at a time.
  const itemAnalysis = await itemAnalysisOf(db, assessment, questions, attempts);
  return {
    ...summary,
    rows: attempts.map(reportRow),
    itemAnalysis,
    facilities: questions.map((question): QuestionFacility => {
      const f = figuresOf.get(question.id);
      return {
        question,
        marked: f?.marked ?? 0,
        facility: f?.scored ? roundScore((f.shareSum / f.scored) * 100) : null,
        correctRate: f?.scored ? roundScore((f.correct / f.scored) * 100) : null,
      };
    }),
  };
}

import { familyOf, isQuestionTypeId, type AnalysisOption, type ItemAnalysisResult } from '@vbuilder/shared';
import type { Db } from '../../db/client.ts';
import type { AssessmentRow } from '../../db/schema/index.ts';
import { analyseItems, type ItemDefinition, type ItemResponse } from './item-analysis.ts';
import { listItemMarks, listResultAttempts, type ResultAttemptRow } from './submissions.repository.ts';
import type { ResultQuestion } from './submissions.results.ts';
import { snapshotQuestions } from './submissions.scoring.ts';

/**
 * The item analysis of an assessment (formulas in item-analysis.ts), read for the screen and the
 * PDF report. Who counts: each student's latest submitted attempt, if its marking is complete
 * (an attempt whose answers still wait for a teacher has no final total to rank, so that student
 * is left out and counted in `pendingLeftOut`); earlier attempts are left out so that a student
 * who tried three times weighs as one. Read like the results exports: the attempts' list (the
 * report already has it), then their stored marks a batch at a time (no question snapshot, and
 * an answer only for choice questions); memory holds one number per attempt and question plus the
 * chosen options of choice questions.
 */

/** Attempts whose marks are read in one query. */
const MARKS_BATCH = 500;

/** The options of the assessment's current questions whose family counts choices (choice, True/False), by question id. */
function optionsOf(assessment: AssessmentRow): Map<string, AnalysisOption[]> {
  const options = new Map<string, AnalysisOption[]>();
  for (const q of snapshotQuestions(assessment.questions)) {
    if (!isQuestionTypeId(q.type)) continue;
    const found = familyOf(q.type).analysisOptions(q.config);
    if (found) options.set(q.id, found);
  }
  return options;
}

/** The options an answer chose, as option ids (True/False: 'true' / 'false'). */
function chosen(answer: unknown): string[] | null {
  if (Array.isArray(answer)) return answer.filter((id): id is string => typeof id === 'string');
  if (typeof answer === 'boolean') return [String(answer)];
  return null;
}

/**
 * The analysis over `questions` (the results' columns) for the attempts listed newest first
 * (listResultAttempts' order, which the report has already read).
 */
export async function itemAnalysisOf(
  db: Db,
  assessment: AssessmentRow,
  questions: readonly ResultQuestion[],
  attempts: readonly ResultAttemptRow[],
): Promise<ItemAnalysisResult> {
  // The latest attempt of each student: the list is newest first.
  const seen = new Set<string>();
  const latest: ResultAttemptRow[] = [];
  let pendingLeftOut = 0;
  for (const attempt of attempts) {
    if (seen.has(attempt.studentId)) continue;
    seen.add(attempt.studentId);
    if (attempt.markingStatus === 'pending') pendingLeftOut += 1;
    else latest.push(attempt);
  }

  const options = optionsOf(assessment);
  const definitions: ItemDefinition[] = questions.map((q) => ({
    id: q.id,
    max: q.max,
    options: options.get(q.id)?.map((o) => ({ id: o.id, correct: o.correct })),
  }));
  const column = new Map(questions.map((q, i) => [q.id, i]));
  const withAnswer = questions.filter((q) => options.has(q.id)).map((q) => q.id);

  const responses: ItemResponse[] = [];
  for (let from = 0; from < latest.length; from += MARKS_BATCH) {
    const batch = latest.slice(from, from + MARKS_BATCH);
    const marksOf = await listItemMarks(
      db,
      batch.map((a) => a.id),
      withAnswer,
    );
    for (const attempt of batch) {
      const scores: (number | null)[] = questions.map(() => null);
      const choices: (string[] | null)[] = questions.map(() => null);
      for (const [questionId, score, max, status, answer] of marksOf.get(attempt.id) ?? []) {
        const i = column.get(questionId);
        // A mark still waiting for a teacher is not a score (the attempt is complete, so rare).
        if (i === undefined || status === 'manual') continue;
        const full = questions[i]!.max;
        // Scaled to the question's points now, should its points have changed since.
        scores[i] = max && max > 0 ? ((score ?? 0) / max) * full : 0;
        if (options.has(questionId)) choices[i] = chosen(answer);
      }
      responses.push({ scores, choices });
    }
  }

  const analysis = analyseItems(definitions, responses);
  return {
    responses: analysis.responses,
    pendingLeftOut,
    earlierAttemptsLeftOut: attempts.length - seen.size,
    groupSize: analysis.groupSize,
    summary: analysis.summary,
    reliability: {
      method: analysis.reliability.method,
      value: analysis.reliability.value,
      reason: analysis.reliability.reason,
      responses: analysis.reliability.responses,
      questions: analysis.reliability.itemIds.map((id) => questions[column.get(id)!]!.number),
      scoredQuestions: analysis.reliability.scoredItems,
    },
    questions: questions.map((q, i) => {
      const s = analysis.items[i]!;
      const texts = new Map(options.get(q.id)?.map((o) => [o.id, o.text]));
      return {
        id: q.id,
        number: q.number,
        text: q.text,
        type: q.type,
        max: q.max,
        responses: s.responses,
        facility: s.facility,
        discrimination: s.discrimination,
        upperLower: s.upperLower,
        flags: s.flags,
        options: s.options?.map((o) => ({ ...o, text: texts.get(o.id) ?? null })) ?? null,
        unanswered: s.unanswered,
      };
    }),
  };
}

/** The analysis of an assessment on its own (the screen's route). */
export async function loadItemAnalysis(
  db: Db,
  assessment: AssessmentRow,
  questions: readonly ResultQuestion[],
): Promise<ItemAnalysisResult> {
  return itemAnalysisOf(db, assessment, questions, await listResultAttempts(db, assessment.id));
}

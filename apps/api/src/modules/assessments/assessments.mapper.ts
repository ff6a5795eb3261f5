import {
  drawTotals,
  timingStatus,
  type DrawRule,
  type Assessment,
  type AssessmentResource,
  type AssessmentSummary,
  type Assignment,
  type MyAttempts,
  type Question,
  type SubmissionAssessment,
} from '@vbuilder/shared';
import type { AssessmentRow } from '../../db/schema/index.ts';
import type { AssessmentResourceRow, AssessmentWithCreator } from './assessments.repository.ts';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** Where a resource is downloaded from (site-relative). */
export const resourceUrl = (assessmentId: string, resourceId: string) =>
  `/api/assessments/${assessmentId}/resources/${resourceId}`;

export const toResource = (row: AssessmentResourceRow): AssessmentResource => ({
  id: row.id,
  name: row.name,
  contentType: row.contentType,
  size: row.size,
  url: resourceUrl(row.assessmentId, row.id),
  createdAt: row.createdAt.toISOString(),
});

/** The assessment as its results show it: a student's results and a teacher's view of a submission. */
export const toResultsAssessment = (
  row: Pick<AssessmentRow, 'id' | 'title' | 'subject' | 'passMark' | 'totalMarks'>,
): SubmissionAssessment => ({
  id: row.id,
  title: row.title,
  subject: row.subject,
  passMark: row.passMark,
  totalMarks: row.totalMarks,
});

type SummarySource = Omit<AssessmentRow, 'questions'> & { questionCount: number; creatorName: string | null };

/** A row of the list: timing is computed at `now` with the shared rule, so list and filter agree. */
export function toSummary(row: SummarySource, now: Date, myAttempts: MyAttempts | null): AssessmentSummary {
  return {
    id: row.id,
    title: row.title,
    subject: row.subject,
    difficulty: row.difficulty as AssessmentSummary['difficulty'],
    generationType: row.generationType as AssessmentSummary['generationType'],
    status: row.status as AssessmentSummary['status'],
    timing: timingStatus(row, now),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    dueAt: iso(row.dueAt),
    durationMinutes: row.durationMinutes,
    allowRetake: row.allowRetake,
    passMark: row.passMark,
    totalMarks: row.totalMarks,
    questionCount: row.questionCount,
    createdBy: row.createdBy ? { id: row.createdBy, name: row.creatorName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    myAttempts,
  };
}

export interface DetailParts {
  assigneeIds: string[];
  resources: AssessmentResourceRow[];
  /** Set for a Student: their attempts; the detail then carries no questions and no assignees. */
  myAttempts: MyAttempts | null;
  forStudent: boolean;
  /** Its draw rules (question bank): what they add counts in questionCount. */
  draws: readonly DrawRule[];
  /** Whether a student has started it, so its questions and draw rules can no longer change. */
  questionsLocked: boolean;
  /** Whether a student who passes gets a certificate automatically (false for a Student). */
  autoCertificate: boolean;
}

/**
 * The detail (AssessmentSchema). A Student gets no questions (they reach students through an
 * attempt, without answers) and no list of who else is assigned.
 */
export function toAssessment(row: AssessmentWithCreator, now: Date, parts: DetailParts): Assessment {
  const questions = row.questions as Question[];
  const assignment: Assignment =
    parts.forStudent || row.assignmentMode !== 'selected'
      ? { mode: 'all' }
      : { mode: 'selected', studentIds: parts.assigneeIds };
  return {
    ...toSummary(
      { ...row, questionCount: questions.length + drawTotals(parts.draws).questions },
      now,
      parts.myAttempts,
    ),
    organizationId: row.organizationId,
    instructions: row.instructions,
    language: row.language,
    instructor: row.instructor,
    reviewPolicy: row.reviewPolicy as Assessment['reviewPolicy'],
    releasePolicy: row.releasePolicy as Assessment['releasePolicy'],
    assignment,
    questions: parts.forStudent ? [] : questions,
    draws: parts.forStudent
      ? []
      : parts.draws.map((d) => ({
          id: d.id,
          position: d.position,
          categoryId: d.categoryId,
          includeSubcategories: d.includeSubcategories,
          tags: d.tags,
          types: d.types,
          count: d.count,
          score: d.score,
        })),
    resources: parts.resources.map(toResource),
    questionsLocked: parts.questionsLocked,
    autoCertificate: parts.autoCertificate,
  };
}

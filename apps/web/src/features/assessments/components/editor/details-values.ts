import dayjs from 'dayjs';
import {
  AssessmentInputSchema,
  type Assessment,
  type AssessmentInput,
  type AssessmentStatus,
  type Difficulty,
  type DrawRuleView,
  type GenerationType,
  type Question,
  type ReleasePolicy,
  type ReviewPolicy,
} from '@vbuilder/shared';

/**
 * The assessment details as the form holds them: dates and times of day apart, in the browser's
 * time zone (docs/product/data.md lists startDate, endDate, start time and end time), numbers possibly empty
 * while typed. `toAssessmentInput` turns them into the API's instants.
 */
export interface DetailsValues {
  title: string;
  subject: string;
  difficulty: Difficulty | null;
  /** 'YYYY-MM-DD' in the browser's zone, or null. */
  startDate: string | null;
  /** 'HH:mm' in the browser's zone, or ''. */
  startTime: string;
  endDate: string | null;
  endTime: string;
  dueDate: string | null;
  dueTime: string;
  durationMinutes: number | '';
  passMark: number | '';
  instructions: string;
  allowRetake: boolean;
  /** A student who passes gets a certificate automatically (Administrators change it). */
  autoCertificate: boolean;
  language: string;
  instructor: string;
  reviewPolicy: ReviewPolicy;
  releasePolicy: ReleasePolicy;
  assignmentMode: 'all' | 'selected';
  studentIds: string[];
  status: AssessmentStatus;
}

export type DetailsField = keyof DetailsValues;

export const emptyDetails = (language = 'en', instructor = ''): DetailsValues => ({
  title: '',
  subject: '',
  difficulty: 'Medium',
  startDate: null,
  startTime: '',
  endDate: null,
  endTime: '',
  dueDate: null,
  dueTime: '',
  durationMinutes: '',
  passMark: 50,
  instructions: '',
  allowRetake: false,
  autoCertificate: false,
  language,
  instructor,
  reviewPolicy: 'afterSubmission',
  releasePolicy: 'immediate',
  assignmentMode: 'all',
  studentIds: [],
  status: 'draft',
});

/** A due date without a time means the end of that day. */
const DEFAULT_TIME: Record<'start' | 'end' | 'due', string> = { start: '00:00', end: '23:59', due: '23:59' };

/** A local date and time of day as an ISO instant; null when no date is set. */
export function toInstant(date: string | null, time: string, fallbackTime: string): string | null {
  if (!date) return null;
  const local = dayjs(`${date}T${time || fallbackTime}`);
  return local.isValid() ? local.toDate().toISOString() : null;
}

/** An ISO instant as a local date and time of day (the browser's zone). */
export function fromInstant(iso: string | null): { date: string | null; time: string } {
  if (!iso) return { date: null, time: '' };
  const local = dayjs(iso);
  return local.isValid()
    ? { date: local.format('YYYY-MM-DD'), time: local.format('HH:mm') }
    : { date: null, time: '' };
}

/** What POST/PUT /api/assessments receive for these details and questions. */
export function toAssessmentInput(
  details: DetailsValues,
  generationType: GenerationType,
  questions: Question[],
  /** Random draws from the question bank; the wizard has none. */
  draws: DrawRuleView[] = [],
): AssessmentInput {
  return {
    title: details.title,
    subject: details.subject,
    // An unset difficulty is sent as it is, so the schema names the field.
    difficulty: (details.difficulty ?? undefined) as Difficulty,
    generationType,
    startsAt: toInstant(details.startDate, details.startTime, DEFAULT_TIME.start),
    endsAt: toInstant(details.endDate, details.endTime, DEFAULT_TIME.end),
    dueAt: toInstant(details.dueDate, details.dueTime, DEFAULT_TIME.due),
    durationMinutes: details.durationMinutes === '' ? null : details.durationMinutes,
    passMark: details.passMark === '' ? (undefined as unknown as number) : details.passMark,
    instructions: details.instructions,
    allowRetake: details.allowRetake,
    autoCertificate: details.autoCertificate,
    language: details.language,
    instructor: details.instructor,
    status: details.status,
    reviewPolicy: details.reviewPolicy,
    releasePolicy: details.releasePolicy,
    assignment:
      details.assignmentMode === 'all'
        ? { mode: 'all' }
        : { mode: 'selected', studentIds: details.studentIds },
    questions,
    // A draw placed after a question since removed moves up to the end of the list.
    draws: draws.map((d) => (d.position > questions.length ? { ...d, position: questions.length } : d)),
  };
}

/** The form's values for a saved assessment (the edit screen). */
export function detailsOf(assessment: Assessment): DetailsValues {
  const start = fromInstant(assessment.startsAt);
  const end = fromInstant(assessment.endsAt);
  const due = fromInstant(assessment.dueAt);
  return {
    title: assessment.title,
    subject: assessment.subject,
    difficulty: assessment.difficulty,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    dueDate: due.date,
    dueTime: due.time,
    durationMinutes: assessment.durationMinutes ?? '',
    passMark: assessment.passMark,
    instructions: assessment.instructions,
    allowRetake: assessment.allowRetake,
    autoCertificate: assessment.autoCertificate ?? false,
    language: assessment.language,
    instructor: assessment.instructor,
    reviewPolicy: assessment.reviewPolicy,
    releasePolicy: assessment.releasePolicy,
    assignmentMode: assessment.assignment.mode,
    studentIds: assessment.assignment.mode === 'selected' ? assessment.assignment.studentIds : [],
    status: assessment.status,
  };
}

/** Where a schema path of the input is shown in the form. */
const FIELD_OF_PATH: Record<string, DetailsField> = {
  startsAt: 'startDate',
  endsAt: 'endDate',
  dueAt: 'dueDate',
  'assignment.studentIds': 'studentIds',
  assignment: 'studentIds',
};

/** Maps an API or schema issue path to a details field, or null when it is not one (questions). */
export function detailsFieldOf(path: readonly (string | number)[]): DetailsField | null {
  const joined = path.map(String).join('.');
  if (joined in FIELD_OF_PATH) return FIELD_OF_PATH[joined]!;
  const first = String(path[0] ?? '');
  if (first === 'questions' || first === 'generationType' || first === '') return null;
  return first in emptyDetails() ? (first as DetailsField) : null;
}

/** Messages of this screen's own checks (namespace assessmentEditor). */
export const EDITOR_MESSAGES = {
  timeWithoutDate: 'assessmentEditor.errors.timeWithoutDate',
} as const;

export interface CheckResult {
  /** Details field → message key (first per field). */
  details: Partial<Record<DetailsField, string>>;
  /** Index of a question → its first message key (questions with problems only). */
  questions: Record<number, string>;
  /** A message about the question list as a whole ('Add at least one question…'). */
  questionList: string | null;
}

/**
 * Everything AssessmentInputSchema finds wrong with the form, sorted into details fields and
 * questions, plus the checks the schema cannot make on the form's split values.
 */
export function checkAssessment(
  details: DetailsValues,
  generationType: GenerationType,
  questions: Question[],
  draws: DrawRuleView[] = [],
): CheckResult {
  const result: CheckResult = { details: {}, questions: {}, questionList: null };
  const parsed = AssessmentInputSchema.safeParse(
    toAssessmentInput(details, generationType, questions, draws),
  );
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map((part) => (typeof part === 'number' ? part : String(part)));
      // A draw rule's problem is told with the list's ('Choose the category of each draw').
      if (path[0] === 'draws') {
        result.questionList ??= issue.message;
        continue;
      }
      if (path[0] === 'questions') {
        const index = path[1];
        if (typeof index === 'number') result.questions[index] ??= issue.message;
        else result.questionList ??= issue.message;
        continue;
      }
      const field = detailsFieldOf(path);
      if (field) result.details[field] ??= issue.message;
    }
  }
  // The schema's order checks run only once every field passes; the form shows them at once.
  const input = toAssessmentInput(details, generationType, []);
  if (input.startsAt && input.endsAt && new Date(input.endsAt) <= new Date(input.startsAt)) {
    result.details.endDate ??= 'assessments.errors.endBeforeStart';
  }
  if (input.startsAt && input.dueAt && new Date(input.dueAt) < new Date(input.startsAt)) {
    result.details.dueDate ??= 'assessments.errors.dueBeforeStart';
  }
  for (const [date, time] of [
    ['startDate', 'startTime'],
    ['endDate', 'endTime'],
    ['dueDate', 'dueTime'],
  ] as const) {
    if (!details[date] && details[time]) result.details[date] ??= EDITOR_MESSAGES.timeWithoutDate;
  }
  return result;
}

/** The fields of each part of the details form, in screen order (the first invalid one gets focus). */
export const DETAILS_FIELDS: readonly DetailsField[] = [
  'title',
  'subject',
  'difficulty',
  'language',
  'instructor',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'dueDate',
  'dueTime',
  'durationMinutes',
  'passMark',
  'allowRetake',
  'autoCertificate',
  'reviewPolicy',
  'releasePolicy',
  'instructions',
  'assignmentMode',
  'studentIds',
  'status',
];

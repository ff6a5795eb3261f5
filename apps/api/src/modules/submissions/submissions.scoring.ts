import {
  answerFromStudentView,
  familyOf,
  isQuestionTypeId,
  markQuestion,
  OpenConfigSchema,
  type SubmissionAnswerStatus,
  type Question,
  type TotalsMark,
} from '@vbuilder/shared';

/** A question as an attempt's snapshot holds it (validated by QuestionSchema when the assessment was saved). */
export interface SnapshotQuestion {
  id: string;
  type: string;
  text: string;
  score: number;
  instructions?: string;
  imageUrl?: string | null;
  config: unknown;
}

/** The stored marking of one answer (attempt_answers columns), when there is a row. */
export interface StoredAnswer {
  questionId: string;
  answer: unknown;
  score: number | null;
  maxScore: number | null;
  correct: boolean | null;
  markStatus: string | null;
  feedback: string | null;
}

/** One question's mark as it stands: stored when marked, otherwise what the registry gives now. */
export interface QuestionMark extends TotalsMark {
  correct: boolean | null;
}

const ANSWER_STATUSES: readonly string[] = ['auto', 'manual', 'unscored', 'marked'];

/** The snapshot questions of an attempt (its `questions` jsonb), ignoring anything malformed. */
export function snapshotQuestions(value: unknown): SnapshotQuestion[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (q): q is SnapshotQuestion =>
      typeof q === 'object' &&
      q !== null &&
      typeof (q as SnapshotQuestion).id === 'string' &&
      isQuestionTypeId((q as SnapshotQuestion).type) &&
      typeof (q as SnapshotQuestion).score === 'number',
  );
}

/** What the registry gives this answer (an unanswered question scores 0; a survey counts for nothing). */
export function registryMark(question: SnapshotQuestion, answer: unknown): QuestionMark {
  if (!isQuestionTypeId(question.type)) return { score: 0, max: 0, correct: null, markStatus: 'unscored' };
  const result = markQuestion(
    { type: question.type, score: question.score, config: question.config },
    answer,
  );
  return { score: result.score, max: result.max, correct: result.correct, markStatus: result.status };
}

/**
 * A saved answer in the question's own ids. Students answer in the ids of their student view
 * (masked per attempt with its shuffle seed so ids give nothing away); teachers, markers and
 * exports read answers against the full question.
 */
export function ownAnswer(question: SnapshotQuestion, seed: string, answer: unknown): unknown {
  if (answer === null || answer === undefined || !isQuestionTypeId(question.type)) return answer ?? null;
  return answerFromStudentView(question as Question, seed, answer);
}

/**
 * The mark of one question of a submitted attempt. The submit step stores a mark for every
 * question; should a row be missing (or unmarked), it is marked here as the registry would.
 */
export function questionMark(
  question: SnapshotQuestion,
  stored: StoredAnswer | undefined,
  seed: string,
): QuestionMark {
  const fallback = () => registryMark(question, ownAnswer(question, seed, stored?.answer));
  if (stored?.markStatus && ANSWER_STATUSES.includes(stored.markStatus)) {
    return {
      score: stored.score ?? 0,
      max: stored.maxScore ?? fallback().max,
      correct: stored.correct,
      markStatus: stored.markStatus as SubmissionAnswerStatus,
    };
  }
  return fallback();
}

/** Whether a teacher's score is 'correct': full marks on a question that is worth something. */
export const teacherCorrect = (score: number, max: number): boolean | null => (max > 0 ? score >= max : null);

/** Teacher-facing facts of an open question: model answer, rubric, code language. */
export function openFacts(question: SnapshotQuestion): {
  modelAnswer: string | null;
  rubric: string | null;
  codeLanguage: string | null;
} {
  if (!isQuestionTypeId(question.type) || familyOf(question.type).id !== 'open') {
    return { modelAnswer: null, rubric: null, codeLanguage: null };
  }
  const parsed = OpenConfigSchema.safeParse(question.config);
  if (!parsed.success) return { modelAnswer: null, rubric: null, codeLanguage: null };
  return {
    modelAnswer: parsed.data.modelAnswer?.trim() ? parsed.data.modelAnswer : null,
    rubric: parsed.data.rubric?.trim() ? parsed.data.rubric : null,
    codeLanguage: parsed.data.responseKind === 'code' ? (parsed.data.codeLanguage ?? 'other') : null,
  };
}

/** The family's expected answer for a question (null when it has none or its config no longer fits). */
export function expectedAnswerOf(question: SnapshotQuestion): unknown {
  if (!isQuestionTypeId(question.type)) return null;
  const family = familyOf(question.type);
  const parsed = family.config.safeParse(question.config);
  return parsed.success ? family.expectedAnswer(parsed.data) : null;
}

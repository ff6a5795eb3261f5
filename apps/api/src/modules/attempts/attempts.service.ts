// Over 500 lines for now: it is to be split along its sections (start, save, submit and close), each into a file
// of its own in this module, with the module's other work (docs/architecture/overview.md).
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  ATTEMPT_LIMITS,
  attemptTotals,
  familyOf,
  isLanguageCode,
  isQuestionTypeId,
  isSuperAdministrator,
  timingStatus,
  type Attempt,
  type AttemptResult,
  type MyResults,
  type Question,
  type SaveAnswerAck,
  type SaveAnswerInput,
} from '@vbuilder/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AttemptAnswerRow, AttemptRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { randomUUID } from 'node:crypto';
import { findAssessmentHead, listResources, type AssessmentHead } from '../assessments/assessments.access.ts';
import { contentAtVersion, drawForAttempt, type AttemptContent } from '../assessments/bank-links.service.ts';
import { toResultsAssessment } from '../assessments/assessments.mapper.ts';
import {
  certificateEffects,
  giveOnPass,
  type CertificateEffects,
} from '../certificates/certificates.service.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { markAnswers } from './attempts.marking.ts';
import {
  attemptHistory,
  attemptQuestionTypes,
  findAnswer,
  findAttempt,
  findInProgressAttempt,
  findOwnAttemptDeadline,
  insertAttemptIfNone,
  listAnswers,
  listExpiredAttemptIds,
  listStudentAttempts,
  markSubmitted,
  saveAnswerOnce,
  writeMarks,
  writeTotals,
} from './attempts.repository.ts';
import { toAttempt, toResult } from './attempts.views.ts';
import { findUserById } from '../users/users.repository.ts';
import { deadlineFor, windowFor, type AccommodationTerms } from './deadline.ts';

export { deadlineFor, type AccommodationTerms } from './deadline.ts';
import { emitNotification } from '../notifications/notifications.service.ts';

export interface AttemptsContext {
  db: Db;
  clock: Clock;
  /** The queue a submit's notices go through, in its transaction ("marking waiting"). */
  jobs: JobQueue;
  /** What the certificate the assessment's rule gives on a pass sets off, in the submit's transaction. */
  certificates: CertificateEffects;
}

/** What a submit sets off besides its marks, written in its transaction. */
export type SubmitEffects = Pick<AttemptsContext, 'jobs' | 'certificates'>;

export const attemptsContext = (app: FastifyInstance): AttemptsContext => ({
  db: app.db,
  clock: app.clock,
  jobs: app.jobs,
  certificates: certificateEffects(app),
});

const GRACE_MS = ATTEMPT_LIMITS.graceSeconds * 1000;

/** Past its deadline and the grace for requests already on their way: the attempt is closed. */
export const isExpired = (row: Pick<AttemptRow, 'deadlineAt'>, now: Date): boolean =>
  row.deadlineAt !== null && now.getTime() > row.deadlineAt.getTime() + GRACE_MS;

const snapshotOf = (row: AttemptRow): Question[] => row.questions as Question[];

const attemptNotFound = () => notFound('attempt');

/** The attempt if this actor may read it: its student, staff of its organization, the Super Administrator. */
export function canReadAttempt(actor: Actor, row: AttemptRow): boolean {
  if (isSuperAdministrator(actor.role)) return true;
  if (actor.role === 'Student') return row.studentId === actor.userId;
  return actor.organizationId !== null && row.organizationId === actor.organizationId;
}

async function readableAttempt(db: DbOrTx, actor: Actor, id: string): Promise<AttemptRow> {
  const row = await findAttempt(db, id);
  if (!row || !canReadAttempt(actor, row)) throw attemptNotFound();
  return row;
}

/**
 * A published assessment of the student's organization assigned to them, or 404: a Student is
 * never told that an assessment they may not take exists (drafts, others' assignments, other
 * organizations all look the same).
 */
async function assessmentForStudent(db: DbOrTx, actor: Actor, id: string): Promise<AssessmentHead> {
  if (!actor.organizationId) throw notFound('assessment');
  const row = await findAssessmentHead(
    db,
    { organizationId: actor.organizationId, studentId: actor.userId },
    id,
  );
  if (!row) throw notFound('assessment');
  return row;
}

/** An attempt's assessment whatever its state: results outlive a deleted assessment. */
const assessmentOf = (db: DbOrTx, attempt: AttemptRow): Promise<AssessmentHead | null> =>
  findAssessmentHead(
    db,
    { organizationId: attempt.organizationId, includeDeleted: true },
    attempt.assessmentId,
  );

/**
 * Each assessment version's questions and draw rules as this process has read them: the
 * thousand starts of an exam read and parse them once, not once each. Keyed by the row's version,
 * so an edit is never served stale: saving the assessment (its rules too) changes the version, and
 * so does a bank edit of a question it uses by reference (the bank rewrites the assessment's copy
 * in the same transaction). Drawn questions are not cached: each start reads them (one query).
 * Null when the assessment changed after `head` was read.
 */
const contentByVersion = new LRUCache<string, AttemptContent>({ max: 200 });

async function contentOf(db: DbOrTx, head: AssessmentHead): Promise<AttemptContent | null> {
  const key = `${head.id}@${head.version}`;
  const cached = contentByVersion.get(key);
  if (cached) return cached;
  const content = await contentAtVersion(db, head.id, head.version);
  if (content) contentByVersion.set(key, content);
  return content;
}

/**
 * The new attempt's questions: the assessment's own, and when it has draw rules the questions
 * drawn for this attempt with its seed (chosen here, stored as the attempt's shuffleSeed).
 */
async function snapshotFor(
  db: DbOrTx,
  head: AssessmentHead,
  content: AttemptContent,
): Promise<{ questions: Question[]; seed?: string }> {
  if (!content.rules.length) return { questions: content.questions };
  const seed = randomUUID();
  const questions = await drawForAttempt(db, head.organizationId, seed, content.questions, content.rules);
  return { questions, seed };
}

/**
 * Open unless it has not started yet or has ended; no dates at all: always open. A student with an
 * accommodation window of their own is checked against it.
 */
function checkWindow(assessment: AssessmentHead, now: Date, accommodation: AccommodationTerms | null): void {
  const timing = timingStatus(windowFor(assessment, accommodation), now);
  if (timing === 'upcoming') throw conflict('window_not_open', 'This assessment has not started yet');
  if (timing === 'past') throw conflict('window_closed', 'This assessment has ended');
}

/** The student's view of an attempt; what the caller has already read (its assessment, its answers) is not read again. */
async function viewOf(
  db: DbOrTx,
  row: AttemptRow,
  now: Date,
  known: { assessment?: AssessmentHead; answers?: AttemptAnswerRow[] } = {},
): Promise<Attempt> {
  const assessment = known.assessment ?? (await assessmentOf(db, row));
  if (!assessment) throw attemptNotFound();
  const [answers, resources] = await Promise.all([
    known.answers ?? listAnswers(db, row.id),
    listResources(db, assessment.id),
  ]);
  return toAttempt(row, assessment, answers, resources, now);
}

/** An attempt as the call that submitted it left it: its row with the totals, its marked answers. */
interface ClosedAttempt {
  row: AttemptRow;
  answers: AttemptAnswerRow[];
}

/**
 * Submits an attempt exactly once and marks it in the same transaction. Whoever loses the race
 * (second tab, retry, the deadline closer) changes nothing: the conditional update finds no
 * attempt in progress. Saves in flight hold a shared lock on the attempt, so the update waits
 * for them and marks what they stored. Returns the closed attempt to the call that submitted it
 * (its result needs no second read of the 31-KB snapshot, the submit storm), else null.
 */
export async function closeAttempt(
  db: Db,
  attemptId: string,
  by: 'student' | 'deadline',
  now: Date,
  effects: SubmitEffects,
): Promise<ClosedAttempt | null> {
  return db.transaction(async (tx): Promise<ClosedAttempt | null> => {
    const row = await markSubmitted(tx, attemptId, {
      submittedBy: by,
      now,
      ...(by === 'deadline' ? { expiredBefore: new Date(now.getTime() - GRACE_MS) } : {}),
    });
    if (!row) return null;
    const answers = await listAnswers(tx, attemptId);
    const given = new Map(answers.filter((a) => a.revision > 0).map((a) => [a.questionId, a.answer]));
    const marks = markAnswers(snapshotOf(row), given, row.shuffleSeed);
    await writeMarks(tx, attemptId, marks, row.submittedAt!);
    const totals = attemptTotals(
      marks.map((m) => ({ ...m, max: m.maxScore })),
      row.passMark,
    );
    const written = { ...totals, revision: answers.reduce((highest, a) => Math.max(highest, a.revision), 0) };
    await writeTotals(tx, attemptId, written);
    // Open answers wait for a teacher: the assessment's owner is told, with the submit.
    if (totals.markingStatus === 'pending') {
      await emitNotification(effects.jobs, { kind: 'marking_waiting', attemptId }, { tx, key: attemptId });
    }
    // A pass gives the certificate of the assessment's rule, with the submission (and its notice).
    await giveOnPass(effects.certificates, tx, attemptId, now);
    return { row: { ...row, ...written }, answers: await listAnswers(tx, attemptId) };
  });
}

/** Closes the attempt with its saved answers when its time is up (lazy close on every read). */
async function closeIfExpired(
  db: Db,
  row: AttemptRow,
  now: Date,
  effects: SubmitEffects,
): Promise<AttemptRow> {
  if (row.status !== 'in_progress' || !isExpired(row, now)) return row;
  const closed = await closeAttempt(db, row.id, 'deadline', now, effects);
  return closed?.row ?? (await findAttempt(db, row.id)) ?? row;
}

/**
 * POST /assessments/:id/attempts: the attempt in progress (created: false), or a new one with a
 * snapshot of the questions and its deadline fixed now (created: true).
 */
export async function startAttempt(
  ctx: AttemptsContext,
  actor: Actor,
  assessmentId: string,
): Promise<{ attempt: Attempt; created: boolean }> {
  const { db } = ctx;
  const now = ctx.clock.now();
  for (let tries = 0; tries < 5; tries += 1) {
    const assessment = await assessmentForStudent(db, actor, assessmentId);
    const existing = await findInProgressAttempt(db, assessment.id, actor.userId);
    if (existing) {
      const current = await closeIfExpired(db, existing, now, ctx);
      if (current.status === 'in_progress')
        return { attempt: await viewOf(db, current, now, { assessment }), created: false };
    }
    // One statement: the student's earlier attempts and their accommodation, if any.
    const history = await attemptHistory(db, assessment.id, actor.userId);
    checkWindow(assessment, now, history.accommodation);
    if (history.anySubmitted && !assessment.allowRetake)
      throw conflict('retake_not_allowed', 'You have already submitted this assessment');
    const content = await contentOf(db, assessment);
    const snapshot = content && (await snapshotFor(db, assessment, content));
    const questions = snapshot?.questions ?? [];
    const row =
      snapshot &&
      (await insertAttemptIfNone(db, {
        organizationId: assessment.organizationId,
        assessmentId: assessment.id,
        studentId: actor.userId,
        number: history.lastNumber + 1,
        version: assessment.version,
        questions,
        ...(snapshot.seed ? { drawnWith: snapshot.seed } : {}),
        startedAt: now,
        deadlineAt: deadlineFor(assessment, now, history.accommodation),
        passMark: assessment.passMark,
      }));
    if (row) {
      // Its first save need not read the snapshot's question types back (saveAnswer).
      questionTypes.set(row.id, new Map(questions.map((q) => [q.id, q.type])));
      // A new attempt has no answers yet, and its assessment was just read.
      return { attempt: await viewOf(db, row, now, { assessment, answers: [] }), created: true };
    }
    // Another request started one at the same moment, or the assessment was changed meanwhile: go
    // round and answer that attempt, or start from the assessment as it is now.
  }
  throw new AppError(409, 'conflict', 'Could not start the attempt, please try again');
}

/** GET /attempts/:id (closes it first when its time is up). */
export async function readAttempt(ctx: AttemptsContext, actor: Actor, id: string): Promise<Attempt> {
  const now = ctx.clock.now();
  const row = await closeIfExpired(ctx.db, await readableAttempt(ctx.db, actor, id), now, ctx);
  return viewOf(ctx.db, row, now);
}

/**
 * GET /attempts/:id/deadline: the student's own attempt's deadline as it stands (a teacher's extra
 * time moves it), in one indexed read of the row without its snapshot. Closing is left to the
 * other paths (the closer, the next save or read): this is only the timer's refresh.
 */
export async function readDeadline(
  ctx: AttemptsContext,
  actor: Actor,
  id: string,
): Promise<{ status: 'in_progress' | 'submitted'; deadlineAt: string | null; serverNow: string }> {
  const row = await findOwnAttemptDeadline(ctx.db, id, actor.userId);
  if (!row) throw attemptNotFound();
  return {
    status: row.status === 'submitted' ? 'submitted' : 'in_progress',
    deadlineAt: row.deadlineAt?.toISOString() ?? null,
    serverNow: ctx.clock.now().toISOString(),
  };
}

/** Why an answer cannot be stored for a question of this type, or null when it fits. */
function answerProblem(type: string, answer: unknown): AppError | null {
  if (answer === null || answer === undefined) return null;
  const fits =
    JSON.stringify(answer).length <= ATTEMPT_LIMITS.answerMaxBytes &&
    isQuestionTypeId(type) &&
    familyOf(type).answer.safeParse(answer).success;
  return fits ? null : badRequest('answer_invalid', 'The answer does not fit this question');
}

/**
 * Each attempt's question ids and types, as this process has read them: a snapshot never changes
 * after the start, so the autosave validates an answer without reading it again.
 */
const questionTypes = new LRUCache<string, Map<string, string>>({ max: 20_000 });

/**
 * The account behind a token, as the save's own statement found it (the autosave route skips the
 * auth hook's read: routes config `accountCheckedByHandler`): gone or deactivated answers 401 as the
 * hook would, a role that is no longer Student 403; the actor then reads in the account's language.
 */
function assertStudentAccount(
  actor: Actor,
  account: { status: string | null; role: string | null; language: string | null; sessionEnded?: boolean },
): void {
  if (account.status !== 'active') throw unauthorized('The account is not active');
  if (account.sessionEnded) throw unauthorized('The session has ended');
  if (isLanguageCode(account.language)) actor.language = account.language;
  if (account.role !== 'Student') throw forbidden();
}

/**
 * PUT /attempts/:id/answers/:questionId. Acknowledged only once committed. A lower or equal
 * revision never overwrites (stale: true, the stored revision); the same idempotency key again
 * gets the same acknowledgement without writing. The exam-day hot path: one statement
 * (saveAnswerOnce) checks the account, the attempt's ownership, status and deadline and writes;
 * the attempt's question types come from a per-process cache (one more statement on the first save
 * of an attempt here). Errors answer as before, in the same order: account, attempt, question, answer.
 */
export async function saveAnswer(
  ctx: AttemptsContext,
  actor: Actor,
  attemptId: string,
  questionId: string,
  input: SaveAnswerInput,
): Promise<SaveAnswerAck> {
  const now = ctx.clock.now();
  let types = questionTypes.get(attemptId);
  if (!types) {
    const found = await attemptQuestionTypes(ctx.db, attemptId, actor.userId);
    assertStudentAccount(actor, found.account);
    if (!found.types) throw attemptNotFound();
    types = found.types;
    questionTypes.set(attemptId, types);
  }
  const type = types.get(questionId);
  const refusal = !type
    ? new AppError(404, 'unknown_question', 'This question is not part of the attempt')
    : answerProblem(type, input.answer);
  if (refusal) {
    // Rare: the account is checked first, as the long path did, before saying what is wrong.
    const found = await attemptQuestionTypes(ctx.db, attemptId, actor.userId);
    assertStudentAccount(actor, found.account);
    if (!found.types) throw attemptNotFound();
    throw refusal;
  }
  const outcome = await saveAnswerOnce(ctx.db, {
    attemptId,
    questionId,
    studentId: actor.userId,
    answer: input.answer ?? null,
    revision: input.revision,
    idempotencyKey: input.idempotencyKey,
    flagged: input.flagged,
    savedAt: now,
    notExpiredBefore: new Date(now.getTime() - GRACE_MS),
    sessionId: actor.sessionId,
  });
  assertStudentAccount(actor, outcome.account);
  if (!outcome.attemptStatus) throw attemptNotFound();
  if (outcome.attemptStatus !== 'in_progress')
    throw conflict('attempt_submitted', 'This attempt has been submitted');
  // The deadline the statement read anyway: extra time given meanwhile reaches the timer.
  const deadlineAt = outcome.deadlineAt?.toISOString() ?? null;
  if (outcome.written) {
    const { revision, savedAt } = outcome.written;
    return { questionId, revision, savedAt: savedAt.toISOString(), stale: false, deadlineAt };
  }
  if (isExpired({ deadlineAt: outcome.deadlineAt }, now)) {
    await closeAttempt(ctx.db, attemptId, 'deadline', now, ctx);
    throw conflict('attempt_closed', 'The time for this attempt is over');
  }
  // Not written: a revision at least as high is stored. The statement's own read may predate it
  // (a concurrent save committed while this one waited on the row), so it is read again then.
  const stored =
    outcome.stored && outcome.stored.revision >= input.revision
      ? outcome.stored
      : await findAnswer(ctx.db, attemptId, questionId);
  if (!stored) throw attemptNotFound();
  return {
    questionId,
    revision: stored.revision,
    savedAt: stored.savedAt.toISOString(),
    stale: stored.idempotencyKey !== input.idempotencyKey,
    deadlineAt,
  };
}

function resultOf(
  row: AttemptRow,
  assessment: AssessmentHead | null,
  answers: AttemptAnswerRow[],
  now: Date,
): AttemptResult {
  return toResult(row, answers, {
    reviewPolicy: assessment?.reviewPolicy ?? 'never',
    endsAt: assessment?.endsAt ?? null,
    now,
    // A deleted assessment's results stay as they were: released unless it waited for a teacher.
    releasePolicy: assessment?.releasePolicy ?? 'immediate',
  });
}

async function loadResult(db: DbOrTx, row: AttemptRow, now: Date): Promise<AttemptResult> {
  const [assessment, answers] = await Promise.all([assessmentOf(db, row), listAnswers(db, row.id)]);
  return resultOf(row, assessment, answers, now);
}

/**
 * GET /attempts/:id/result.pdf: the caller's own submitted attempt, the result exactly as the
 * result screen has it (release and review policies applied), with what the document's heading
 * names. An attempt still being taken has no result: 404, as for anyone else's.
 */
export async function resultForDocument(
  ctx: AttemptsContext,
  actor: Actor,
  id: string,
): Promise<{ result: AttemptResult; title: string; subject: string; studentName: string }> {
  const now = ctx.clock.now();
  const readable = await readableAttempt(ctx.db, actor, id);
  if (readable.studentId !== actor.userId) throw attemptNotFound();
  const row = await closeIfExpired(ctx.db, readable, now, ctx);
  if (row.status !== 'submitted') throw attemptNotFound();
  const [assessment, answers, student] = await Promise.all([
    assessmentOf(ctx.db, row),
    listAnswers(ctx.db, row.id),
    findUserById(ctx.db, row.studentId),
  ]);
  return {
    result: resultOf(row, assessment, answers, now),
    title: assessment?.title ?? '',
    subject: assessment?.subject ?? '',
    studentName: student?.name ?? '',
  };
}

/**
 * POST /attempts/:id/submit: exactly once; a repeat answers the same result. After the deadline
 * and its grace the attempt is closed with its saved answers and the late submit is refused.
 */
export async function submitAttempt(ctx: AttemptsContext, actor: Actor, id: string): Promise<AttemptResult> {
  const now = ctx.clock.now();
  // Its status and deadline are all the checks need: not the 31-KB snapshot, which the close and
  // the result read anyway (the submit storm).
  const row = await findOwnAttemptDeadline(ctx.db, id, actor.userId);
  if (!row) throw attemptNotFound();
  if (row.status === 'in_progress') {
    if (isExpired(row, now)) {
      await closeAttempt(ctx.db, id, 'deadline', now, ctx);
      const closed = await findAttempt(ctx.db, id);
      // Extra time given since it was read: still open, so the student hands it in.
      if (closed?.status === 'in_progress') await closeAttempt(ctx.db, id, 'student', now, ctx);
      // Unless the student's own submit won the race, the late one is refused.
      else if (closed?.submittedBy !== 'student')
        throw conflict('attempt_closed', 'The time for this attempt is over');
    } else {
      const closed = await closeAttempt(ctx.db, id, 'student', now, ctx);
      // Handed in by this call: its result from what the close wrote, without reading it again.
      if (closed) return resultOf(closed.row, await assessmentOf(ctx.db, closed.row), closed.answers, now);
    }
  }
  // A repeat, or a race lost to another tab or the closer: the result as stored.
  const submitted = await findAttempt(ctx.db, id);
  if (!submitted || submitted.status !== 'submitted') throw attemptNotFound();
  return loadResult(ctx.db, submitted, now);
}

/** GET /assessments/:id/my-results: the student's submitted attempts (newest first) and whether to retake. */
export async function myResults(
  ctx: AttemptsContext,
  actor: Actor,
  assessmentId: string,
): Promise<MyResults> {
  const { db } = ctx;
  const now = ctx.clock.now();
  if (!actor.organizationId) throw notFound('assessment');
  // Results stay readable after the assessment was unpublished or the student unassigned.
  let assessment: AssessmentHead | null = await findAssessmentHead(
    db,
    { organizationId: actor.organizationId, studentId: actor.userId },
    assessmentId,
  );
  const visible = assessment !== null;
  let attempts = await listStudentAttempts(db, assessmentId, actor.userId);
  if (!assessment && attempts.length)
    assessment = await findAssessmentHead(db, { organizationId: actor.organizationId }, assessmentId);
  if (!assessment) throw notFound('assessment');
  if (attempts.some((a) => a.status === 'in_progress' && isExpired(a, now))) {
    for (const a of attempts) await closeIfExpired(db, a, now, ctx);
    attempts = await listStudentAttempts(db, assessmentId, actor.userId);
  }
  const submitted = attempts.filter((a) => a.status === 'submitted');
  const inProgress = attempts.find((a) => a.status === 'in_progress') ?? null;
  const results = await Promise.all(
    submitted.map(async (a) => resultOf(a, assessment, await listAnswers(db, a.id), now)),
  );
  const mayRetake = visible && inProgress === null && submitted.length > 0 && assessment.allowRetake;
  // A window of the student's own (accommodation) is theirs to retake in: read only then.
  const accommodation = mayRetake
    ? (await attemptHistory(db, assessment.id, actor.userId)).accommodation
    : null;
  const timing = timingStatus(windowFor(assessment, accommodation), now);
  return {
    assessment: {
      ...toResultsAssessment(assessment),
      allowRetake: assessment.allowRetake,
      reviewPolicy: assessment.reviewPolicy as MyResults['assessment']['reviewPolicy'],
      endsAt: assessment.endsAt?.toISOString() ?? null,
    },
    attempts: results,
    inProgressAttemptId: inProgress?.id ?? null,
    canRetake: mayRetake && (timing === 'ongoing' || timing === 'notSet'),
  };
}

/**
 * Submits every attempt whose deadline and grace have passed, with its saved answers
 * (submittedBy 'deadline'). Safe to run on several instances at once: the conditional update in
 * closeAttempt lets exactly one of them submit each attempt. Returns how many this call closed.
 */
export async function closeExpiredAttempts(ctx: AttemptsContext, now: Date, batch = 100): Promise<number> {
  const { db } = ctx;
  let closed = 0;
  for (;;) {
    const ids = await listExpiredAttemptIds(db, new Date(now.getTime() - GRACE_MS), batch);
    for (const id of ids) if (await closeAttempt(db, id, 'deadline', now, ctx)) closed += 1;
    if (ids.length < batch) return closed;
  }
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { attempts } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { createFileStore, type FileStore } from '../../lib/files.ts';
import type { Actor } from '../../types.d.ts';
import { isStudent, ownOrganization, reachableOrganization } from './assessments.policy.ts';
import { findAssessment, lockAssessmentRow, type AssessmentWithCreator } from './assessments.repository.ts';

/**
 * What other modules (attempts, submissions) use of assessments: this file and the services.
 * `findAssessment` is the one lookup of an assessment by id, within a scope (an organization, a
 * Student's assigned ones, deleted ones or not); the finders below add the actor's rules and 404.
 */
export {
  findAssessment,
  findAssessmentHead,
  findAssessmentQuestions,
  listResources,
  type AssessmentHead,
  type AssessmentScope,
  type AssessmentWithCreator,
} from './assessments.repository.ts';

/** What the assessments module needs from the app. */
export interface AssessmentsContext {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** The job queue students' notifications go through (publication, opening soon). */
  jobs: JobQueue;
}

export const assessmentsContext = (app: FastifyInstance): AssessmentsContext => ({
  db: app.db,
  clock: app.clock,
  files: createFileStore(app.config),
  jobs: app.jobs,
});

/** The detail the actor may see, or 404 (deleted, another organization's, or not assigned to a Student). */
export async function findReadableAssessment(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<AssessmentWithCreator> {
  const row = await findAssessment(
    db,
    { organizationId: reachableOrganization(actor), studentId: isStudent(actor) ? actor.userId : undefined },
    id,
  );
  if (!row) throw notFound('assessment');
  return row;
}

/** An assessment of the actor's own organization that they may change, or 404. */
export async function findWritableAssessment(db: DbOrTx, actor: Actor, id: string) {
  const row = await findAssessment(db, { organizationId: ownOrganization(actor) }, id);
  if (!row) throw notFound('assessment');
  return row;
}

/**
 * The one rule for when an assessment's questions may change: its questions (which,
 * their order, content, points, keys, bank links) and its draw rules change only while no student
 * has started an attempt on it (any attempt, whatever its status). After that a correction goes
 * through a regrade (modules/regrades), which keeps submissions, totals and reports consistent.
 */
export const questionsLocked = () =>
  conflict(
    'questions_locked',
    'Students have started this assessment, so its questions can no longer be changed. To correct a question, use Regrade on the Submissions screen.',
  );

/** Whether any student has started an attempt on the assessment (one indexed probe). */
export async function hasAttempts(db: DbOrTx, assessmentId: string): Promise<boolean> {
  const found = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(eq(attempts.assessmentId, assessmentId))
    .limit(1);
  return found.length > 0;
}

/**
 * An assessment of the actor's own organization whose questions are about to change, or 404 /
 * 409 questions_locked when a student has started it. Used by every path that changes questions
 * or draw rules: the editor's save (PUT, which passes `changes` so that a save repeating the
 * stored questions still goes through), a file import and the bank's "add".
 *
 * In a transaction, the row is locked first (FOR UPDATE). A start's insert takes a key-share lock
 * on it (insertAttemptIfNone and the attempts' foreign key), so it either committed before (and
 * the check below sees it) or waits for this transaction and, the row having changed, starts from
 * the new version: no attempt begins on questions that are replaced under it.
 */
export async function findQuestionsWritableAssessment(
  db: DbOrTx,
  actor: Actor,
  id: string,
  changes: (row: AssessmentWithCreator) => boolean | Promise<boolean> = () => true,
): Promise<AssessmentWithCreator & { questionsLocked: boolean }> {
  await lockAssessmentRow(db, ownOrganization(actor), id);
  const row = await findWritableAssessment(db, actor, id);
  const locked = await hasAttempts(db, id);
  if (locked && (await changes(row))) throw questionsLocked();
  return { ...row, questionsLocked: locked };
}

/**
 * The certificate rule as a setting of the assessment (`autoCertificate`): read with its detail,
 * saved in its create or update transaction. The rule belongs to the certificates module, which
 * depends on assessments (a certificate is given for an assessment); for the modules' graph to stay
 * one-way (scripts/module-graph.test.ts), assessments never imports certificates: certificates
 * hands its implementation in here while the app is built (certificates.routes.ts). A slot per
 * process rather than a field of every AssessmentsContext, because the implementation is the same
 * for every app (it takes the database as an argument) and the contexts that reach an assessment's
 * save are built in several modules.
 */
export interface AutoCertificateSetting {
  /** Whether a student who passes this assessment is given a certificate automatically. */
  read(db: DbOrTx, assessmentId: string): Promise<boolean>;
  /** Saves the value sent with the assessment (undefined: unchanged), checking who may change it. */
  save(
    tx: DbOrTx,
    actor: Actor,
    assessment: { id: string; organizationId: string },
    autoGive: boolean | undefined,
    now: Date,
  ): Promise<void>;
}

let autoCertificate: AutoCertificateSetting | null = null;

/** Called by the certificates module when the app is built. */
export function provideAutoCertificateSetting(setting: AutoCertificateSetting): void {
  autoCertificate = setting;
}

export function autoCertificateSetting(): AutoCertificateSetting {
  if (!autoCertificate) throw new Error('The certificates module has not provided the certificate rule');
  return autoCertificate;
}

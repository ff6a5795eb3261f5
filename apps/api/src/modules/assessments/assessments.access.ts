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
import { findAssessment, type AssessmentWithCreator } from './assessments.repository.ts';

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
  /** The job queue students' notifications go through (publication, opening soon); none: nobody is told. */
  jobs?: JobQueue;
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
 * A draft of the actor's own organization that no student has started, or 404 / 409
 * assessment_not_draft. Questions arrive in bulk from outside the editor (a file import, the
 * bank's "add") only there: a published assessment's students may be taking it, and an attempt
 * keeps the questions it started with. The AI assistant keeps its own draft rule.
 */
export async function findDraftAssessment(db: DbOrTx, actor: Actor, id: string) {
  const row = await findWritableAssessment(db, actor, id);
  const started =
    row.status === 'draft'
      ? await db.select({ id: attempts.id }).from(attempts).where(eq(attempts.assessmentId, id)).limit(1)
      : [];
  if (row.status !== 'draft' || started.length > 0) {
    throw conflict(
      'assessment_not_draft',
      'Questions can be imported or added from the bank only into a draft assessment that no student has started',
    );
  }
  return row;
}

import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit, type AuditAction } from '../audit/audit.repository.ts';
import type { AssessmentsContext } from '../assessments/assessments.access.ts';

/**
 * What the bank's services run with: the assessments' context, since a bank change rewrites the
 * assessments that use its questions and adding to an assessment goes through that module.
 */
export interface QuestionBankContext extends AssessmentsContext {
  db: Db;
  clock: Clock;
}

export const questionBankContext = (ctx: AssessmentsContext): QuestionBankContext => ctx;

/** An audit record of a change to the bank (a category or a question). */
export const audit = (
  tx: DbOrTx,
  actor: Actor,
  action: AuditAction,
  target: { type: 'bank_category' | 'bank_question'; id: string; organizationId: string },
  now: Date,
  details?: Record<string, unknown>,
) =>
  recordAudit(
    tx,
    actor,
    { action, targetType: target.type, targetId: target.id, organizationId: target.organizationId, details },
    now,
  );

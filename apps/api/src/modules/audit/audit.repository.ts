import type { DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import type { Actor } from '../../types.d.ts';

export type AuditAction =
  | 'user.created'
  | 'user.invited'
  | 'user.imported'
  | 'user.updated'
  | 'user.role_changed'
  | 'user.deactivated'
  | 'user.reactivated'
  | 'user.deleted'
  | 'organization.created'
  | 'organization.updated'
  | 'organization.school_sign_in_updated'
  | 'user.school_sign_in_linked'
  | 'assessment.created'
  | 'assessment.updated'
  | 'assessment.deleted'
  | 'assessment.duplicated'
  | 'assessment.resource_added'
  | 'assessment.resource_deleted'
  | 'attempt.marked'
  | 'assessment.accommodation_set'
  | 'assessment.accommodation_removed'
  | 'assessment.results_released'
  | 'assessment.regraded'
  | 'assessment.rubric_saved'
  | 'assessment.rubric_deleted'
  | 'plan.prices_updated'
  | 'payment.requested'
  | 'payment.activated'
  | 'payment.superseded'
  | 'payment.closed'
  | 'payment.receipt_uploaded'
  | 'payment.receipt_sent'
  | 'payment.deleted'
  | 'payment.reminded'
  | 'payment.lapsed'
  | 'payment.change_scheduled'
  | 'payment.change_undone'
  | 'certificate.given'
  | 'certificate.revoked'
  | 'certificate.reissued'
  | 'certificate.template_updated'
  | 'certificate.rule_updated'
  | 'question_bank.category_created'
  | 'question_bank.category_updated'
  | 'question_bank.category_deleted'
  | 'question_bank.question_created'
  | 'question_bank.question_updated'
  | 'question_bank.question_deleted'
  | 'lti.registration_created'
  | 'lti.registration_link_created'
  | 'lti.registration_completed'
  | 'lti.registration_updated'
  | 'lti.registration_deleted'
  | 'lti.tool_key_rotated';

export interface AuditEntry {
  action: AuditAction;
  targetType:
    | 'user'
    | 'organization'
    | 'assessment'
    | 'attempt'
    | 'payment'
    | 'plan'
    | 'certificate'
    | 'bank_category'
    | 'bank_question'
    | 'lti_registration'
    | 'lti_tool_key';
  targetId: string;
  /** The organization the target belongs to, so an organization's history can be read in one query. */
  organizationId: string | null;
  details?: Record<string, unknown>;
}

/** Records one audit event; call it inside the same transaction as the change it describes. */
export async function recordAudit(
  db: DbOrTx,
  actor: Pick<Actor, 'userId' | 'role'> | null,
  entry: AuditEntry,
  at?: Date,
) {
  await db.insert(auditEvents).values({
    actorId: actor?.userId ?? null,
    actorRole: actor?.role ?? null,
    organizationId: entry.organizationId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? null,
    ...(at ? { at } : {}),
  });
}

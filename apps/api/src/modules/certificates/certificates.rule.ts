import type { CertificateRule } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { CertificatesContext } from './certificates.context.ts';
import { managedAssessment } from './certificates.give.ts';
import { managedOrganization } from './certificates.policy.ts';
import { findRule, upsertRule } from './certificates.repository.ts';

/**
 * The assessment's rule: whether a pass gives a certificate automatically (giveOnPass in
 * certificates.give.ts reads it). Read and set by an Administrator on its own, or as a setting of
 * the assessment saved with it; every change is audited.
 */

export async function getRule(
  ctx: CertificatesContext,
  actor: Actor,
  assessmentId: string,
): Promise<CertificateRule> {
  const assessment = await managedAssessment(ctx.db, actor, assessmentId);
  return {
    assessmentId: assessment.id,
    autoGive: (await findRule(ctx.db, assessment.id))?.autoGive ?? false,
  };
}

export async function setRule(
  ctx: CertificatesContext,
  actor: Actor,
  assessmentId: string,
  autoGive: boolean,
): Promise<CertificateRule> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const assessment = await managedAssessment(tx, actor, assessmentId);
    await saveRule(tx, actor, assessment, autoGive, now);
    return { assessmentId: assessment.id, autoGive };
  });
}

/** Whether a student who passes this assessment gets a certificate automatically. */
export const autoGives = async (db: DbOrTx, assessmentId: string) =>
  (await findRule(db, assessmentId))?.autoGive ?? false;

/**
 * The rule as part of an assessment's settings, inside the save's transaction: unchanged, nothing
 * happens (a Teacher saves the value they were shown); changed, only the organization's
 * Administrators may (403 otherwise, and the whole save is undone with it), and it is audited.
 */
export async function applyRuleOfSettings(
  tx: DbOrTx,
  actor: Actor,
  assessment: { id: string; organizationId: string },
  autoGive: boolean | undefined,
  now: Date,
): Promise<void> {
  if (autoGive === undefined || autoGive === (await autoGives(tx, assessment.id))) return;
  const managed = managedOrganization(actor);
  if (managed === undefined || (managed !== null && managed !== assessment.organizationId)) {
    throw forbidden('Only Administrators may change whether certificates are given automatically');
  }
  await saveRule(tx, actor, assessment, autoGive, now);
}

async function saveRule(
  tx: DbOrTx,
  actor: Actor,
  assessment: { id: string; organizationId: string },
  autoGive: boolean,
  now: Date,
) {
  await upsertRule(tx, {
    assessmentId: assessment.id,
    organizationId: assessment.organizationId,
    autoGive,
    updatedBy: actor.userId,
    updatedAt: now,
  });
  await recordAudit(
    tx,
    actor,
    {
      action: 'certificate.rule_updated',
      targetType: 'assessment',
      targetId: assessment.id,
      organizationId: assessment.organizationId,
      details: { autoGive },
    },
    now,
  );
}

import type { ReleaseResultsInput, ReleaseStatus } from '@vbuilder/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AssessmentRow } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Actor } from '../../types.d.ts';
import { findReadableAssessment, findWritableAssessment } from '../assessments/assessments.access.ts';
import { assertManagesAssessment } from '../assessments/assessments.policy.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { giveOnPass, type CertificateEffects } from '../certificates/certificates.service.ts';
import { emitNotification } from '../notifications/notifications.service.ts';
import { countUnreleased, markReleased, releaseEndedWindows } from './release.repository.ts';

/**
 * Releasing results. The assessment's release policy says when students see their
 * results: at once, after the window, or when a teacher releases them here (per student or all);
 * what a student sees before is decided by the server (attempts.views resultReleased). A release
 * tells each student (in the app and by mail, as every result_released notice).
 */

export interface ReleaseContext {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  /**
   * Certificates the assessment's rule gives on a pass wait for the release (giveOnPass): what
   * they set off is written in the release's transaction.
   */
  certificates: CertificateEffects;
}

type ReleasePolicyOf = Pick<AssessmentRow, 'releasePolicy' | 'endsAt'>;

/**
 * When a student should be told about their result: now (null); at the window's end (a date,
 * under 'afterWindow' while the window is open: the sweep releases it then, releaseAfterWindows);
 * or never by the caller ('never': under 'manual' the teacher's release tells them).
 */
export function resultNoticeAt(
  assessment: ReleasePolicyOf,
  released: boolean,
  now: Date,
): Date | null | 'never' {
  if (released || assessment.releasePolicy === 'immediate') return null;
  if (assessment.releasePolicy === 'afterWindow')
    return assessment.endsAt && assessment.endsAt > now ? assessment.endsAt : null;
  return 'never';
}

/** GET /assessments/:id/release */
export async function getReleaseStatus(
  db: Db,
  actor: Actor,
  assessmentId: string,
  now: Date,
): Promise<ReleaseStatus> {
  const assessment = await findReadableAssessment(db, actor, assessmentId);
  const policy = assessment.releasePolicy as ReleaseStatus['releasePolicy'];
  // Under 'immediate', and after the window under 'afterWindow', nothing waits for a release.
  const waiting =
    policy === 'manual' ||
    (policy === 'afterWindow' && assessment.endsAt !== null && now < assessment.endsAt);
  return {
    releasePolicy: policy,
    releasesAt: policy === 'afterWindow' ? (assessment.endsAt?.toISOString() ?? null) : null,
    unreleased: waiting ? await countUnreleased(db, assessment.id) : [],
  };
}

/** POST /assessments/:id/release: releases the students' submitted results (all when none named). */
export async function releaseResults(
  ctx: ReleaseContext,
  actor: Actor,
  assessmentId: string,
  input: ReleaseResultsInput,
): Promise<{ released: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const assessment = await findWritableAssessment(tx, actor, assessmentId);
    assertManagesAssessment(actor, assessment);
    const released = await markReleased(tx, assessment.id, input.studentIds, now);
    if (!released.length) return { released: 0 };
    await tellReleased(ctx, tx, released, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'assessment.results_released',
        targetType: 'assessment',
        targetId: assessment.id,
        organizationId: assessment.organizationId,
        details: { attempts: released.length, studentIds: [...new Set(released.map((r) => r.studentId))] },
      },
      now,
    );
    return { released: released.length };
  });
}

/**
 * What follows a release, in its transaction: a pass that waited gets the rule's certificate
 * (with its notice and mail), and each student is told (the jobs commit with it).
 */
async function tellReleased(
  ctx: ReleaseContext,
  tx: DbOrTx,
  released: ReadonlyArray<{ id: string }>,
  now: Date,
): Promise<void> {
  for (const attempt of released) {
    await giveOnPass(ctx.certificates, tx, attempt.id, now);
    await emitNotification(
      ctx.jobs,
      { kind: 'result_released', attemptId: attempt.id },
      { tx, key: `released:${attempt.id}` },
    );
  }
}

/**
 * Releases the results of 'afterWindow' assessments whose window has ended (released at the
 * window's end; their students told, certificates given), `batch` attempts per transaction. Safe
 * on several instances at once. Returns how many were released.
 */
export async function releaseAfterWindows(ctx: ReleaseContext, batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const now = ctx.clock.now();
    const count = await ctx.db.transaction(async (tx) => {
      const released = await releaseEndedWindows(tx, now, batch);
      await tellReleased(ctx, tx, released, now);
      return released.length;
    });
    total += count;
    if (count < batch) return total;
  }
}

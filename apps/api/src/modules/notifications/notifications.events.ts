import { createHash } from 'node:crypto';
import { OPENING_SOON_LEAD_MS, type NotificationKind, type NotificationParams } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  assessmentStudents,
  findAssessmentForNotice,
  findAttemptForNotice,
  findCertificateForNotice,
  findInviter,
  findPaymentForNotice,
  findRecipients,
  findUserName,
  organizationAdministrators,
  superAdministrators,
  type Recipient,
} from './notifications.repository.ts';

/** What happened, as a job's data: only ids; the job reads the rest when it runs. */
export type NotificationEvent =
  /**
   * Published (or newly given) to students: only `studentIds` when given, all but
   * `exceptStudentIds` when those had it already.
   */
  | { kind: 'assessment_published'; assessmentId: string; studentIds?: string[]; exceptStudentIds?: string[] }
  | { kind: 'assessment_opening_soon'; assessmentId: string; opensAt: string }
  | { kind: 'result_released'; attemptId: string }
  /** A regrade changed the attempt's result. */
  | { kind: 'result_regraded'; attemptId: string }
  | { kind: 'marking_waiting'; attemptId: string }
  | { kind: 'certificate_given'; certificateId: string }
  /** An Administrator revoked it (not a reissue: the new certificate's notice says that). */
  | { kind: 'certificate_revoked'; certificateId: string }
  | { kind: 'invoice_issued' | 'payment_activated' | 'subscription_expiring'; paymentId: string }
  /** A school uploaded a bank transfer's receipt: the Super Administrators check it and activate. */
  | { kind: 'receipt_uploaded'; paymentId: string }
  | { kind: 'invitation_accepted'; userId: string };

/** A uuid fixed by a text (SHA-1 shaped as a version-5 uuid): the same event gives the same job id. */
export function uuidOf(text: string): string {
  const hex = createHash('sha1').update(text).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The recipients of one event with what its sentence says and where it points (per recipient). */
export interface Notice {
  kind: NotificationKind;
  organizationId: string | null;
  recipients: Recipient[];
  params: NotificationParams;
  link: (recipient: Recipient) => string | null;
}

const assessmentLink = (assessmentId: string) => (r: Recipient) =>
  `/account/user/${r.id}/quiz/${assessmentId}`;

/**
 * Who an event is for, read when its job runs (so a change made in between counts): exactly the
 * people of its organization and role it concerns, active accounts only. Null: nobody any more
 * (deleted, unpublished, moved).
 */
export async function resolveNotice(db: DbOrTx, event: NotificationEvent): Promise<Notice | null> {
  switch (event.kind) {
    case 'assessment_published':
    case 'assessment_opening_soon': {
      const assessment = await findAssessmentForNotice(db, event.assessmentId);
      if (!assessment || assessment.status !== 'published') return null;
      if (event.kind === 'assessment_opening_soon') {
        // A reminder for a time that changed since it was scheduled: the new time has its own.
        if (assessment.startsAt?.toISOString() !== event.opensAt) return null;
      }
      let recipients = await assessmentStudents(db, assessment);
      if (event.kind === 'assessment_published' && event.studentIds) {
        const chosen = new Set(event.studentIds);
        recipients = recipients.filter((r) => chosen.has(r.id));
      }
      if (event.kind === 'assessment_published' && event.exceptStudentIds) {
        const had = new Set(event.exceptStudentIds);
        recipients = recipients.filter((r) => !had.has(r.id));
      }
      return {
        kind: event.kind,
        organizationId: assessment.organizationId,
        recipients,
        params: {
          assessmentTitle: assessment.title,
          ...(assessment.startsAt ? { opensAt: assessment.startsAt.toISOString() } : {}),
        },
        link: assessmentLink(assessment.id),
      };
    }
    case 'result_released':
    case 'result_regraded':
    case 'marking_waiting': {
      const attempt = await findAttemptForNotice(db, event.attemptId);
      if (!attempt) return null;
      const assessment = await findAssessmentForNotice(db, attempt.assessmentId);
      if (!assessment) return null;
      const params = { assessmentTitle: assessment.title, studentName: attempt.studentName };
      if (event.kind === 'result_released' || event.kind === 'result_regraded') {
        return {
          kind: event.kind,
          organizationId: attempt.organizationId,
          recipients: await findRecipients(db, [attempt.studentId]),
          params,
          link: (r) => `/account/user/${r.id}/quiz/${assessment.id}/my-results`,
        };
      }
      // The assessment's owner marks it; when the owner left the organization (or the account
      // is gone), its Administrators do.
      const owner = assessment.createdBy ? await findRecipients(db, [assessment.createdBy]) : [];
      const recipients = owner.filter((r) => r.organizationId === assessment.organizationId);
      return {
        kind: event.kind,
        organizationId: attempt.organizationId,
        recipients: recipients.length
          ? recipients
          : await organizationAdministrators(db, assessment.organizationId),
        params,
        link: () => `/account/questions/pending-marking/${assessment.id}/${attempt.studentId}`,
      };
    }
    case 'certificate_given': {
      const certificate = await findCertificateForNotice(db, event.certificateId);
      if (!certificate || certificate.revokedAt) return null;
      return {
        kind: event.kind,
        organizationId: certificate.organizationId,
        recipients: await findRecipients(db, [certificate.studentId]),
        params: {
          assessmentTitle: certificate.assessmentTitle,
          organizationName: certificate.organizationName,
        },
        link: (r) => `/account/certifications/${r.id}`,
      };
    }
    case 'certificate_revoked': {
      const certificate = await findCertificateForNotice(db, event.certificateId);
      if (!certificate?.revokedAt) return null;
      return {
        kind: event.kind,
        organizationId: certificate.organizationId,
        recipients: await findRecipients(db, [certificate.studentId]),
        params: {
          assessmentTitle: certificate.assessmentTitle,
          organizationName: certificate.organizationName,
          reason: certificate.revokeReason ?? '',
        },
        link: (r) => `/account/certifications/${r.id}`,
      };
    }
    case 'invoice_issued':
    case 'payment_activated':
    case 'subscription_expiring': {
      const payment = await findPaymentForNotice(db, event.paymentId);
      if (!payment) return null;
      return {
        kind: event.kind,
        organizationId: payment.organizationId,
        recipients: await organizationAdministrators(db, payment.organizationId),
        params: {
          planName: payment.planName,
          organizationName: payment.organizationName,
          ...(payment.invoiceNumber ? { invoiceNumber: payment.invoiceNumber } : {}),
          ...(payment.endsAt ? { endsAt: payment.endsAt.toISOString() } : {}),
        },
        link: () =>
          event.kind === 'invoice_issued' ? '/account/payments/payment_history' : '/account/subscription',
      };
    }
    case 'receipt_uploaded': {
      const payment = await findPaymentForNotice(db, event.paymentId);
      if (!payment) return null;
      return {
        kind: event.kind,
        organizationId: payment.organizationId,
        recipients: await superAdministrators(db),
        params: {
          planName: payment.planName,
          organizationName: payment.organizationName,
          ...(payment.invoiceNumber ? { invoiceNumber: payment.invoiceNumber } : {}),
        },
        link: () => '/account/payments/payment_history',
      };
    }
    case 'invitation_accepted': {
      const person = await findUserName(db, event.userId);
      const inviterId = await findInviter(db, event.userId);
      if (!person || !inviterId) return null;
      // The inviter still in charge of that organization (or the Super Administrator) is told.
      const recipients = (await findRecipients(db, [inviterId])).filter(
        (r) => r.organizationId === null || r.organizationId === person.organizationId,
      );
      return {
        kind: event.kind,
        organizationId: person.organizationId,
        recipients,
        params: { personName: person.name || person.email },
        link: (r) => `/account/users/${r.id}`,
      };
    }
  }
}

/** When the "opening soon" reminder of an assessment opening at `startsAt` is due, or null (none). */
export function openingSoonAt(startsAt: Date | null, now: Date): Date | null {
  if (!startsAt) return null;
  const at = new Date(startsAt.getTime() - OPENING_SOON_LEAD_MS);
  // Opening within the lead already: the "published" notice says when it opens.
  return at.getTime() > now.getTime() ? at : null;
}

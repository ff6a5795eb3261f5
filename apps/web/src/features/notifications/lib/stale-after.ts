import type { QueryKey } from '@tanstack/react-query';
import type { NotificationKind } from '@vbuilder/shared';
import {
  assessmentKeys,
  attemptKeys,
  billingKeys,
  certificateKeys,
  dashboardKeys,
  markingQueueKeys,
  organizationKeys,
  submissionKeys,
  userKeys,
} from '../../../lib/query-keys.ts';

/**
 * What a notification makes out of date on screen: the dashboard's cards always (every kind
 * changes one of them), and the lists of what it is about. Without this the bell said "certificate
 * given" while the card below it still counted none until the page was reloaded.
 */
const STALE_BY_KIND: Record<NotificationKind, readonly QueryKey[]> = {
  assessment_published: [assessmentKeys.all],
  assessment_opening_soon: [assessmentKeys.all],
  result_released: [attemptKeys.all, assessmentKeys.all],
  result_regraded: [attemptKeys.all, assessmentKeys.all],
  marking_waiting: [submissionKeys.all, markingQueueKeys.all],
  certificate_given: [certificateKeys.all],
  certificate_revoked: [certificateKeys.all],
  invoice_issued: [billingKeys.all],
  payment_activated: [billingKeys.all, assessmentKeys.usages()],
  subscription_expiring: [billingKeys.all],
  receipt_uploaded: [billingKeys.all],
  invitation_accepted: [userKeys.all, organizationKeys.all],
};

export function staleAfter(kind: NotificationKind): readonly QueryKey[] {
  return [dashboardKeys.all, ...(STALE_BY_KIND[kind] ?? [])];
}

import { useMutation } from '@tanstack/react-query';
import { SubscriptionResponseSchema, type ScheduleChangeBody } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from '../../../lib/query-keys.ts';

const path = (organizationId: string) =>
  `/subscriptions/organization/${encodeURIComponent(organizationId)}/scheduled-change`;

/** POST …/scheduled-change: cancel, or change to a smaller plan, at the end of the paid period. */
export function useScheduleChange() {
  return useMutation({
    mutationFn: async ({ organizationId, body }: { organizationId: string; body: ScheduleChangeBody }) =>
      (await api.post(path(organizationId), body, SubscriptionResponseSchema)).data,
    meta: { silent: true, invalidates: [billingKeys.all] },
  });
}

/** DELETE …/scheduled-change: undo it while the period runs. */
export function useUndoScheduledChange() {
  return useMutation({
    mutationFn: async (organizationId: string) =>
      (await api.delete(path(organizationId), SubscriptionResponseSchema)).data,
    meta: { silent: true, invalidates: [billingKeys.all] },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubscriptionResponseSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from '../../../lib/query-keys.ts';

/** GET /subscriptions/organization/:orgId: the organization's subscription (docs/product/data.md, docs/product/states.md). */
export const subscriptionQuery = (organizationId: string) =>
  queryOptions({
    queryKey: billingKeys.subscription(organizationId),
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `/subscriptions/organization/${encodeURIComponent(organizationId)}`,
          SubscriptionResponseSchema,
          { signal },
        )
      ).data,
    // docs/product/states.md: a failed load shows the status inactive with 'Failed to load subscription status.'.
    meta: { silent: true },
  });

/** The subscription of an organization; waits while none is chosen. */
export const useSubscription = (organizationId: string | null | undefined) =>
  useQuery({ ...subscriptionQuery(organizationId ?? ''), enabled: Boolean(organizationId) });

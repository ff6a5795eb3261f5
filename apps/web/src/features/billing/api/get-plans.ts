import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlansResponseSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from '../../../lib/query-keys.ts';

/** GET /plans: the plan comparison (SPEC §3 Plan table) with each plan's prices. */
export const plansQuery = () =>
  queryOptions({
    queryKey: billingKeys.plans(),
    queryFn: ({ signal }) => api.get('/plans', PlansResponseSchema, { signal }),
    // SPEC §4: a failed catalog load is an empty catalog; the screen says so itself.
    meta: { silent: true },
  });

export const usePlans = () => useQuery(plansQuery());

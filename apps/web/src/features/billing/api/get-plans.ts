import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlansResponseSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from '../../../lib/query-keys.ts';

/** GET /plans: the plan comparison (docs/product/data.md Plan table) with each plan's prices. */
export const plansQuery = () =>
  queryOptions({
    queryKey: billingKeys.plans(),
    queryFn: ({ signal }) => api.get('/plans', PlansResponseSchema, { signal }),
    // docs/product/states.md: a failed catalog load is an empty catalog; the screen says so itself.
    meta: { silent: true },
  });

export const usePlans = () => useQuery(plansQuery());

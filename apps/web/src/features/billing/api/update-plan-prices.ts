import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlansResponseSchema, type PricedPackage, type UpdatePlanPricesBody } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from '../../../lib/query-keys.ts';

export const updatePlanPrices = (name: PricedPackage, body: UpdatePlanPricesBody) =>
  api.put(`/plans/${name}/prices`, body, PlansResponseSchema);

/** PUT /plans/:name/prices (Super Administrator): the plan's whole price list; answers the catalog. */
export function useUpdatePlanPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, body }: { name: PricedPackage; body: UpdatePlanPricesBody }) =>
      updatePlanPrices(name, body),
    onSuccess: (catalog) => queryClient.setQueryData(billingKeys.plans(), catalog),
    // The price dialog shows a failure on its fields or in its alert.
    meta: { silent: true },
  });
}

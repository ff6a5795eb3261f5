import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  OrganizationDetailSchema,
  type OrganizationDetail,
  type UpdateOrganizationInput,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { organizationKeys } from '../../../lib/query-keys.ts';

export const updateOrganization = (id: string, input: UpdateOrganizationInput): Promise<OrganizationDetail> =>
  api.patch(`/organizations/${encodeURIComponent(id)}`, input, OrganizationDetailSchema);

/** PATCH /organizations/:id (its Administrators and the Super Administrator). */
export function useUpdateOrganization(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrganizationInput) => updateOrganization(id, input),
    // The dialog shows field errors and the reason itself.
    // The name, email and type also show in the Super Administrator's list.
    meta: { silent: true, invalidates: [organizationKeys.lists()] },
    onSuccess: (updated) => queryClient.setQueryData(organizationKeys.detail(id), updated),
  });
}

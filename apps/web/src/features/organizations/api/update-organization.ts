import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  OrganizationDetailSchema,
  type OrganizationDetail,
  type UpdateOrganizationInput,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { organizationKeys } from './get-organizations.ts';

export const updateOrganization = (id: string, input: UpdateOrganizationInput): Promise<OrganizationDetail> =>
  api.patch(`/organizations/${encodeURIComponent(id)}`, input, OrganizationDetailSchema);

/** PATCH /organizations/:id (its Administrators and the Super Administrator). */
export function useUpdateOrganization(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrganizationInput) => updateOrganization(id, input),
    // The dialog shows field errors and the reason itself.
    meta: { silent: true },
    onSuccess: async (updated) => {
      queryClient.setQueryData(organizationKeys.detail(id), updated);
      // The name, email and type also show in the Super Administrator's list.
      await queryClient.invalidateQueries({ queryKey: organizationKeys.lists() });
    },
  });
}

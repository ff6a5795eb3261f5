import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  OrganizationDetailSchema,
  type CreateOrganizationWithAdminInput,
  type OrganizationDetail,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { organizationKeys } from '../../../lib/query-keys.ts';

export const createOrganization = (input: CreateOrganizationWithAdminInput): Promise<OrganizationDetail> =>
  api.post('/organizations', input, OrganizationDetailSchema);

/** POST /organizations (Super Administrator), optionally with its first Administrator, who is invited. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    // The dialog shows field errors and the reason itself.
    // The name, email and type also show in the Super Administrator's list.
    meta: { silent: true, invalidates: [organizationKeys.lists()] },
    onSuccess: (created) => queryClient.setQueryData(organizationKeys.detail(created.id), created),
  });
}

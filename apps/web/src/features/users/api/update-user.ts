import { useMutation } from '@tanstack/react-query';
import { UserSummarySchema, type UpdateUserInput } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys, organizationKeys, userKeys } from '../../../lib/query-keys.ts';

export const updateUser = ({ id, changes }: { id: string; changes: UpdateUserInput }) =>
  api.patch(`/users/${encodeURIComponent(id)}`, changes, UserSummarySchema);

/** PATCH /users/:id: change role, deactivate ('inactive') or reactivate ('active'). */
export function useUpdateUser() {
  return useMutation({
    mutationFn: updateUser,
    // The users tables, and the counts other screens show (the dashboard's totals, an
    // organization's member counts).
    meta: { silent: true, invalidates: [userKeys.all, dashboardKeys.all, organizationKeys.all] },
  });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys, organizationKeys, userKeys } from '../../../lib/query-keys.ts';

export const deleteUser = (id: string) => api.delete<void>(`/users/${encodeURIComponent(id)}`);

/** DELETE /users/:id (asked for confirmation first). */
export function useDeleteUser() {
  return useMutation({
    mutationFn: deleteUser,
    // The users tables, and the counts other screens show (the dashboard's totals, an
    // organization's member counts).
    meta: { silent: true, invalidates: [userKeys.all, dashboardKeys.all, organizationKeys.all] },
  });
}

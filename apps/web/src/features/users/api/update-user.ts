import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserSummarySchema, type UpdateUserInput } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { invalidateUsers } from './invalidate.ts';

export const updateUser = ({ id, changes }: { id: string; changes: UpdateUserInput }) =>
  api.patch(`/users/${encodeURIComponent(id)}`, changes, UserSummarySchema);

/** PATCH /users/:id: change role, deactivate ('inactive') or reactivate ('active'). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    meta: { silent: true },
    onSuccess: () => invalidateUsers(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateUsers } from './invalidate.ts';

export const deleteUser = (id: string) => api.delete<void>(`/users/${encodeURIComponent(id)}`);

/** DELETE /users/:id (asked for confirmation first). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    meta: { silent: true },
    onSuccess: () => invalidateUsers(queryClient),
  });
}

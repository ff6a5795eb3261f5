import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserSummarySchema, type CreateUserInput } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { invalidateUsers } from './invalidate.ts';

export const createUser = (input: CreateUserInput) => api.post('/users', input, UserSummarySchema);

/** POST /users: the account is created pending and the person gets an invitation mail. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // The dialog shows field errors and its own alert.
    meta: { silent: true },
    onSuccess: () => invalidateUsers(queryClient),
  });
}

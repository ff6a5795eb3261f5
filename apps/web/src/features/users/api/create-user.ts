import { useMutation } from '@tanstack/react-query';
import { UserSummarySchema, type CreateUserInput } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys, organizationKeys, userKeys } from '../../../lib/query-keys.ts';

export const createUser = (input: CreateUserInput) => api.post('/users', input, UserSummarySchema);

/** POST /users: the account is created pending and the person gets an invitation mail. */
export function useCreateUser() {
  return useMutation({
    mutationFn: createUser,
    // The dialog shows field errors and its own alert.
    // The users tables, and the counts other screens show (the dashboard's totals, an
    // organization's member counts).
    meta: { silent: true, invalidates: [userKeys.all, dashboardKeys.all, organizationKeys.all] },
  });
}

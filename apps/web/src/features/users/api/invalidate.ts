import type { QueryClient } from '@tanstack/react-query';
import { userKeys } from './get-users.ts';

/**
 * After a user is added, changed or removed: the users tables, and the counts other screens show
 * (the dashboard's totals, an organization's member counts) by their key prefixes.
 */
export function invalidateUsers(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  ]);
}

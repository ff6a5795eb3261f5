import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { UserListSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { userKeys } from '../../../lib/query-keys.ts';
import { listQueryString, type UserListParams } from './get-users.ts';

export const fetchOrganizationUsers = (
  organizationId: string,
  params: UserListParams,
  signal?: AbortSignal,
) =>
  api.get(
    `/organizations/${encodeURIComponent(organizationId)}/users${listQueryString(params)}`,
    UserListSchema,
    { signal },
  );

/** GET /organizations/:id/users: the all-users table of an organization's page. */
export const organizationUsersQuery = (organizationId: string, params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.ofOrganization(organizationId, params),
    queryFn: ({ signal }) => fetchOrganizationUsers(organizationId, params, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const useOrganizationUsers = (organizationId: string, params: UserListParams) =>
  useQuery(organizationUsersQuery(organizationId, params));

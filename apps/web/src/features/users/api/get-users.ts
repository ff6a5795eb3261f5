import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { UserListSchema, type Role, type USER_SORT_FIELDS, type UserStatus } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/format.ts';
import { userKeys } from '../../../lib/query-keys.ts';

export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

/** One page of a users table: what the server pages, sorts and filters on. */
export interface UserListParams {
  page: number;
  pageSize: number;
  sort: UserSortField;
  order: SortOrder;
  search?: string;
  role?: Role;
  status?: UserStatus;
  organizationId?: string;
}

export const listQueryString = (params: UserListParams) =>
  toQueryString({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    order: params.order,
    search: params.search?.trim(),
    role: params.role,
    status: params.status,
    organizationId: params.organizationId,
  });

export const fetchUsers = (params: UserListParams, signal?: AbortSignal) =>
  api.get(`/users${listQueryString(params)}`, UserListSchema, { signal });

/** GET /users: the viewer's organization (the Super Administrator: everyone, or one organization). */
export const usersQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => fetchUsers(params, signal),
    // The table stays on screen while the next page or search loads.
    placeholderData: keepPreviousData,
    // The screen shows its own card ('Error fetching users', members_forbidden) instead of a toast.
    meta: { silent: true },
  });

export const useUsers = (params: UserListParams) => useQuery(usersQuery(params));

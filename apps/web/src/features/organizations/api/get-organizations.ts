import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { OrganizationListSchema, type OrganizationListQuery } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';

/** The list query as the screen holds it: every field set, so equal lists share one cache entry. */
export interface OrganizationListParams {
  search: string;
  page: number;
  pageSize: number;
  sort: NonNullable<OrganizationListQuery['sort']>;
  order: 'asc' | 'desc';
}

export const organizationKeys = {
  all: ['organizations'] as const,
  lists: () => ['organizations', 'list'] as const,
  list: (params: OrganizationListParams) => ['organizations', 'list', params] as const,
  details: () => ['organizations', 'detail'] as const,
  detail: (id: string) => ['organizations', 'detail', id] as const,
};

export function organizationListPath(params: OrganizationListParams): string {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
    order: params.order,
  });
  const search = params.search.trim();
  if (search) query.set('search', search);
  return `/organizations?${query.toString()}`;
}

export const fetchOrganizations = (params: OrganizationListParams, signal?: AbortSignal) =>
  api.get(organizationListPath(params), OrganizationListSchema, { signal });

export const organizationsQuery = (params: OrganizationListParams) =>
  queryOptions({
    queryKey: organizationKeys.list(params),
    queryFn: ({ signal }) => fetchOrganizations(params, signal),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    // The screen says 'Failed to fetch organizations' itself (SPEC §8).
    meta: { silent: true },
  });

/** GET /organizations (Super Administrator): searched, sorted and paginated on the server. */
export const useOrganizations = (params: OrganizationListParams, enabled = true) =>
  useQuery({ ...organizationsQuery(params), enabled });

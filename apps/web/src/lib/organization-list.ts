import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { OrganizationListSchema, type OrganizationListQuery } from '@vbuilder/shared';
import { api } from './api-client.ts';
import { organizationKeys } from './query-keys.ts';

/**
 * GET /organizations (Super Administrator), shared by the organizations screen and the users
 * feature's organization picker: one fetcher and one key, so both read the same cache entry.
 */

/** The list query as a screen holds it: every field set, so equal lists share one cache entry. */
export interface OrganizationListParams {
  search: string;
  page: number;
  pageSize: number;
  sort: NonNullable<OrganizationListQuery['sort']>;
  order: 'asc' | 'desc';
}

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
    // Each screen says 'Failed to fetch organizations' itself (docs/product/messages.md).
    meta: { silent: true },
  });

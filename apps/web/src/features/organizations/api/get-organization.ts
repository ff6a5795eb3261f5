import { queryOptions, useQuery } from '@tanstack/react-query';
import { OrganizationDetailSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { organizationKeys } from '../../../lib/query-keys.ts';

export const fetchOrganization = (id: string, signal?: AbortSignal) =>
  api.get(`/organizations/${encodeURIComponent(id)}`, OrganizationDetailSchema, { signal });

export const organizationQuery = (id: string) =>
  queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => fetchOrganization(id, signal),
    // The page shows a not-found state or a load-error card instead of the generic toast.
    meta: { silent: true },
  });

/** GET /organizations/:id: its details, administrators and counts (members and Super Administrator). */
export const useOrganization = (id: string) => useQuery(organizationQuery(id));

import { useQuery } from '@tanstack/react-query';
import { OrganizationDetailSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { organizationKeys } from '../../../lib/query-keys.ts';

/**
 * The name of one organization (GET /organizations/:id, the organization page's query and cache
 * entry): what the Super Administrator's picker shows for an organization named in the address.
 */
export const useOrganizationName = (id: string | null) =>
  useQuery({
    queryKey: organizationKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/organizations/${encodeURIComponent(id ?? '')}`, OrganizationDetailSchema, { signal }),
    enabled: Boolean(id),
    meta: { silent: true },
    select: (organization) => organization.name,
  });

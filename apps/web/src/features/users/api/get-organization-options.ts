import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { OrganizationListSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/format.ts';

/** How many organizations the picker lists at once; typing narrows them on the server. */
const OPTIONS_PAGE_SIZE = 20;

export const organizationOptionKeys = {
  all: ['users', 'organization-options'] as const,
  search: (search: string) => ['users', 'organization-options', search] as const,
};

/**
 * The organizations a Super Administrator can add a user to (GET /organizations, theirs only), as
 * picker options. Kept under the users keys: this feature's own use of that list.
 */
export const organizationOptionsQuery = (search: string) =>
  queryOptions({
    queryKey: organizationOptionKeys.search(search),
    queryFn: ({ signal }) =>
      api.get(
        `/organizations${toQueryString({ search: search.trim(), pageSize: OPTIONS_PAGE_SIZE, sort: 'name' })}`,
        OrganizationListSchema,
        { signal },
      ),
    placeholderData: keepPreviousData,
    // The picker says 'Failed to fetch organizations' under itself.
    meta: { silent: true },
    select: (list) =>
      list.items.map((organization) => ({ value: organization.id, label: organization.name })),
  });

export const useOrganizationOptions = (search: string, enabled: boolean) =>
  useQuery({ ...organizationOptionsQuery(search), enabled });

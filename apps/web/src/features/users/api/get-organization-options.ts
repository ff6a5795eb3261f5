import { useQuery } from '@tanstack/react-query';
import { organizationsQuery } from '../../../lib/organization-list.ts';

/** How many organizations the picker lists at once; typing narrows them on the server. */
const OPTIONS_PAGE_SIZE = 20;

/**
 * The organizations a Super Administrator can add a user to, as picker options: the first page of
 * the organization list by name (the same query and cache entry as the organizations screen's).
 * The picker says 'Failed to fetch organizations' under itself.
 */
export const useOrganizationOptions = (search: string, enabled: boolean) =>
  useQuery({
    ...organizationsQuery({ search, page: 1, pageSize: OPTIONS_PAGE_SIZE, sort: 'name', order: 'asc' }),
    enabled,
    select: (list) =>
      list.items.map((organization) => ({ value: organization.id, label: organization.name })),
  });

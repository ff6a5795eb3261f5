import { useQuery } from '@tanstack/react-query';
import { organizationsQuery, type OrganizationListParams } from '../../../lib/organization-list.ts';

/** GET /organizations (Super Administrator): searched, sorted and paginated on the server. */
export const useOrganizations = (params: OrganizationListParams, enabled = true) =>
  useQuery({ ...organizationsQuery(params), enabled });

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SchoolSignInSettingsSchema,
  SchoolSignInTestResultSchema,
  type SaveSchoolSignInInput,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { organizationKeys } from '../../../lib/query-keys.ts';

const path = (id: string) => `/organizations/${encodeURIComponent(id)}/school-sign-in`;

export const schoolSignInQuery = (id: string) =>
  queryOptions({
    queryKey: organizationKeys.schoolSignIn(id),
    queryFn: ({ signal }) => api.get(path(id), SchoolSignInSettingsSchema, { signal }),
    meta: { silent: true },
  });

/** GET: the organization's own provider, without its client secret (docs/product/school-sign-in.md). */
export const useSchoolSignIn = (id: string) => useQuery(schoolSignInQuery(id));

/** PUT: saves it; the form shows field errors and the reason itself. */
export function useSaveSchoolSignIn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSchoolSignInInput) => api.put(path(id), input, SchoolSignInSettingsSchema),
    meta: { silent: true },
    onSuccess: (saved) => queryClient.setQueryData(organizationKeys.schoolSignIn(id), saved),
  });
}

/** POST .../test: fetches the provider's discovery document. */
export function useTestSchoolSignIn(id: string) {
  return useMutation({
    mutationFn: (issuer: string) => api.post(`${path(id)}/test`, { issuer }, SchoolSignInTestResultSchema),
    meta: { silent: true },
  });
}

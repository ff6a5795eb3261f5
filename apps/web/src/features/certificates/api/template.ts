import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { CertificateTemplateResponseSchema, type CertificateTemplateBody } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { certificateKeys } from '../../../lib/query-keys.ts';

/** GET /certificates/template: the organization's template (the default until one is saved). */
export const templateQuery = () =>
  queryOptions({
    queryKey: certificateKeys.template(),
    queryFn: async ({ signal }) =>
      (await api.get('/certificates/template', CertificateTemplateResponseSchema, { signal })).data,
    meta: { silent: true },
  });

export const useCertificateTemplate = () => useQuery(templateQuery());

export function useSaveTemplate() {
  return useMutation({
    mutationFn: async (body: CertificateTemplateBody) =>
      (await api.put('/certificates/template', body, CertificateTemplateResponseSchema)).data,
    meta: { silent: true, invalidates: [certificateKeys.template()] },
  });
}

/** PNG or JPEG, at most 1 MB (CERTIFICATE_LIMITS.logoMaxBytes); the server checks the content too. */
export function useUploadLogo() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return (
        await api.request({
          method: 'PUT',
          path: '/certificates/template/logo',
          body: form,
          schema: CertificateTemplateResponseSchema,
        })
      ).data;
    },
    meta: { silent: true, invalidates: [certificateKeys.template()] },
  });
}

export function useRemoveLogo() {
  return useMutation({
    mutationFn: async () =>
      (await api.delete('/certificates/template/logo', CertificateTemplateResponseSchema)).data,
    meta: { silent: true, invalidates: [certificateKeys.template()] },
  });
}

/** The logo image (it needs the token, so it is fetched as a Blob), keyed by its storage key. */
export const useTemplateLogo = (logoKey: string | null) =>
  useQuery({
    queryKey: certificateKeys.logo(logoKey ?? ''),
    queryFn: ({ signal }) => api.download('/certificates/template/logo', { signal }),
    enabled: Boolean(logoKey),
    meta: { silent: true },
    staleTime: Infinity,
  });

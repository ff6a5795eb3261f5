import { useMutation, useQuery } from '@tanstack/react-query';
import { CertificateRuleResponseSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { certificateKeys } from '../../../lib/query-keys.ts';

const rulePath = (assessmentId: string) => `/certificates/rules/${encodeURIComponent(assessmentId)}`;

/** Whether the assessment gives a certificate automatically when a student passes. */
export const useCertificateRule = (assessmentId: string | null) =>
  useQuery({
    queryKey: certificateKeys.rule(assessmentId ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get(rulePath(assessmentId!), CertificateRuleResponseSchema, { signal })).data,
    enabled: Boolean(assessmentId),
    meta: { silent: true },
  });

export function useSetCertificateRule() {
  return useMutation({
    mutationFn: async ({ assessmentId, autoGive }: { assessmentId: string; autoGive: boolean }) =>
      (await api.put(rulePath(assessmentId), { autoGive }, CertificateRuleResponseSchema)).data,
    meta: { silent: true, invalidates: [certificateKeys.all] },
  });
}

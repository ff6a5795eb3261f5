import { useQuery } from '@tanstack/react-query';
import { CertificateVerificationResponseSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { certificateKeys } from '../../../lib/query-keys.ts';

/** GET /certificates/verify/:code (public): what the certificate states, or 404 certificate_not_found. */
export const useVerification = (code: string) =>
  useQuery({
    queryKey: certificateKeys.verification(code),
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `/certificates/verify/${encodeURIComponent(code)}`,
          CertificateVerificationResponseSchema,
          { signal },
        )
      ).data,
    meta: { silent: true },
    retry: false,
  });

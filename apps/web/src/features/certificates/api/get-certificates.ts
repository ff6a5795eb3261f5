import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CertificateListSchema, type CertificateStatus } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/format.ts';
import { certificateKeys } from '../../../lib/query-keys.ts';

/** One page of certificates: an Administrator's organization's (filtered), or a Student's own. */
export interface CertificateListParams {
  page: number;
  pageSize: number;
  assessmentId?: string;
  status?: CertificateStatus;
  /** The student's name (or a whole verification code). */
  search?: string;
}

export const certificateListPath = (params: CertificateListParams) =>
  `/certificates${toQueryString({ ...params, search: params.search?.trim() })}`;

/** GET /certificates, newest first. */
export const certificatesQuery = (params: CertificateListParams) =>
  queryOptions({
    queryKey: certificateKeys.list(params),
    queryFn: ({ signal }) => api.get(certificateListPath(params), CertificateListSchema, { signal }),
    placeholderData: keepPreviousData,
    // The screens show a load-error card with a retry instead of a toast.
    meta: { silent: true },
  });

export const useCertificates = (params: CertificateListParams, enabled = true) =>
  useQuery({ ...certificatesQuery(params), enabled });
